import { bytesToHex, hexToBytes, isHex } from '../encoding/hex.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { bigIntToBytes, bytesToBigInt } from '../internal/bytes.js';

// Public-key arithmetic only: decoding, validating and encoding SEC1 points of NIST P-256 (SEC 2
// §2.4.2) with BigInt field math over p. Every input here is public; nothing here touches a
// private key (WebCrypto signs, derives and decrypts). p256.test.ts checks every function
// against @noble/curves with fast-check. Hand-written rather than imported from @noble/curves
// (already a dependency) because this module is in every sign-in's first load: @noble/curves'
// p256 is about 15 KiB gzip, three quarters of the 20 KiB first-load budget; the few point
// operations needed here are a fraction of a kilobyte. @noble/curves is loaded on demand only
// where WebCrypto cannot compute a public key (keys/scalar-key-pair-noble.ts).
const fieldPrime = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const curveB = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** The order n of the P-256 group. */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** An affine point (x, y), both in [0, p). */
interface AffinePoint {
  x: bigint;
  y: bigint;
}

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let square = base;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) {
      result = (result * square) % fieldPrime;
    }
    square = (square * square) % fieldPrime;
  }
  return result;
}

/** y² of the curve equation y² = x³ − 3x + b (mod p), for 0 ≤ x < p. */
function curveRightSide(x: bigint): bigint {
  return (((((x * x) % fieldPrime) * x - 3n * x + curveB) % fieldPrime) + fieldPrime) % fieldPrime;
}

/**
 * The y of a compressed point: p ≡ 3 (mod 4), so a square root of y² is (y²)^((p+1)/4); the
 * prefix's low bit picks its parity (SEC 1 §2.3.4). Undefined when x is not on the curve.
 */
function decompressY(x: bigint, odd: boolean): bigint | undefined {
  const ySquared = curveRightSide(x);
  const y = modPow(ySquared, (fieldPrime + 1n) >> 2n);
  if ((y * y) % fieldPrime !== ySquared) {
    return undefined;
  }
  return ((y & 1n) === 1n) === odd ? y : (fieldPrime - y) % fieldPrime;
}

/**
 * Decodes a SEC1 point, pub33 (`02`/`03` ‖ x) or pub65 (`04` ‖ x ‖ y), checking that the
 * coordinates are field elements and the point is on the curve (RFC 9180 §7.1.4). P-256 has
 * cofactor 1, so every curve point other than infinity (not encodable here) is in the group.
 */
function decodePoint(bytes: Uint8Array): AffinePoint | undefined {
  const prefix = bytes[0];
  const x = bytesToBigInt(bytes.subarray(1, 33));
  if (x >= fieldPrime) {
    return undefined;
  }
  if (bytes.length === 33 && (prefix === 0x02 || prefix === 0x03)) {
    const y = decompressY(x, prefix === 0x03);
    return y === undefined ? undefined : { x, y };
  }
  if (bytes.length === 65 && prefix === 0x04) {
    const y = bytesToBigInt(bytes.subarray(33));
    return y < fieldPrime && (y * y) % fieldPrime === curveRightSide(x) ? { x, y } : undefined;
  }
  return undefined;
}

function encodePoint(point: AffinePoint, compressed: boolean): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(compressed ? 33 : 65);
  out[0] = compressed ? 0x02 | Number(point.y & 1n) : 0x04;
  out.set(bigIntToBytes(point.x, 32), 1);
  if (!compressed) {
    out.set(bigIntToBytes(point.y, 32), 33);
  }
  return out;
}

/** A P-256 public key as hex text (pub33 or pub65, any case) or as SEC1 bytes. */
export type PublicKeyInput = string | Uint8Array;

function toPoint(key: PublicKeyInput): AffinePoint {
  let bytes: Uint8Array;
  if (typeof key === 'string') {
    if (!isHex(key)) {
      throw new WalletAuthError('PUBLIC_KEY_INVALID', 'Public key is not hex');
    }
    bytes = hexToBytes(key);
  } else {
    bytes = key;
  }
  if (bytes.length !== 33 && bytes.length !== 65) {
    throw new WalletAuthError('PUBLIC_KEY_INVALID', 'Public key must be 33 or 65 bytes');
  }
  const point = decodePoint(bytes);
  if (point === undefined) {
    throw new WalletAuthError('PUBLIC_KEY_INVALID', 'Public key is not a P-256 point');
  }
  return point;
}

/**
 * Validates a P-256 public key and returns it uncompressed (pub65 bytes, docs/protocol.md, Notation).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function toUncompressedPublicKey(key: PublicKeyInput): Uint8Array<ArrayBuffer> {
  return encodePoint(toPoint(key), false);
}

/**
 * Compresses a P-256 public key to pub33 hex, lowercase (docs/protocol.md §2: stamps carry pub33).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function compressPublicKey(key: PublicKeyInput): string {
  return bytesToHex(encodePoint(toPoint(key), true));
}

/**
 * Compresses the pub65 WebCrypto exported for a P-256 key to pub33 hex: a point already, so its
 * prefix comes from y's last byte without the field arithmetic of `compressPublicKey`. Anything
 * but 65 bytes starting `04` goes through `compressPublicKey` (and its errors).
 * @param exported - `exportKey('raw')` of a P-256 public key.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a pub65 point.
 */
export function compressExportedPublicKey(exported: Uint8Array): string {
  if (exported.length !== 65 || exported[0] !== 0x04) {
    return compressPublicKey(exported);
  }
  return (
    (((exported[64] as number) & 1) === 1 ? '03' : '02') + bytesToHex(exported.subarray(1, 33))
  );
}

/**
 * Decompresses a P-256 public key to pub65 hex, lowercase (docs/protocol.md §3: HPKE needs pub65).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function decompressPublicKey(key: PublicKeyInput): string {
  return bytesToHex(encodePoint(toPoint(key), false));
}

/**
 * Tells whether a value is a valid P-256 public key (pub33 or pub65).
 * @param key - Candidate key, hex or bytes.
 */
export function isPublicKey(key: PublicKeyInput): boolean {
  try {
    toPoint(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compares two public keys as points, never as strings (docs/protocol.md, Notation); invalid keys are unequal.
 * @param a - First key.
 * @param b - Second key.
 */
export function publicKeysEqual(a: PublicKeyInput, b: PublicKeyInput): boolean {
  try {
    const first = toPoint(a);
    const second = toPoint(b);
    return first.x === second.x && first.y === second.y;
  } catch {
    return false;
  }
}

/**
 * Tells whether 32 bytes are a valid P-256 private scalar, 1 ≤ d < n (docs/protocol.md §7).
 * @param scalar - Big-endian candidate.
 */
export function isPrivateScalar(scalar: Uint8Array): boolean {
  if (scalar.length !== 32) {
    return false;
  }
  const value = bytesToBigInt(scalar);
  return value >= 1n && value < P256_ORDER;
}

/**
 * Returns the pub65 of the curve point with this x and y parity (SEC 1 §2.3.4), or `undefined`
 * when x is not the coordinate of a point. Internal: the import of a private scalar learns x of its
 * public key from WebCrypto and tries both parities.
 * @param x - 32 big-endian bytes.
 * @param odd - Whether y is odd.
 */
export function uncompressedPointFromX(
  x: Uint8Array,
  odd: boolean,
): Uint8Array<ArrayBuffer> | undefined {
  const xValue = bytesToBigInt(x);
  const y = x.length === 32 && xValue < fieldPrime ? decompressY(xValue, odd) : undefined;
  return y === undefined ? undefined : encodePoint({ x: xValue, y }, false);
}
