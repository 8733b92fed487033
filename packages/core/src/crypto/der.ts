import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { bigIntToBytes, bytesToBigInt } from '../internal/bytes.js';
import { P256_ORDER } from './p256.js';

// DER of ECDSA signatures, SEQUENCE { INTEGER r, INTEGER s } (X.690 §8.3, §10.1), for P-256 only:
// r and s are below n < 2^256, so each INTEGER holds at most 33 bytes and every length fits the
// short form. Signatures are public; der.test.ts checks both directions against @noble/curves'
// DER with fast-check.

/** An ECDSA P-256 signature as its two integers. */
export interface EcdsaSignature {
  r: bigint;
  s: bigint;
}

const halfOrder = P256_ORDER >> 1n;
const sequenceTag = 0x30;
const integerTag = 0x02;
const maxIntegerLength = 33;

/**
 * Returns the low-S form of a signature (s ≤ n/2), valid for every verifier (docs/protocol.md §2).
 * @param signature - r and s.
 */
export function normalizeLowS(signature: EcdsaSignature): EcdsaSignature {
  return signature.s > halfOrder ? { r: signature.r, s: P256_ORDER - signature.s } : signature;
}

/**
 * Splits WebCrypto's IEEE P1363 output `r‖s` (64 bytes) into integers.
 * @param raw - 64 bytes.
 */
export function signatureFromP1363(raw: Uint8Array): EcdsaSignature {
  if (raw.length !== 64) {
    throw new RangeError('A P-256 P1363 signature is 64 bytes');
  }
  return { r: bytesToBigInt(raw.subarray(0, 32)), s: bytesToBigInt(raw.subarray(32)) };
}

/**
 * Joins r and s into WebCrypto's IEEE P1363 form `r‖s` (64 bytes).
 * @param signature - r and s, each below n.
 */
export function signatureToP1363(signature: EcdsaSignature): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(64);
  out.set(bigIntToBytes(signature.r, 32), 0);
  out.set(bigIntToBytes(signature.s, 32), 32);
  return out;
}

/** The minimal two's-complement content of a non-negative INTEGER: no leading zero byte unless the top bit needs one. */
function integerContent(value: bigint): Uint8Array {
  if (value < 0n || value >= 1n << 256n) {
    throw new RangeError('A P-256 signature integer is between 0 and 2^256');
  }
  const bytes = bigIntToBytes(value, maxIntegerLength);
  let start = 0;
  while (
    start < maxIntegerLength - 1 &&
    bytes[start] === 0 &&
    !((bytes[start + 1] as number) & 0x80)
  ) {
    start++;
  }
  return bytes.subarray(start);
}

/**
 * Encodes a signature as DER `SEQUENCE{INTEGER r, INTEGER s}` hex, each integer minimal with a
 * `00` prefix when its top bit is set (docs/protocol.md §2).
 * @param signature - r and s.
 */
export function signatureToDerHex(signature: EcdsaSignature): string {
  const r = integerContent(signature.r);
  const s = integerContent(signature.s);
  const out = new Uint8Array(6 + r.length + s.length);
  out.set([sequenceTag, 4 + r.length + s.length, integerTag, r.length]);
  out.set(r, 4);
  out.set([integerTag, s.length], 4 + r.length);
  out.set(s, 6 + r.length);
  return bytesToHex(out);
}

/**
 * Reads one strict INTEGER at `offset`: short-form length of 1–33 bytes, not negative, no
 * unnecessary leading zero. Returns its value and the offset after it, or undefined.
 */
function readInteger(
  bytes: Uint8Array,
  offset: number,
  end: number,
): { value: bigint; next: number } | undefined {
  const length = bytes[offset + 1] ?? 0;
  const first = bytes[offset + 2] ?? 0;
  const next = offset + 2 + length;
  if (
    bytes[offset] !== integerTag ||
    length < 1 ||
    length > maxIntegerLength ||
    next > end ||
    first & 0x80 ||
    (length > 1 && first === 0 && !((bytes[offset + 3] as number) & 0x80))
  ) {
    return undefined;
  }
  return { value: bytesToBigInt(bytes.subarray(offset + 2, next)), next };
}

/**
 * Parses strict, minimal DER with 1 ≤ r, s < n (docs/protocol.md §2); returns `undefined` otherwise.
 * High-S is accepted (docs/protocol.md §2: verifiers MUST accept it).
 * @param der - DER bytes or hex.
 */
export function parseDerSignature(der: Uint8Array | string): EcdsaSignature | undefined {
  let bytes: Uint8Array;
  try {
    bytes = typeof der === 'string' ? hexToBytes(der) : der;
  } catch {
    return undefined;
  }
  // A long-form length would announce 128 bytes or more, more than two 33-byte integers fill.
  if (bytes[0] !== sequenceTag || bytes.length < 2 || bytes[1] !== bytes.length - 2) {
    return undefined;
  }
  const r = readInteger(bytes, 2, bytes.length);
  const s = r && readInteger(bytes, r.next, bytes.length);
  if (!r || !s || s.next !== bytes.length) {
    return undefined;
  }
  const inRange = (value: bigint) => value >= 1n && value < P256_ORDER;
  return inRange(r.value) && inRange(s.value) ? { r: r.value, s: s.value } : undefined;
}

/**
 * Converts WebCrypto's P1363 signature to low-S DER hex, the stamp's `signature` (docs/protocol.md §2).
 * @param raw - 64 bytes `r‖s`.
 */
export function p1363ToLowSDerHex(raw: Uint8Array): string {
  return signatureToDerHex(normalizeLowS(signatureFromP1363(raw)));
}
