import { publicKeysEqual } from '../crypto/p256.js';
import { equalBytes } from '../internal/bytes.js';
import { getSubtle, randomBytes } from '../internal/web-crypto.js';
import { describeKeyPair, type KeyPurpose, type P256KeyPair, purposeOf } from './key-pair.js';
import type { KeyMetadata } from './key-store.js';

/** The persisted shape: the `CryptoKey` objects themselves plus public, non-secret facts. */
export interface KeyRecord {
  readonly version: 1;
  readonly purpose: KeyPurpose;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** pub65 hex, to detect a public/private mismatch without exporting anything secret. */
  readonly publicKeyHex: string;
  readonly createdAt: number;
  readonly metadata: KeyMetadata;
}

function isCryptoKeyLike(value: unknown): value is CryptoKey {
  if (typeof CryptoKey === 'function' && value instanceof CryptoKey) {
    return true;
  }
  const key = value as Partial<CryptoKey> | null;
  return (
    typeof key === 'object' &&
    key !== null &&
    typeof key.type === 'string' &&
    typeof key.extractable === 'boolean' &&
    typeof key.algorithm === 'object' &&
    Array.isArray(key.usages)
  );
}

function isMetadata(value: unknown): value is KeyMetadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  return Object.values(value).every(
    (entry) => entry === null || ['string', 'number', 'boolean'].includes(typeof entry),
  );
}

// Proves the two halves belong together without exporting the private key (catalogue KEY-08).
async function halvesMatch(keyPair: P256KeyPair): Promise<boolean> {
  const subtle = getSubtle();
  if (keyPair.purpose === 'signing') {
    const message = randomBytes(32);
    const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
    const signature = await subtle.sign(algorithm, keyPair.privateKey, message);
    const verifier = await subtle.importKey(
      'raw',
      await subtle.exportKey('raw', keyPair.publicKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    return subtle.verify(algorithm, verifier, signature, message);
  }
  const probe = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  const ours = await subtle.deriveBits(
    { name: 'ECDH', public: probe.publicKey },
    keyPair.privateKey,
    256,
  );
  const theirs = await subtle.deriveBits(
    { name: 'ECDH', public: keyPair.publicKey },
    probe.privateKey,
    256,
  );
  return equalBytes(new Uint8Array(ours), new Uint8Array(theirs));
}

/**
 * Checks a record read from storage: the right shape, non-extractable P-256 keys of the recorded
 * purpose, the recorded public key, and halves that belong together (catalogue KEY-08).
 * Returns the key pair, or `undefined` when the record is corrupt.
 * @param value - Whatever storage returned.
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 */
export async function validateKeyRecord(value: unknown): Promise<KeyRecord | undefined> {
  // Without WebCrypto nothing can be checked: fail loudly rather than delete a good key as corrupt.
  getSubtle();
  const record = value as Partial<KeyRecord> | null;
  if (
    typeof record !== 'object' ||
    record === null ||
    record.version !== 1 ||
    (record.purpose !== 'signing' && record.purpose !== 'decryption') ||
    !isCryptoKeyLike(record.privateKey) ||
    !isCryptoKeyLike(record.publicKey) ||
    typeof record.publicKeyHex !== 'string' ||
    typeof record.createdAt !== 'number' ||
    !isMetadata(record.metadata)
  ) {
    return undefined;
  }
  try {
    if (record.privateKey.extractable || purposeOf(record.privateKey) !== record.purpose) {
      return undefined;
    }
    const keyPair = await describeKeyPair({
      privateKey: record.privateKey,
      publicKey: record.publicKey,
    });
    if (
      !publicKeysEqual(keyPair.publicKeyHex, record.publicKeyHex) ||
      !(await halvesMatch(keyPair))
    ) {
      return undefined;
    }
    return record as KeyRecord;
  } catch {
    return undefined;
  }
}

/**
 * Builds the record persisted for a key pair.
 * @param keyPair - A non-extractable pair (checked by `describeKeyPair`).
 * @param createdAt - Epoch ms.
 * @param metadata - Non-secret facts.
 */
export function toKeyRecord(
  keyPair: P256KeyPair,
  createdAt: number,
  metadata: KeyMetadata,
): KeyRecord {
  return {
    version: 1,
    purpose: keyPair.purpose,
    privateKey: keyPair.privateKey,
    publicKey: keyPair.publicKey,
    publicKeyHex: keyPair.publicKeyHex,
    createdAt,
    metadata: { ...metadata },
  };
}
