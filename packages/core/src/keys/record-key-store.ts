import { publicKeysEqual } from '../crypto/p256.js';
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import { describeKeyPair, isDescribedKeyPair, type P256KeyPair } from './key-pair.js';
import type {
  CheckKeyHealthOptions,
  KeyHealth,
  KeyPersistence,
  KeyStore,
  SaveKeyOptions,
  StoredKey,
} from './key-store.js';
import { type KeyRecord, toKeyRecord, validateKeyRecord } from './validate-key-record.js';

/** Where records live: IndexedDB or a map. Failures are thrown as `WalletAuthError`s. */
export interface KeyRecordBackend {
  /** Current persistence; may open the database. */
  persistence(): Promise<KeyPersistence>;
  /** Why durable storage is unavailable, once known; `undefined` while it works. */
  unavailableError(): WalletAuthError | undefined;
  get(name: string): Promise<unknown>;
  set(name: string, record: KeyRecord): Promise<void>;
  delete(name: string): Promise<void>;
  clear(): Promise<void>;
}

const namespacePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The namespace used when none is configured. */
export const DEFAULT_KEY_NAMESPACE = 'wallet-auth';

/**
 * Validates a key-store namespace: 1–64 characters of letters, digits, `.`, `_`, `-`.
 * @param namespace - Candidate.
 * @throws WalletAuthError `CONFIGURATION_INVALID`.
 */
export function assertNamespace(namespace: string): void {
  if (!namespacePattern.test(namespace)) {
    throw new WalletAuthError(
      'CONFIGURATION_INVALID',
      'The key-store namespace must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
}

function assertId(id: string): void {
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) {
    throw new WalletAuthError('CONFIGURATION_INVALID', 'A key id must be 1–128 characters');
  }
}

/** Options of `createRecordKeyStore`. */
export interface RecordKeyStoreOptions {
  namespace: string;
  backend: KeyRecordBackend;
  now: () => number;
}

/**
 * Builds a `KeyStore` over a record backend: key names `<namespace>:<id>`, non-extractable keys
 * only, validation of every record read, health as a value.
 * @param options - Namespace, backend and clock.
 */
export function createRecordKeyStore(options: RecordKeyStoreOptions): KeyStore {
  const { namespace, backend, now } = options;
  assertNamespace(namespace);
  const nameOf = (id: string): string => {
    assertId(id);
    return `${namespace}:${id}`;
  };

  async function load(id: string): Promise<StoredKey | undefined> {
    const name = nameOf(id);
    const raw = await backend.get(name);
    if (raw === undefined) {
      return undefined;
    }
    const record = await validateKeyRecord(raw);
    if (!record) {
      await backend.delete(name);
      throw new WalletAuthError(
        'KEY_STORE_CORRUPT',
        'A stored key was unusable and has been deleted',
        {
          details: { id },
        },
      );
    }
    const keyPair = await describeKeyPair({
      privateKey: record.privateKey,
      publicKey: record.publicKey,
    });
    return { id, keyPair, createdAt: record.createdAt, metadata: record.metadata };
  }

  return {
    namespace,
    getPersistence: () => backend.persistence(),

    async save(
      id: string,
      keyPair: P256KeyPair,
      saveOptions: SaveKeyOptions = {},
    ): Promise<StoredKey> {
      const name = nameOf(id);
      // Re-derive a description this kit did not make: refuses extractable or mismatched keys
      // before any write (KEY-02). One it made is frozen and true (no second public-key export).
      const checked = isDescribedKeyPair(keyPair)
        ? keyPair
        : await describeKeyPair({ privateKey: keyPair.privateKey, publicKey: keyPair.publicKey });
      const record = toKeyRecord(checked, now(), saveOptions.metadata ?? {});
      await backend.set(name, record);
      return { id, keyPair: checked, createdAt: record.createdAt, metadata: record.metadata };
    },

    load,

    async checkHealth(id: string, healthOptions: CheckKeyHealthOptions = {}): Promise<KeyHealth> {
      let key: StoredKey | undefined;
      try {
        key = await load(id);
      } catch (error) {
        if (isWalletAuthError(error) && error.code === 'KEY_STORE_CORRUPT') {
          return { status: 'missing', reason: 'corrupt' };
        }
        const unavailable = isWalletAuthError(error)
          ? error
          : new WalletAuthError('KEY_STORE_UNAVAILABLE', 'The key store could not be read', {
              cause: error,
            });
        return { status: 'unsupported', error: unavailable };
      }
      if (!key) {
        const unavailable = backend.unavailableError();
        return unavailable
          ? { status: 'unsupported', error: unavailable }
          : { status: 'missing', reason: 'absent' };
      }
      if (
        healthOptions.expectedPublicKey !== undefined &&
        !publicKeysEqual(key.keyPair.publicKeyHex, healthOptions.expectedPublicKey)
      ) {
        return { status: 'mismatched', key };
      }
      return { status: 'present', key, persistence: await backend.persistence() };
    },

    delete: (id: string) => backend.delete(nameOf(id)),
    clear: () => backend.clear(),
  };
}
