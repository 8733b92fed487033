/**
 * Structure check of a stamp before it is forwarded (BFF-34): base64url (no padding) of a JSON
 * object with exactly `publicKey`, `scheme` and `signature`, where `publicKey` is a P-256 point
 * in hex (33-byte compressed or 65-byte uncompressed SEC 1 encoding), `scheme` is
 * `SIGNATURE_SCHEME_TK_API_P256` and `signature` is a DER `SEQUENCE { INTEGER r, INTEGER s }`
 * in hex with minimal encodings. No cryptography: the service verifies the signature; the proxy
 * only refuses anything that cannot be a stamp (e.g. a sandbox's magic constant).
 */
import { fromBase64Url } from '../security/base64url.js';

/** The one signature scheme a stamp names. */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

const MAX_STAMP_CHARACTERS = 1024;
const PUBLIC_KEY = /^(?:0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** Reads one DER INTEGER at `offset`: a positive, minimally encoded value of 1 to 32 bytes. */
function derInteger(bytes: Uint8Array, offset: number): number | undefined {
  if (bytes[offset] !== 0x02) {
    return undefined;
  }
  const length = bytes[offset + 1];
  if (length === undefined || length < 1 || length > 33 || offset + 2 + length > bytes.length) {
    return undefined;
  }
  const first = bytes[offset + 2]!;
  const second = bytes[offset + 3];
  if (first & 0x80) {
    return undefined; // negative
  }
  if (first === 0 && (length === 1 || second === undefined || (second & 0x80) === 0)) {
    return undefined; // zero, or a leading zero that is not needed
  }
  if (length === 33 && first !== 0) {
    return undefined; // wider than the curve order
  }
  return offset + 2 + length;
}

/** True when `hex` is a DER ECDSA signature shape: `30 len 02 len r 02 len s`, nothing after. */
export function isDerSignatureHex(hex: string): boolean {
  if (!HEX.test(hex) || hex.length > 2 * 72 || hex.length < 2 * 8) {
    return false;
  }
  const bytes = Uint8Array.from(hex.match(/../g)!, (pair) => Number.parseInt(pair, 16));
  if (bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2) {
    return false;
  }
  const afterR = derInteger(bytes, 2);
  return afterR !== undefined && derInteger(bytes, afterR) === bytes.length;
}

/** True when `value` has the structure of a stamp header value. */
export function isStampShaped(value: string): boolean {
  if (value.length > MAX_STAMP_CHARACTERS || !/^[A-Za-z0-9_-]+$/.test(value)) {
    return false;
  }
  const bytes = fromBase64Url(value);
  if (bytes === undefined) {
    return false;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return false;
  }
  const members = Object.keys(parsed).sort();
  const stamp = parsed as Record<string, unknown>;
  return (
    members.join(',') === 'publicKey,scheme,signature' &&
    typeof stamp.publicKey === 'string' &&
    PUBLIC_KEY.test(stamp.publicKey) &&
    stamp.scheme === STAMP_SCHEME &&
    typeof stamp.signature === 'string' &&
    isDerSignatureHex(stamp.signature)
  );
}
