import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { WalletAuthError } from '../errors/wallet-auth-error.js';
import { createIndexedDbKeyStore } from './indexed-db-key-store.js';
import { generateSigningKeyPair } from './key-pair.js';

// Wraps an object so that method calls and property writes reach the real object, and selected
// members are replaced: a way to inject IndexedDB faults without re-implementing IndexedDB.
function wrap<T extends object>(target: T, overrides: Record<string, (original: T) => unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      const override = overrides[String(property)];
      if (override) {
        return override(object);
      }
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
    set(object, property, value) {
      return Reflect.set(object, property, value, object);
    },
  });
}

function factoryWithFaultyPut(base: IDBFactory, error: () => Error): IDBFactory {
  const store = (real: IDBObjectStore) =>
    wrap(real, {
      put: () => () => {
        throw error();
      },
    });
  const transaction = (real: IDBTransaction) =>
    wrap(real, { objectStore: (t) => (name: string) => store(t.objectStore(name)) });
  const database = (real: IDBDatabase) =>
    wrap(real, {
      transaction: (db) => (names: string, mode?: IDBTransactionMode) =>
        transaction(db.transaction(names, mode)),
    });
  return wrap(base, {
    open: (factory) => (name: string, version?: number) => {
      const request = factory.open(name, version);
      return wrap(request, { result: (r) => database(r.result) });
    },
  });
}

