/**
 * P-256 helpers on @noble/curves: point parsing (pub65 and pub33, compared as points), key
 * generation from the injectable random source, and ECDSA over SHA-256 that accepts high-S
 * (docs/protocol.md §2: verifiers MUST accept it).
 */
import { p256 } from '@noble/curves/nist.js';
import { type EcdsaSignature, encodeDerSignature, parseDerSignature } from './der.js';
import { fromHex, toHex } from './encoding.js';

/** A validated P-256 point. */
export type P256Point = ReturnType<typeof p256.Point.fromHex>;

/** The group order n. */
export const P256_ORDER = p256.Point.Fn.ORDER;

/** `clientPublicKey` pub65 form (docs/protocol.md §15). */
export const PUB65_PATTERN = /^04[0-9a-fA-F]{128}$/;
/** `clientPublicKey` pub33 form (docs/protocol.md §15). */
export const PUB33_PATTERN = /^0[23][0-9a-fA-F]{64}$/;
/** The constraint pattern advertised in FieldErrors (docs/protocol.md §13 example). */
export const PUBLIC_KEY_PATTERN_TEXT = '^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$';

/** Parses pub65 or pub33 hex into a point on the curve; `undefined` otherwise (never infinity). */
export function parsePoint(hex: string): P256Point | undefined {
  if (!PUB65_PATTERN.test(hex) && !PUB33_PATTERN.test(hex)) {
    return undefined;
  }
  try {
    const point = p256.Point.fromHex(hex.toLowerCase());
    point.assertValidity();
    return point;
  } catch {
    return undefined;
  }
}

/** Parses raw point bytes (65 or 33). */
export function parsePointBytes(bytes: Uint8Array): P256Point | undefined {
  return parsePoint(toHex(bytes));
}

/** Compressed (pub33) lowercase hex of a point: the canonical key for comparisons. */
export function compressedHex(point: P256Point): string {
  return toHex(point.toBytes(true));
}

/** Uncompressed (pub65) lowercase hex of a point. */
export function uncompressedHex(point: P256Point): string {
  return toHex(point.toBytes(false));
}

/** A P-256 key pair held as raw bytes (the emulator's own keys only). */
export interface P256KeyPair {
  privateKey: Uint8Array;
  publicKey: P256Point;
}

/**
 * Derives a valid scalar from `random` (48 bytes reduced mod n, FIPS 186-5 A.2.1); its point comes
 * from `pointOf` (a backend's `publicKeyOf`), by default @noble/curves.
 */
export function generateKeyPair(
  random: (bytes: number) => Uint8Array,
  pointOf: (privateKey: Uint8Array) => P256Point = publicKeyOf,
): P256KeyPair {
  const privateKey = p256.utils.randomSecretKey(random(48));
  return { privateKey, publicKey: pointOf(privateKey) };
}

/** Imports a 32-byte hex scalar (option `enclaveSigningKey`). */
export function keyPairFromHex(hex: string): P256KeyPair {
  const privateKey = fromHex(hex);
  if (
    privateKey === undefined ||
    privateKey.length !== 32 ||
    !p256.utils.isValidSecretKey(privateKey)
  ) {
    throw new RangeError('Not a valid P-256 private scalar');
  }
  return { privateKey, publicKey: p256.Point.fromBytes(p256.getPublicKey(privateKey, false)) };
}

/** ECDSA-P256-SHA256 over `message`, as `(r, s)` (RFC 6979 nonce, low-S). */
export function signMessage(message: Uint8Array, privateKey: Uint8Array): EcdsaSignature {
  const compact = p256.sign(message, privateKey, { lowS: true });
  const signature = p256.Signature.fromBytes(compact, 'compact');
  return { r: signature.r, s: signature.s };
}

/** DER encoding of {@link signMessage}. */
export function signMessageDer(message: Uint8Array, privateKey: Uint8Array): Uint8Array {
  return encodeDerSignature(signMessage(message, privateKey));
}

/** Raw `r‖s` (64 bytes) encoding of {@link signMessage}, as JWS ES256 wants. */
export function signMessageRaw(message: Uint8Array, privateKey: Uint8Array): Uint8Array {
  return p256.sign(message, privateKey, { lowS: true });
}

/** Verifies ECDSA-P256-SHA256 over `message`; accepts high-S; `r`, `s` must be in [1, n). */
export function verifySignature(
  signature: EcdsaSignature,
  message: Uint8Array,
  key: P256Point,
): boolean {
  if (
    signature.r < 1n ||
    signature.r >= P256_ORDER ||
    signature.s < 1n ||
    signature.s >= P256_ORDER
  ) {
    return false;
  }
  try {
    const compact = new p256.Signature(signature.r, signature.s).toBytes('compact');
    return p256.verify(compact, message, key.toBytes(false), { lowS: false });
  } catch {
    return false;
  }
}

/** WebCrypto parameters of ECDSA P-256 key import. */
const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
/** WebCrypto parameters of ECDSA-SHA256 verification. */
const ECDSA_SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * {@link verifySignature} on WebCrypto (native, about 8× cheaper than the JS curve): the same
 * range checks, then `crypto.subtle.verify` over raw `r‖s`, which accepts high-S (docs/protocol.md §2).
 */
export async function verifySignatureWebCrypto(
  signature: EcdsaSignature,
  message: Uint8Array,
  key: P256Point,
): Promise<boolean> {
  if (
    signature.r < 1n ||
    signature.r >= P256_ORDER ||
    signature.s < 1n ||
    signature.s >= P256_ORDER
  ) {
    return false;
  }
  try {
    const compact = new p256.Signature(signature.r, signature.s).toBytes('compact');
    const publicKey = await crypto.subtle.importKey(
      'raw',
      key.toBytes(false) as Uint8Array<ArrayBuffer>,
      ECDSA_P256,
      false,
      ['verify'],
    );
    return await crypto.subtle.verify(
      ECDSA_SHA256,
      publicKey,
      compact as Uint8Array<ArrayBuffer>,
      message as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

/** Verifies a strict-DER signature; `false` for malformed DER too. */
export function verifyDerSignature(der: Uint8Array, message: Uint8Array, key: P256Point): boolean {
  const signature = parseDerSignature(der);
  return signature !== undefined && verifySignature(signature, message, key);
}

/** Public key of a scalar. */
export function publicKeyOf(privateKey: Uint8Array): P256Point {
  return p256.Point.fromBytes(p256.getPublicKey(privateKey, false));
}
