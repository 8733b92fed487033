/**
 * Cross-tab coordination ports: a BroadcastChannel for "the session changed / signed out" and Web
 * Locks for single-flight refresh across tabs (a lease in IndexedDB where Web Locks are absent,
 * Safari before 15.4). Both are read lazily from the platform, with an in-tab fallback when
 * neither exists (Node).
 */
import { loadOnDemand } from '../internal/load-chunk.js';

/** The messages tabs exchange about the session. */
export type SessionMessage =
  | { type: 'changed'; sessionId: string }
  | { type: 'signedOut'; reason: 'signedOut' | 'revoked' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  listen(listener: (message: SessionMessage) => void): () => void;
  close(): void;
}

/** Runs `task` while holding the named lock in every tab of the origin. */
export type LockRunner = <T>(name: string, task: () => Promise<T>) => Promise<T>;

function isSessionMessage(value: unknown): value is SessionMessage {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { type } = value as { type?: unknown };
  return type === 'changed' || type === 'signedOut';
}

/** A BroadcastChannel-backed channel, or `undefined` where BroadcastChannel does not exist. */
export function createBroadcastSessionChannel(name: string): SessionChannel | undefined {
  if (typeof globalThis.BroadcastChannel !== 'function') {
    return undefined;
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

/** Options of `createLockRunner`. */
export interface LockRunnerOptions {
  /**
   * Where Web Locks are absent (Safari before 15.4), the lock is a lease in this IndexedDB
   * database, shared by the origin's tabs (catalogue SES-13). @defaultValue `'wallet-auth.locks'`
   */
  databaseName?: string;
  /**
   * The IndexedDB factory for that lease; read lazily from `globalThis.indexedDB` when omitted.
   * `null`, or a factory that fails to open, leaves an in-tab mutex.
   */
  indexedDB?: IDBFactory | null;
  /** How long a lease holds when its tab dies mid-task. @defaultValue 30000 */
  leaseMs?: number;
  /** Clock of the lease. @defaultValue Date.now */
  now?: () => number;
}

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
            () => null,
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
