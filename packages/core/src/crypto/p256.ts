import { weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { bytesToHex, hexToBytes, isHex } from '../encoding/hex.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { bytesToBigInt } from '../internal/bytes.js';

// NIST P-256 domain parameters (SEC 2 §2.4.2). Only the point arithmetic of @noble/curves is
// bundled, not its ECDSA (WebCrypto signs); tests compare every result with noble's `p256`.
const p256Point = /* @__PURE__ */ weierstrass({
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  h: 1n,
  a: 0xffffffff00000001000000000000000000000000fffffffffffffffffffffffcn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  Gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
  Gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
});

/** The order n of the P-256 group. */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/** A P-256 public key as hex text (pub33 or pub65, any case) or as SEC1 bytes. */
export type PublicKeyInput = string | Uint8Array;

function toPoint(key: PublicKeyInput) {
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
  try {
    // fromBytes checks the prefix, the length and that the point is on the curve (RFC 9180 §7.1.4).
    return p256Point.fromBytes(bytes);
  } catch (cause) {
    throw new WalletAuthError('PUBLIC_KEY_INVALID', 'Public key is not a P-256 point', { cause });
  }
}

/**
 * Validates a P-256 public key and returns it uncompressed (pub65 bytes, wire-format notation).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function toUncompressedPublicKey(key: PublicKeyInput): Uint8Array<ArrayBuffer> {
  return new Uint8Array(toPoint(key).toBytes(false));
}

/**
 * Compresses a P-256 public key to pub33 hex, lowercase (wire-format §2: stamps carry pub33).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function compressPublicKey(key: PublicKeyInput): string {
  return bytesToHex(toPoint(key).toBytes(true));
}

/**
 * Decompresses a P-256 public key to pub65 hex, lowercase (wire-format §3: HPKE needs pub65).
 * @param key - pub33 or pub65, hex or bytes.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when it is not a point on the curve.
 */
export function decompressPublicKey(key: PublicKeyInput): string {
  return bytesToHex(toPoint(key).toBytes(false));
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
 * Compares two public keys as points, never as strings (wire-format notation); invalid keys are unequal.
 * @param a - First key.
 * @param b - Second key.
 */
export function publicKeysEqual(a: PublicKeyInput, b: PublicKeyInput): boolean {
  try {
    return toPoint(a).equals(toPoint(b));
  } catch {
    return false;
  }
}

/**
 * Tells whether 32 bytes are a valid P-256 private scalar, 1 ≤ d < n (wire-format §7).
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
 * Computes the pub65 of a private scalar, d·G (wire-format §7: the public half of a sealed key).
 * @param scalar - 32 bytes with 1 ≤ d < n, checked by the caller.
 */
export function publicKeyFromScalar(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(p256Point.BASE.multiply(bytesToBigInt(scalar)).toBytes(false));
}
