import { DER } from '@noble/curves/abstract/weierstrass.js';
import { hexToBytes } from '../encoding/hex.js';
import { bigIntToBytes, bytesToBigInt } from '../internal/bytes.js';
import { P256_ORDER } from './p256.js';

/** An ECDSA P-256 signature as its two integers. */
export interface EcdsaSignature {
  r: bigint;
  s: bigint;
}

const halfOrder = P256_ORDER >> 1n;

/**
 * Returns the low-S form of a signature (s ≤ n/2), valid for every verifier (wire-format §2).
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

/**
 * Encodes a signature as DER `SEQUENCE{INTEGER r, INTEGER s}` hex, each integer minimal with a
 * `00` prefix when its top bit is set (wire-format §2).
 * @param signature - r and s.
 */
export function signatureToDerHex(signature: EcdsaSignature): string {
  return DER.hexFromSig(signature);
}

/**
 * Parses strict, minimal DER with 1 ≤ r, s < n (wire-format §2); returns `undefined` otherwise.
 * High-S is accepted (wire-format §2: verifiers MUST accept it).
 * @param der - DER bytes or hex.
 */
export function parseDerSignature(der: Uint8Array | string): EcdsaSignature | undefined {
  try {
    const bytes = typeof der === 'string' ? hexToBytes(der) : der;
    const { r, s } = DER.toSig(bytes, 33);
    if (r < 1n || r >= P256_ORDER || s < 1n || s >= P256_ORDER) {
      return undefined;
    }
    return { r, s };
  } catch {
    return undefined;
  }
}

/**
 * Converts WebCrypto's P1363 signature to low-S DER hex, the stamp's `signature` (wire-format §2).
 * @param raw - 64 bytes `r‖s`.
 */
export function p1363ToLowSDerHex(raw: Uint8Array): string {
  return signatureToDerHex(normalizeLowS(signatureFromP1363(raw)));
}
