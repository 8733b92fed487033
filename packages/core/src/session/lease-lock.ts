/**
 * A lock across an origin's tabs for browsers without Web Locks (Safari before 15.4, catalogue
 * SES-13), loaded on demand by `createLockRunner` (`cross-tab.ts`).
 */
import { bytesToHex } from '../encoding/hex.js';
import { randomBytes } from '../internal/web-crypto.js';
import { createIdbConnection } from '../keys/idb-connection.js';

interface Lease {
  token: string;
  until: number;
}

/**
 * A lock across the origin's tabs without Web Locks: a lease record per lock name, taken in a
 * readwrite transaction (IndexedDB runs those one at a time across tabs, so taking is atomic),
 * polled while another tab holds it, released when the task settles, and taken over once expired
 * (a tab closed mid-task). Rejects when IndexedDB cannot be opened.
 */
export function leaseLock(
  factory: IDBFactory,
  databaseName: string,
  leaseMs: number,
  now: () => number,
): <T>(name: string, task: () => Promise<T>) => Promise<T> {
  const connection = createIdbConnection(factory, databaseName, 'leases');
  const transact = <T>(work: (store: IDBObjectStore, done: (value: T) => void) => void) =>
    connection.useStore(
      'readwrite',
      (store) =>
        new Promise<T>((resolve, reject) => {
          let value: T;
          work(store, (result) => {
            value = result;
          });
          store.transaction.oncomplete = () => resolve(value);
          store.transaction.onerror = () => reject(store.transaction.error);
          store.transaction.onabort = () => reject(store.transaction.error);
        }),
    );
  const take = (name: string, token: string) =>
    transact<boolean>((store, done) => {
      const read = store.get(name);
      read.onsuccess = () => {
        const held = read.result as Lease | undefined;
        if (held !== undefined && held.until > now()) {
          done(false);
          return;
        }
        store.put({ token, until: now() + leaseMs } satisfies Lease, name);
        done(true);
      };
    });
  const release = (name: string, token: string) =>
    transact<void>((store, done) => {
      const read = store.get(name);
      read.onsuccess = () => {
        if ((read.result as Lease | undefined)?.token === token) {
          store.delete(name);
        }
        done(undefined);
      };
    });
  return async (name, task) => {
    await connection.open();
    const token = bytesToHex(randomBytes(16));
    while (!(await take(name, token))) {
      await new Promise((resolve) => setTimeout(resolve, 40 + Math.floor(Math.random() * 40)));
    }
    try {
      return await task();
    } finally {
      await release(name, token).catch(() => undefined);
    }
  };
}
