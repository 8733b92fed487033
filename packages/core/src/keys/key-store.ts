import type { PublicKeyInput } from '../crypto/p256.js';
import type { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { P256KeyPair } from './key-pair.js';

/** Where a key store keeps keys: IndexedDB (survives reloads) or memory (lives as long as the tab). */
export type KeyPersistence = 'indexeddb' | 'memory';

/** Non-secret facts stored beside a key (e.g. a session id or `expiresAt`); never key material. */
export type KeyMetadata = Readonly<Record<string, string | number | boolean | null>>;

/** A key pair as read back from a store. */
export interface StoredKey {
  /** The caller's name for the slot, e.g. `session`. */
  readonly id: string;
  /** The non-extractable key pair. */
  readonly keyPair: P256KeyPair;
  /** When it was saved, epoch ms. */
  readonly createdAt: number;
  /** Non-secret metadata saved with it. */
  readonly metadata: KeyMetadata;
}

/**
 * The state of one key slot, as a value rather than an exception (issue 5):
 * `present`; `missing` (never saved, evicted, site data cleared — or a corrupt record, deleted,
 * catalogue KEY-08); `mismatched` (the stored key is not the session's public key); `unsupported`
 * (IndexedDB is blocked, e.g. private mode, so nothing can have survived a reload).
 */
export type KeyHealth =
  | { readonly status: 'present'; readonly key: StoredKey; readonly persistence: KeyPersistence }
  | { readonly status: 'missing'; readonly reason: 'absent' | 'corrupt' }
  | { readonly status: 'mismatched'; readonly key: StoredKey }
  | { readonly status: 'unsupported'; readonly error: WalletAuthError };

/** Options of `KeyStore.checkHealth`. */
export interface CheckKeyHealthOptions {
  /** The public key the session authorises; a stored key with another point is `mismatched`. */
  expectedPublicKey?: PublicKeyInput;
}

/** Options of `KeyStore.save`. */
export interface SaveKeyOptions {
  /** Non-secret facts kept beside the key. */
  metadata?: KeyMetadata;
}

/**
 * The key-store port (docs/contributing.md §2.1 `keys/`): non-extractable P-256 key pairs under
 * caller-chosen ids, with every storage name derived from `namespace`. The flows and the session
 * manager depend on this interface; `createIndexedDbKeyStore` and `createMemoryKeyStore` implement it.
 */
export interface KeyStore {
  /** The namespace every database and key name derives from. */
  readonly namespace: string;
  /** Where keys end up; an IndexedDB store reports `memory` once it has fallen back. */
  getPersistence(): Promise<KeyPersistence>;
  /**
   * Saves a key pair under `id`, replacing any previous one, in one write (catalogue KEY-07).
   * @throws WalletAuthError `KEY_EXTRACTABLE` (nothing written, KEY-02), `STORAGE_QUOTA` (KEY-06),
   * `KEY_STORE_UNAVAILABLE`.
   */
  save(id: string, keyPair: P256KeyPair, options?: SaveKeyOptions): Promise<StoredKey>;
  /**
   * Reads a key pair, or `undefined` when there is none.
   * @throws WalletAuthError `KEY_STORE_CORRUPT` (the record is deleted first, KEY-08),
   * `KEY_STORE_UNAVAILABLE`.
   */
  load(id: string): Promise<StoredKey | undefined>;
  /** Reports the slot's health as a value; never throws. */
  checkHealth(id: string, options?: CheckKeyHealthOptions): Promise<KeyHealth>;
  /**
   * Deletes one key (logout, revocation); deleting a missing key is not an error.
   * @throws WalletAuthError `KEY_STORE_UNAVAILABLE`.
   */
  delete(id: string): Promise<void>;
  /**
   * Deletes every key of this namespace, and only those.
   * @throws WalletAuthError `KEY_STORE_UNAVAILABLE`.
   */
  clear(): Promise<void>;
}
