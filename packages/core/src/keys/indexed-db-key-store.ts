import { clear, del, get, set } from 'idb-keyval';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { createIdbConnection, type IdbConnection } from './idb-connection.js';
import type { KeyStore } from './key-store.js';
import { createMemoryBackend } from './memory-key-store.js';
import {
  createRecordKeyStore,
  DEFAULT_KEY_NAMESPACE,
  type KeyRecordBackend,
} from './record-key-store.js';

/** Options of `createIndexedDbKeyStore`. */
export interface IndexedDbKeyStoreOptions {
  /**
   * Prefix of the database name (`<namespace>.keys`) and of every key name, so two widgets on
   * one origin never collide. @defaultValue `'wallet-auth'`
   */
  namespace?: string;
  /**
   * The IndexedDB factory; read lazily from `globalThis.indexedDB` on first use when omitted.
   * `null` means IndexedDB is known to be absent.
   */
  indexedDB?: IDBFactory | null;
  /** Clock for `createdAt`. @defaultValue `Date.now` */
  now?: () => number;
  /**
   * Called once when the store falls back to memory (IndexedDB blocked or absent, or unable to
   * store a `CryptoKey`), with a `KEY_STORE_UNAVAILABLE` error; keys then last as long as the tab.
   */
  onWarning?: (warning: WalletAuthError) => void;
}

function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Creates the IndexedDB key store: non-extractable `CryptoKey`s stored as such with idb-keyval,
 * beside only their public key and non-secret metadata. When IndexedDB is absent or refuses to open
 * (private mode, `SecurityError`, catalogue KEY-03/04) or cannot clone a `CryptoKey` (KEY-05), it
 * warns once and keeps keys in memory: `getPersistence()` says `memory` and the health of a key it
 * does not hold is `unsupported`. Nothing touches IndexedDB before the first call.
 * @param options - Namespace, factory, clock and warning callback.
 * @throws WalletAuthError `CONFIGURATION_INVALID` for a bad namespace.
 * @example
 * ```ts
 * const keyStore = createIndexedDbKeyStore({ namespace: 'checkout-widget', onWarning: console.warn });
 * ```
 */
export function createIndexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  const namespace = options.namespace ?? DEFAULT_KEY_NAMESPACE;
  let connection: IdbConnection | undefined;
  let fallback: KeyRecordBackend | undefined;
  let unavailable: WalletAuthError | undefined;

  function fallBack(message: string, cause?: unknown): KeyRecordBackend {
    if (!fallback) {
      unavailable = new WalletAuthError('KEY_STORE_UNAVAILABLE', message, {
        cause,
        details: { persistence: 'memory', errorName: errorName(cause) },
      });
      fallback = createMemoryBackend();
      options.onWarning?.(unavailable);
    }
    return fallback;
  }

  // Resolves to the IndexedDB connection, or to the memory fallback once IndexedDB has failed.
  async function target(): Promise<IdbConnection | KeyRecordBackend> {
    if (fallback) {
      return fallback;
    }
    if (!connection) {
      const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB;
      if (!factory) {
        return fallBack('IndexedDB is not available; keys will not survive a reload');
      }
      connection = createIdbConnection(factory, `${namespace}.keys`, 'keys');
    }
    try {
      await connection.open();
      return connection;
    } catch (cause) {
      return fallBack('IndexedDB could not be opened; keys will not survive a reload', cause);
    }
  }

  function unavailableError(cause: unknown): WalletAuthError {
    return new WalletAuthError('KEY_STORE_UNAVAILABLE', 'IndexedDB failed', {
      cause,
      details: { errorName: errorName(cause) },
    });
  }

  const backend: KeyRecordBackend = {
    async persistence() {
      const current = await target();
      return 'useStore' in current ? 'indexeddb' : 'memory';
    },
    unavailableError: () => unavailable,
    async get(name) {
      const current = await target();
      if (!('useStore' in current)) {
        return current.get(name);
      }
      try {
        return await get(name, current.useStore);
      } catch (cause) {
        throw unavailableError(cause);
      }
    },
    async set(name, record) {
      const current = await target();
      if (!('useStore' in current)) {
        return current.set(name, record);
      }
      try {
        // One put of one record: the private and public halves persist together or not at all (KEY-07).
        await set(name, record, current.useStore);
      } catch (cause) {
        if (errorName(cause) === 'DataCloneError') {
          return fallBack('This browser cannot store CryptoKey objects in IndexedDB', cause).set(
            name,
            record,
          );
        }
        if (errorName(cause) === 'QuotaExceededError') {
          throw new WalletAuthError(
            'STORAGE_QUOTA',
            'Storage quota exceeded; the key was not saved',
            {
              cause,
            },
          );
        }
        throw unavailableError(cause);
      }
    },
    async delete(name) {
      const current = await target();
      if (!('useStore' in current)) {
        return current.delete(name);
      }
      try {
        await del(name, current.useStore);
      } catch (cause) {
        throw unavailableError(cause);
      }
    },
    async clear() {
      const current = await target();
      if (!('useStore' in current)) {
        return current.clear();
      }
      try {
        await clear(current.useStore);
      } catch (cause) {
        throw unavailableError(cause);
      }
    },
  };

  return createRecordKeyStore({ namespace, backend, now: options.now ?? Date.now });
}
