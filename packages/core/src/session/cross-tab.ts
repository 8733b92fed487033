/**
 * Cross-tab coordination ports: a BroadcastChannel for "the session changed / signed out" and Web
 * Locks for single-flight refresh across tabs. Both are read lazily from the platform, with an
 * in-tab fallback when absent (older WebKit, Node).
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

/**
 * Web Locks when the platform has them; otherwise an in-tab mutex, which still makes refresh
 * single-flight within the tab (the other tabs then reconcile through the channel).
 */
export function createLockRunner(): LockRunner {
  const tails = new Map<string, Promise<unknown>>();
  const inTab: LockRunner = (name, task) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(task, task);
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  // Read lazily, on first use, so creating a client during server rendering touches no global.
  return (name, task) => {
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    if (locks !== undefined && typeof locks.request === 'function') {
      return locks.request(name, { mode: 'exclusive' }, task) as Promise<
        Awaited<ReturnType<typeof task>>
      >;
    }
    return inTab(name, task);
  };
}
