/** The one observable contract of the kit (docs/contributing.md §2.5). */
export interface Subscribable<T> {
  /** Registers a listener called after each change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable value; its identity changes only when it changes. */
  getSnapshot(): T;
}
