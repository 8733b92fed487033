import type { KeyStore } from './key-store.js';
import {
  createRecordKeyStore,
  DEFAULT_KEY_NAMESPACE,
  type KeyRecordBackend,
} from './record-key-store.js';
import type { KeyRecord } from './validate-key-record.js';

/** Options of `createMemoryKeyStore`. */
export interface MemoryKeyStoreOptions {
  /** Prefix of every key name. @defaultValue `'wallet-auth'` */
  namespace?: string;
  /** Clock for `createdAt`. @defaultValue `Date.now` */
  now?: () => number;
}

/**
 * Creates a map-backed record backend (also the IndexedDB store's fallback).
 * @internal
 */
export function createMemoryBackend(): KeyRecordBackend {
  const records = new Map<string, KeyRecord>();
  return {
    persistence: async () => 'memory',
    unavailableError: () => undefined,
    get: async (name) => records.get(name),
    set: async (name, record) => {
      records.set(name, record);
    },
    delete: async (name) => {
      records.delete(name);
    },
    clear: async () => {
      records.clear();
    },
  };
}

/**
 * Creates an in-memory key store: keys live as long as this object (the tab), for Node tests,
 * SSR and environments without IndexedDB. Same rules as the IndexedDB store (non-extractable only).
 * @param options - Namespace and clock.
 * @throws WalletAuthError `CONFIGURATION_INVALID` for a bad namespace.
 * @example
 * ```ts
 * const keyStore = createMemoryKeyStore({ namespace: 'checkout-widget' });
 * ```
 */
export function createMemoryKeyStore(options: MemoryKeyStoreOptions = {}): KeyStore {
  return createRecordKeyStore({
    namespace: options.namespace ?? DEFAULT_KEY_NAMESPACE,
    backend: createMemoryBackend(),
    now: options.now ?? Date.now,
  });
}
