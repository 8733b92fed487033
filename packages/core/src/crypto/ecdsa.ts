import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { getSubtle, toArrayBuffer } from '../internal/web-crypto.js';
import {
  type EcdsaSignature,
  p1363ToLowSDerHex,
  parseDerSignature,
  signatureToP1363,
} from './der.js';
import { P256_ORDER, type PublicKeyInput, toUncompressedPublicKey } from './p256.js';

const ecdsaSha256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const ecdsaP256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * Verification keys already imported, by SubtleCrypto and public-key text: a sign-in verifies
 * against the same pinned enclave key twice (bundle and token), so the key is checked, decompressed
 * and imported once. Public data only; a few entries, oldest dropped first.
 */
const verifyKeys = new WeakMap<SubtleCrypto, Map<string, Promise<CryptoKey>>>();
const VERIFY_KEY_CACHE_SIZE = 8;

function verifyKeyFor(subtle: SubtleCrypto, publicKey: PublicKeyInput): Promise<CryptoKey> {
  const id = typeof publicKey === 'string' ? publicKey.toLowerCase() : undefined;
  const load = () =>
    subtle.importKey('raw', toUncompressedPublicKey(publicKey), ecdsaP256, true, ['verify']);
  if (id === undefined) {
    return load();
  }
  let cache = verifyKeys.get(subtle);
  if (cache === undefined) {
    cache = new Map();
    verifyKeys.set(subtle, cache);
  }
  const cached = cache.get(id);
  if (cached !== undefined) {
    return cached;
  }
  const key = load();
  cache.set(id, key);
  key.catch(() => cache.delete(id));
  if (cache.size > VERIFY_KEY_CACHE_SIZE) {
    const [oldest] = cache.keys();
    if (oldest !== undefined) {
      cache.delete(oldest);
    }
  }
  return key;
}

/**
 * Checks that a key is a P-256 ECDSA private key allowed to sign (catalogue KEY-18).
 * @param key - Candidate key.
 * @throws WalletAuthError `KEY_USAGE_INVALID` for an ECDH key, a public key or another curve.
 */
export function assertSigningKey(key: CryptoKey): void {
  const algorithm = key.algorithm as EcKeyAlgorithm;
  if (
    key.type !== 'private' ||
    algorithm.name !== 'ECDSA' ||
    algorithm.namedCurve !== 'P-256' ||
    !key.usages.includes('sign')
  ) {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'The key is not a P-256 ECDSA signing key');
  }
}

/**
 * Signs bytes with ECDSA P-256/SHA-256 through WebCrypto and returns low-S DER hex (docs/protocol.md §2).
 * @param privateKey - A non-extractable ECDSA P-256 private key.
 * @param message - The exact bytes to sign (hashed by WebCrypto).
 * @throws WalletAuthError `KEY_USAGE_INVALID` when the key cannot sign; `INSECURE_CONTEXT`.
 */
export async function signMessage(privateKey: CryptoKey, message: Uint8Array): Promise<string> {
  assertSigningKey(privateKey);
  const subtle = getSubtle();
  let raw: ArrayBuffer;
  try {
    raw = await subtle.sign(ecdsaSha256, privateKey, toArrayBuffer(message));
  } catch (cause) {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'WebCrypto refused to sign with this key', {
      cause,
    });
  }
  return p1363ToLowSDerHex(new Uint8Array(raw));
}

function inRange(value: bigint): boolean {
  return value >= 1n && value < P256_ORDER;
}

/** Parameters of `verifyMessageSignature`. */
export interface VerifyMessageSignatureParams {
  /** The signer's public key, pub33 or pub65. */
  publicKey: PublicKeyInput;
  /** DER signature (hex or bytes) or parsed integers; high-S accepted. */
  signature: string | Uint8Array | EcdsaSignature;
  /** The signed bytes (hashed with SHA-256 here). */
  message: Uint8Array;
}

/**
 * Verifies an ECDSA P-256/SHA-256 signature through WebCrypto, accepting high-S (docs/protocol.md §2).
 * Returns false for a signature that is not strict DER with 1 ≤ r, s < n.
 * @param params - Public key, signature and message.
 * @throws WalletAuthError `PUBLIC_KEY_INVALID` when the key is not a point.
 */
export async function verifyMessageSignature(
  params: VerifyMessageSignatureParams,
): Promise<boolean> {
  const signature =
    typeof params.signature === 'string' || params.signature instanceof Uint8Array
      ? parseDerSignature(params.signature)
      : params.signature;
  const subtle = getSubtle();
  const key = verifyKeyFor(subtle, params.publicKey);
  if (!signature || !inRange(signature.r) || !inRange(signature.s)) {
    // The key is checked first: an invalid one throws PUBLIC_KEY_INVALID even here.
    await key;
    return false;
  }
  return subtle.verify(
    ecdsaSha256,
    await key,
    signatureToP1363(signature),
    toArrayBuffer(params.message),
  );
}