function openRaw(factory: IDBFactory, name: string, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

describe('createIndexedDbKeyStore', () => {
  it('should not touch IndexedDB before the first call', async () => {
    let opens = 0;
    const base = new IDBFactory();
    const counting = wrap(base, {
      open: (factory) => (name: string) => {
        opens++;
        return factory.open(name);
      },
    });
    const store = createIndexedDbKeyStore({ namespace: 'lazy', indexedDB: counting });
    expect(opens).toBe(0);
    expect(await store.getPersistence()).toBe('indexeddb');
    expect(opens).toBe(1);
  });

  it('KEY-03: given no IndexedDB (Node has none, or null), should keep keys in memory, warn once and report unsupported health', async () => {
    expect(globalThis.indexedDB).toBeUndefined();
    for (const indexedDB of [undefined, null]) {
      const warnings: WalletAuthError[] = [];
      const store = createIndexedDbKeyStore({
        namespace: 'absent',
        indexedDB,
        onWarning: (w) => warnings.push(w),
      });
      const health = await store.checkHealth('session');
      expect(health).toMatchObject({
        status: 'unsupported',
        error: { code: 'KEY_STORE_UNAVAILABLE' },
      });
      expect(await store.getPersistence()).toBe('memory');
      const keyPair = await generateSigningKeyPair();
      await store.save('session', keyPair);
      expect(await store.checkHealth('session')).toMatchObject({
        status: 'present',
        persistence: 'memory',
      });
      expect((await store.load('session'))?.keyPair.privateKey.extractable).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.code).toBe('KEY_STORE_UNAVAILABLE');
    }
  });

  it('KEY-04: given open throwing SecurityError, or failing with InvalidStateError, should fall back to memory without an exception', async () => {
    const throwing = {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const failing = {
      open: () => {
        const request = {} as IDBOpenDBRequest & { error: DOMException };
        queueMicrotask(() => {
          Object.assign(request, { error: new DOMException('broken', 'InvalidStateError') });
          (request.onerror as (() => void) | null)?.();
        });
        return request;
      },
    } as unknown as IDBFactory;
    for (const indexedDB of [throwing, failing]) {
      const warnings: WalletAuthError[] = [];
      const store = createIndexedDbKeyStore({
        namespace: 'blocked',
        indexedDB,
        onWarning: (w) => warnings.push(w),
      });
      expect((await store.checkHealth('session')).status).toBe('unsupported');
      await store.save('session', await generateSigningKeyPair());
      expect((await store.checkHealth('session')).status).toBe('present');
      expect(warnings.map((w) => w.details?.errorName)).toEqual([
        indexedDB === throwing ? 'SecurityError' : 'InvalidStateError',
      ]);
    }
  });

  it('KEY-05: given put throwing DataCloneError, should keep the key in memory, still non-extractable, with a warning', async () => {
    const warnings: WalletAuthError[] = [];
    const indexedDB = factoryWithFaultyPut(
      new IDBFactory(),
      () => new DOMException('cannot clone', 'DataCloneError'),
    );
    const store = createIndexedDbKeyStore({
      namespace: 'clone',
      indexedDB,
      onWarning: (w) => warnings.push(w),
    });
    const keyPair = await generateSigningKeyPair();
    await store.save('session', keyPair);
    expect(await store.getPersistence()).toBe('memory');
    const loaded = await store.load('session');
    expect(loaded?.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
    expect(loaded?.keyPair.privateKey.extractable).toBe(false);
    expect(warnings).toHaveLength(1);
  });

  it('KEY-06: given QuotaExceededError on write, should throw STORAGE_QUOTA and leave the existing record untouched', async () => {
    const base = new IDBFactory();
    const first = await generateSigningKeyPair();
    await createIndexedDbKeyStore({ namespace: 'quota', indexedDB: base }).save('session', first);
    const indexedDB = factoryWithFaultyPut(
      base,
      () => new DOMException('full', 'QuotaExceededError'),
    );
    const store = createIndexedDbKeyStore({ namespace: 'quota', indexedDB });
    await expect(store.save('session', await generateSigningKeyPair())).rejects.toMatchObject({
      code: 'STORAGE_QUOTA',
    });
    expect((await store.load('session'))?.keyPair.publicKeyHex).toBe(first.publicKeyHex);
    expect(await store.getPersistence()).toBe('indexeddb');
  });

  it('KEY-07: should persist private and public halves in one record under a namespaced name', async () => {
    const indexedDB = new IDBFactory();
    const keyPair = await generateSigningKeyPair();
    await createIndexedDbKeyStore({ namespace: 'atomic', indexedDB }).save('session', keyPair, {
      metadata: { sessionId: 'S' },
    });
    const db = await openRaw(indexedDB, 'atomic.keys');
    const request = db.transaction('keys').objectStore('keys').get('atomic:session');
    const record = await new Promise<Record<string, unknown>>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    expect(Object.keys(record).sort()).toEqual([
      'createdAt',
      'metadata',
      'privateKey',
      'publicKey',
      'publicKeyHex',
      'purpose',
      'version',
    ]);
    expect(record.publicKeyHex).toBe(keyPair.publicKeyHex);
    db.close();
  });

  it('KEY-09: given another tab upgrading the database, should close on versionchange and keep working after', async () => {
    const indexedDB = new IDBFactory();
    const store = createIndexedDbKeyStore({ namespace: 'upgrade', indexedDB });
    const keyPair = await generateSigningKeyPair();
    await store.save('session', keyPair);
    const upgraded = await openRaw(indexedDB, 'upgrade.keys', 2);
    expect(upgraded.version).toBe(2);
    upgraded.close();
    expect((await store.load('session'))?.keyPair.publicKeyHex).toBe(keyPair.publicKeyHex);
  });

  it('KEY-10: given the database deleted mid-session (site data cleared), should report the key missing and keep working', async () => {
    const indexedDB = new IDBFactory();
    const store = createIndexedDbKeyStore({ namespace: 'cleared', indexedDB });
    await store.save('session', await generateSigningKeyPair());
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('cleared.keys');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    expect(await store.checkHealth('session')).toEqual({ status: 'missing', reason: 'absent' });
    await store.save('session', await generateSigningKeyPair());
    expect((await store.checkHealth('session')).status).toBe('present');
  });

  it('given two namespaces on one origin, should keep databases and keys apart', async () => {
    const indexedDB = new IDBFactory();
    const widgetA = createIndexedDbKeyStore({ namespace: 'widget-a', indexedDB });
    const widgetB = createIndexedDbKeyStore({ namespace: 'widget-b', indexedDB });
    const keyA = await generateSigningKeyPair();
    const keyB = await generateSigningKeyPair();
    await widgetA.save('session', keyA);
    await widgetB.save('session', keyB);
    expect((await widgetA.load('session'))?.keyPair.publicKeyHex).toBe(keyA.publicKeyHex);
    expect((await widgetB.load('session'))?.keyPair.publicKeyHex).toBe(keyB.publicKeyHex);
    await widgetA.clear();
    expect(await widgetA.load('session')).toBeUndefined();
    expect((await widgetB.load('session'))?.keyPair.publicKeyHex).toBe(keyB.publicKeyHex);
    expect((await indexedDB.databases()).map((db) => db.name).sort()).toEqual([
      'widget-a.keys',
      'widget-b.keys',
    ]);
  });
});
