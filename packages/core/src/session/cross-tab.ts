/**
 * Cross-tab coordination ports: a BroadcastChannel for "the session changed / signed out" and Web
 * Locks for single-flight refresh across tabs (`storage` events and a lease in IndexedDB where
 * they are absent, Safari before 15.4). Both are read lazily from the platform, with an in-tab
 * fallback when nothing fits (Node).
 */
import { loadOnDemand } from '../on-demand/on-demand.js';
import type {
  LockRunner,
  LockRunnerOptions,
  SessionChannel,
  SessionMessage,
} from './cross-tab.types.js';

function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { type } = value as { type?: unknown };
  return type === 'changed' || type === 'signedOut';
}

/** `localStorage`, or `undefined` where it is absent or refused (sandboxed frames, some private modes). */
function webStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The channel over `storage` events, for browsers without BroadcastChannel (Safari before 15.4,
 * catalogue SES-14): a message is written under the channel's name and removed at once; the
 * other tabs of the origin get a `storage` event with it. Only `{type, sessionId}` is written,
 * never a key or a token.
 */
function storageChannel(name: string, storage: Storage): SessionChannel {
  const key = `${name}:message`;
  const listeners = new Set<(event: StorageEvent) => void>();
  return {
    post(message) {
      try {
        // The random part makes every message a change, so a repeated message is still seen.
        storage.setItem(key, JSON.stringify({ message, id: Math.random() }));
        storage.removeItem(key);
      } catch {
        // Storage full or refused: the other tabs catch up on their next signed call (KEY-10).
      }
    },
    listen(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || event.newValue === null) {
          return;
        }
        try {
          const { message } = JSON.parse(event.newValue) as { message?: unknown };
          if (isSessionMessage(message)) {
            listener(message);
          }
        } catch {
          // Not ours.
        }
      };
      listeners.add(onStorage);
      globalThis.addEventListener('storage', onStorage);
      try {
        // WebKit delivers storage events only to pages that have read their storage area.
        storage.getItem(key);
      } catch {
        // Refused: no messages for this tab.
      }
      return () => {
        listeners.delete(onStorage);
        globalThis.removeEventListener('storage', onStorage);
      };
    },
    close() {
      for (const onStorage of listeners) {
        globalThis.removeEventListener('storage', onStorage);
      }
      listeners.clear();
    },
  };
}

/**
 * A BroadcastChannel-backed channel; where BroadcastChannel does not exist (Safari before 15.4),
 * one over `storage` events; `undefined` when neither does.
 */
export function createBroadcastSessionChannel(name: string): SessionChannel | undefined {
  if (typeof globalThis.BroadcastChannel !== 'function') {
    const storage = typeof globalThis.addEventListener === 'function' ? webStorage() : undefined;
    return storage === undefined ? undefined : storageChannel(name, storage);
  }
  const channel = new globalThis.BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) {
          listener(event.data);
        }
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/** A lock across tabs held as a lease in IndexedDB (`lease-lock.ts`). */
type LeaseLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/** One tab's queue per lock name: the tab's own tasks run one after another. */
function inTabMutex(): LockRunner {
  const tails = new Map<string, Promise<unknown>>();
  return (name, task) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(task, task);
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
}

/**
 * Web Locks when the platform has them; otherwise a lease in IndexedDB, so a refresh stays single
 * across tabs in browsers without Web Locks (Safari before 15.4, catalogue SES-13); without
 * IndexedDB either, an in-tab mutex (the other tabs then reconcile through the channel).
 * @param options - The lease's database, factory, duration and clock.
 */
export function createLockRunner(options: LockRunnerOptions = {}): LockRunner {
  const inTab = inTabMutex();
  // The lease's code is in the on-demand chunk, which the refresh that needs the lock loads anyway.
  let lease: Promise<LeaseLock | null> | undefined;
  const leaseFor = () => {
    if (lease === undefined) {
      const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB;
      lease = factory
        ? loadOnDemand().then(
            (code) =>
              code.leaseLock(
                factory,
                options.databaseName ?? 'wallet-auth.locks',
                options.leaseMs ?? 30_000,
                options.now ?? Date.now,
              ),
            () => {
              lease = undefined; // the chunk could not be fetched: ask again next time
              return null;
            },
          )
        : Promise.resolve(null);
    }
    return lease;
  };
  // Read lazily, on first use, so creating a client during server rendering touches no global.
  return (name, task) => {
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    if (locks !== undefined && typeof locks.request === 'function') {
      return locks.request(name, { mode: 'exclusive' }, task) as Promise<
        Awaited<ReturnType<typeof task>>
      >;
    }
    // The tab's own callers queue first, then one of them at a time takes the lease.
    return inTab(name, async () => {
      const shared = await leaseFor();
      if (shared === null) {
        return task();
      }
      let entered = false;
      try {
        return await shared(name, () => {
          entered = true;
          return task();
        });
      } catch (error) {
        if (entered) {
          throw error;
        }
        // IndexedDB refused (private mode, blocked storage): this tab alone, from now on.
        lease = Promise.resolve(null);
        return task();
      }
    });
  };
}
