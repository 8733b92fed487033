/** A manual clock for tests: `now()` in epoch ms, moved only by `advance`/`set`. */
export interface FakeClock {
  now: () => number;
  advance: (ms: number) => number;
  set: (ms: number) => void;
}

/** Creates a fake clock starting at `start` (default 2026-01-01T00:00:00Z). */
export function createFakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
      return current;
    },
    set: (ms) => {
      current = ms;
    },
  };
}
