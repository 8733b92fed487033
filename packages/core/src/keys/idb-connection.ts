import type { UseStore } from 'idb-keyval';

/** A lazily opened IndexedDB database with one object store, usable with idb-keyval's functions. */
export interface IdbConnection {
  /** Opens the database if needed; rejects when IndexedDB refuses (private mode, SecurityError…). */
  open(): Promise<IDBDatabase>;
  /** idb-keyval's custom-store function over this connection. */
  useStore: UseStore;
}

/**
 * Opens `databaseName` through an injected `IDBFactory` (idb-keyval's own `createStore` reads the
 * global `indexedDB`). The connection closes itself on `versionchange`, so another tab's upgrade is
 * never blocked (catalogue KEY-09), and reopens after the browser closes it (site data cleared, KEY-10).
 * @param factory - The IndexedDB factory.
 * @param databaseName - Database name, derived from the key-store namespace.
 * @param storeName - Object store name.
 */
export function createIdbConnection(
  factory: IDBFactory,
  databaseName: string,
  storeName: string,
): IdbConnection {
  let database: Promise<IDBDatabase> | undefined;

  function open(): Promise<IDBDatabase> {
    database ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(databaseName);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) {
          request.result.createObjectStore(storeName);
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        const forget = () => {
          database = undefined;
        };
        db.onversionchange = () => {
          db.close();
          forget();
        };
        db.onclose = forget;
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    });
    const current = database;
    // A failed open is not cached: the store above decides whether to fall back.
    current.catch(() => {
      if (database === current) {
        database = undefined;
      }
    });
    return current;
  }

  const useStore: UseStore = async (mode, callback) => {
    const db = await open();
    let transaction: IDBTransaction;
    try {
      transaction = db.transaction(storeName, mode);
    } catch (error) {
      // The browser closed the connection under us (e.g. cleared site data): reopen once.
      if ((error as { name?: unknown }).name !== 'InvalidStateError') {
        throw error;
      }
      database = undefined;
      transaction = (await open()).transaction(storeName, mode);
    }
    return callback(transaction.objectStore(storeName));
  };

  return { open, useStore };
}
