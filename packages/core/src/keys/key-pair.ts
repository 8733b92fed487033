import { compressExportedPublicKey } from '../crypto/p256.js';
import { bytesToHex } from '../encoding/hex.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { getSubtle } from '../internal/web-crypto.js';

/**
 * What a key pair is for: `signing` (ECDSA: session keys, the OTP TEK, stamps) or `decryption`
 * (ECDH: the `clientPublicKey` of a sealed session key or an export, docs/protocol.md §7, §8).
 */
export type KeyPurpose = 'signing' | 'decryption';

/**
 * A P-256 key pair whose private half is a non-extractable `CryptoKey`, with its public key
 * precomputed in both wire forms. Structurally a `CryptoKeyPair`.
 */
export interface P256KeyPair<Purpose extends KeyPurpose = KeyPurpose> {
  /** `signing` (ECDSA) or `decryption` (ECDH). */
  readonly purpose: Purpose;
  /** The non-extractable private key. */
  readonly privateKey: CryptoKey;
  /** The public key. */
  readonly publicKey: CryptoKey;
  /** pub65, lowercase hex (130 chars). */
  readonly publicKeyHex: string;
  /** pub33, lowercase hex (66 chars). */
  readonly compressedPublicKeyHex: string;
}

/** A non-extractable ECDSA P-256 key pair: a session key, OTP TEK or client-held key. */
export type SigningKeyPair = P256KeyPair<'signing'>;

/** A non-extractable ECDH P-256 key pair: the recipient of a sealed key or an export bundle. */
export type DecryptionKeyPair = P256KeyPair<'decryption'>;

const algorithmName = { signing: 'ECDSA', decryption: 'ECDH' } as const;
const privateUsages: Record<KeyPurpose, KeyUsage[]> = {
  signing: ['sign'],
  decryption: ['deriveBits'],
};

/**
 * Wraps a WebCrypto P-256 key pair, refusing an extractable private key (catalogue KEY-02).
 * @param keyPair - A `CryptoKeyPair` of ECDSA (signing) or ECDH (decryption) P-256 keys.
 * @throws WalletAuthError `KEY_EXTRACTABLE` when the private key is extractable;
 * `KEY_USAGE_INVALID` when the keys are not P-256 of one algorithm with the needed usage.
 */
export function describeKeyPair(keyPair: CryptoKeyPair): Promise<P256KeyPair> {
  return describe(keyPair, undefined);
}

/**
 * `describeKeyPair` for a pair the kit has just imported from the pub65 `raw`, so its public key
 * is not exported again. Internal: `raw` must be the bytes the public key was imported from.
 * @param keyPair - The imported pair.
 * @param raw - Its public key, pub65.
 */
export function describeImportedKeyPair(
  keyPair: CryptoKeyPair,
  raw: Uint8Array,
): Promise<P256KeyPair> {
  return describe(keyPair, raw);
}

async function describe(
  keyPair: CryptoKeyPair,
  known: Uint8Array | undefined,
): Promise<P256KeyPair> {
  const { privateKey, publicKey } = keyPair;
  if (privateKey.type !== 'private') {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'The private half is not a private key');
  }
  if (privateKey.extractable) {
    throw new WalletAuthError('KEY_EXTRACTABLE', 'The private key must be non-extractable');
  }
  const purpose = purposeOf(privateKey);
  const publicAlgorithm = publicKey.algorithm as EcKeyAlgorithm;
  if (
    publicKey.type !== 'public' ||
    publicAlgorithm.name !== privateKey.algorithm.name ||
    publicAlgorithm.namedCurve !== 'P-256'
  ) {
    throw new WalletAuthError('KEY_USAGE_INVALID', 'The public key does not fit the private key');
  }
  const raw = known ?? new Uint8Array(await getSubtle().exportKey('raw', publicKey));
  const description: P256KeyPair = Object.freeze({
    purpose,
    privateKey,
    publicKey,
    publicKeyHex: bytesToHex(raw),
    compressedPublicKeyHex: compressExportedPublicKey(raw),
  });
  described.add(description);
  return description;
}

/**
 * Descriptions made by `describeKeyPair`: frozen, and their keys' algorithm, usages and
 * extractability cannot change, so they stay true.
 */
const described = new WeakSet<P256KeyPair>();

/**
 * Tells whether a key pair is a description `describeKeyPair` made (not a copy or a hand-built
 * object), so that a key store can save it without exporting its public key again.
 * @param keyPair - Candidate description.
 */
export function isDescribedKeyPair(keyPair: P256KeyPair): boolean {
  return described.has(keyPair);
}

/**
 * Tells what a private key is for, from its algorithm and usages.
 * @param privateKey - A P-256 private key.
 * @throws WalletAuthError `KEY_USAGE_INVALID` for anything else.
 */
export function purposeOf(privateKey: CryptoKey): KeyPurpose {
  const algorithm = privateKey.algorithm as EcKeyAlgorithm;
  if (privateKey.type === 'private' && algorithm.namedCurve === 'P-256') {
    for (const purpose of ['signing', 'decryption'] as const) {
      if (
        algorithm.name === algorithmName[purpose] &&
        privateUsages[purpose].every((usage) => privateKey.usages.includes(usage))
      ) {
        return purpose;
      }
    }
  }
  throw new WalletAuthError('KEY_USAGE_INVALID', 'The key is not a usable P-256 private key');
}

async function generate<Purpose extends KeyPurpose>(
  purpose: Purpose,
): Promise<P256KeyPair<Purpose>> {
  const keyPair = await getSubtle().generateKey(
    { name: algorithmName[purpose], namedCurve: 'P-256' },
    false,
    privateUsages[purpose].concat(purpose === 'signing' ? ['verify'] : []),
  );
  return (await describeKeyPair(keyPair)) as P256KeyPair<Purpose>;
}

/**
 * Generates a fresh non-extractable ECDSA P-256 key pair (a session key, the OTP TEK of
 * docs/protocol.md §5, or a client-held key of §15). Its private key can sign, never be exported.
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 * @example
 * ```ts
 * const tek = await generateSigningKeyPair();
 * tek.publicKeyHex; // pub65 sent in the OTP plaintext
 * ```
 */
export function generateSigningKeyPair(): Promise<SigningKeyPair> {
  return generate('signing');
}

/**
 * Generates a fresh non-extractable ECDH P-256 key pair whose `publicKeyHex` is the
 * `clientPublicKey` of a sealed session key (docs/protocol.md §7) or an export (§8).
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 */
export function generateDecryptionKeyPair(): Promise<DecryptionKeyPair> {
  return generate('decryption');
}
