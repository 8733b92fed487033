/**
 * The cross-tab ports' types (`cross-tab.ts` implements them): declared apart so the client's
 * and the session manager's types name them without importing the implementation, which loads
 * the lease lock on demand.
 */

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
