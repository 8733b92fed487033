/**
 * The `Service-Wallet-Signature` stamp (docs/protocol.md §2): `b64url(UTF-8 JSON)` of
 * `{publicKey, scheme, signature}` — parsed strictly, verified over the exact payload bytes.
 */
import { type EcdsaSignature, parseDerSignature } from './der.js';
import { fromBase64url, fromHex, fromUtf8, isJsonObject, parseJson, utf8 } from './encoding.js';
import {
  P256_ORDER,
  type P256Point,
  parsePoint,
  verifySignature,
  verifySignatureWebCrypto,
} from './p256.js';

/** The only accepted `scheme`. */
export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

/** A stamp that parsed: its key as a point and its signature as integers. */
export interface ParsedStamp {
  publicKey: P256Point;
  signature: EcdsaSignature;
}

/**
 * Parses a header value; `undefined` means `WALLET_SIGNATURE_MALFORMED` (§2: not b64url JSON with
 * three string members, wrong scheme, key not a point, signature not strict DER with 1 ≤ r,s < n).
 * Extra members are ignored.
 */
export function parseStamp(
  headerValue: string,
  pointOf: (hex: string) => P256Point | undefined = parsePoint,
): ParsedStamp | undefined {
  const bytes = fromBase64url(headerValue);
  const text = bytes === undefined ? undefined : fromUtf8(bytes);
  const json = text === undefined ? undefined : parseJson(text);
  if (!isJsonObject(json)) {
    return undefined;
  }
  const { publicKey, scheme, signature } = json;
  if (
    typeof publicKey !== 'string' ||
    typeof scheme !== 'string' ||
    typeof signature !== 'string'
  ) {
    return undefined;
  }
  if (scheme !== STAMP_SCHEME) {
    return undefined;
  }
  const point = pointOf(publicKey);
  const der = fromHex(signature);
  const parsed = der === undefined ? undefined : parseDerSignature(der);
  if (point === undefined || parsed === undefined) {
    return undefined;
  }
  if (parsed.r < 1n || parsed.r >= P256_ORDER || parsed.s < 1n || parsed.s >= P256_ORDER) {
    return undefined;
  }
  return { publicKey: point, signature: parsed };
}

/** True when the stamp's signature verifies over the UTF-8 bytes of `payload` exactly as issued. */
export function verifyStamp(stamp: ParsedStamp, payload: string): boolean {
  return verifySignature(stamp.signature, utf8(payload), stamp.publicKey);
}

/** {@link verifyStamp} on WebCrypto (native): what the request paths use. */
export function verifyStampWebCrypto(stamp: ParsedStamp, payload: string): Promise<boolean> {
  return verifySignatureWebCrypto(stamp.signature, utf8(payload), stamp.publicKey);
}
