/**
 * Strict DER for ECDSA signatures: `SEQUENCE { INTEGER r, INTEGER s }` with minimal lengths and
 * minimal, positive integers (docs/protocol.md §2: anything else is `WALLET_SIGNATURE_MALFORMED`).
 */

/** An ECDSA signature as two integers. */
export interface EcdsaSignature {
  r: bigint;
  s: bigint;
}

function readInteger(
  bytes: Uint8Array,
  offset: number,
): { value: bigint; next: number } | undefined {
  if (bytes[offset] !== 0x02) {
    return undefined;
  }
  const length = bytes[offset + 1];
  // Lengths of P-256 integers fit the short form; 0x80+ would be long form or indefinite.
  if (length === undefined || length === 0 || length > 0x7f) {
    return undefined;
  }
  const start = offset + 2;
  const end = start + length;
  if (end > bytes.length) {
    return undefined;
  }
  const first = bytes[start]!;
  if (first & 0x80) {
    return undefined; // negative
  }
  if (first === 0 && length > 1 && !(bytes[start + 1]! & 0x80)) {
    return undefined; // non-minimal leading zero
  }
  let value = 0n;
  for (let i = start; i < end; i++) {
    value = (value << 8n) | BigInt(bytes[i]!);
  }
  return { value, next: end };
}

/** Parses a strict DER signature; `undefined` when it is not exactly one minimal SEQUENCE of two INTEGERs. */
export function parseDerSignature(bytes: Uint8Array): EcdsaSignature | undefined {
  if (bytes.length < 8 || bytes[0] !== 0x30) {
    return undefined;
  }
  const length = bytes[1]!;
  if (length > 0x7f || length + 2 !== bytes.length) {
    return undefined;
  }
  const r = readInteger(bytes, 2);
  if (r === undefined) {
    return undefined;
  }
  const s = readInteger(bytes, r.next);
  if (s === undefined || s.next !== bytes.length) {
    return undefined;
  }
  return { r: r.value, s: s.value };
}

function encodeInteger(value: bigint): Uint8Array {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) {
    hex = `0${hex}`;
  }
  if (Number.parseInt(hex.slice(0, 2), 16) & 0x80) {
    hex = `00${hex}`;
  }
  const body = new Uint8Array(hex.length / 2);
  for (let i = 0; i < body.length; i++) {
    body[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  }
  return Uint8Array.of(0x02, body.length, ...body);
}

/** Encodes `(r, s)` as minimal DER. */
export function encodeDerSignature(signature: EcdsaSignature): Uint8Array {
  const r = encodeInteger(signature.r);
  const s = encodeInteger(signature.s);
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}
