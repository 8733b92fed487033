/**
 * Time as a port (docs/contributing.md §2.4): machines read no clock; the interpreter and effects use
 * this one, so tests can drive it with fake timers.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `callback` after `ms` milliseconds; returns a cancel function. */
  setTimeout(callback: () => void, ms: number): () => void;
}

/** The platform clock, read lazily on every call (works with Vitest fake timers). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = globalThis.setTimeout(callback, Math.max(0, ms));
    return () => globalThis.clearTimeout(handle);
  },
};
