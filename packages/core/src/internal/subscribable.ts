/** The one observable contract of the kit (house style §2.5.1). */
export interface Subscribable<T> {
  /** Registers a listener called after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable value; its identity changes only when it changes. */
  getSnapshot(): T;
}

/** A minimal store implementing `Subscribable`, notifying listeners once per change. */
export function createStore<T>(initial: T): Subscribable<T> & { set(next: T): void } {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      if (Object.is(next, value)) {
        return;
      }
      value = next;
      for (const listener of [...listeners]) {
        listener();
      }
    },
  };
}
