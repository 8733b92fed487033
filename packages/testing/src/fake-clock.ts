import type { Clock } from '@wallet-auth/core';

/**
 * A manual clock for tests, shared by the emulator (`createSandbox({ clock: clock.now })`) and
 * the kit's client (`createWalletAuthClient({ clock })`): time moves only when the test says so,
 * so session expiry, refresh and code lifetimes can be reached without waiting.
 */
export interface FakeClock extends Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Schedules `callback` at `now() + ms` (fired by {@link FakeClock.advance}); returns a cancel. */
  setTimeout(callback: () => void, ms: number): () => void;
  /**
   * Moves time forward by `ms` and runs every timer due by then, earliest first (timers that
   * those callbacks schedule inside the window run too). Returns the new time.
   * @throws RangeError for a negative or non-finite `ms`: time never goes back.
   */
  advance(ms: number): number;
  /** How many timers are waiting. */
  pendingTimers(): number;
}

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

/**
 * Creates a fake clock.
 * @param start - The starting time, epoch ms. @defaultValue `Date.now()` when created
 * @example
 * const clock = createFakeClock();
 * const kit = createTestKit({ clock });
 * clock.advance(16 * 60_000); // past the session's lifetime
 */
export function createFakeClock(start: number = Date.now()): FakeClock {
  if (!Number.isFinite(start)) {
    throw new RangeError('createFakeClock: start must be a finite epoch-ms number');
  }
  let current = start;
  let order = 0;
  let timers: Timer[] = [];
  const clock: FakeClock = {
    now: () => current,
    setTimeout(callback, ms) {
      const timer = { at: current + Math.max(0, ms), order: order++, callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((candidate) => candidate !== timer);
      };
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(`advance(${ms}): time only moves forward by a finite amount`);
      }
      const target = current + ms;
      for (;;) {
        const due = timers
          .filter((timer) => timer.at <= target)
          .sort((a, b) => a.at - b.at || a.order - b.order)[0];
        if (due === undefined) {
          break;
        }
        timers = timers.filter((timer) => timer !== due);
        current = Math.max(current, due.at);
        due.callback();
      }
      current = target;
      return current;
    },
    pendingTimers: () => timers.length,
  };
  return clock;
}
