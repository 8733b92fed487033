/**
 * Test time (not shipped): a manual clock shared by the kit, the proxy and the emulator, and a
 * driver that lets real work (HTTP handlers, WebCrypto) finish before it moves time to the next
 * timer the kit set. Backoff waits of minutes take milliseconds, and time never jumps while a
 * request is in flight (so no deadline fires early).
 */
import type { Clock } from '@wallet-auth/core';

/** A clock whose time moves only when a test fires its timers. */
export interface ManualClock extends Clock {
  /** Epoch ms of the earliest pending timer. */
  nextTimerAt(): number | undefined;
  /** Moves time to the earliest timer (never backwards) and runs it; false when none. */
  fireNext(): boolean;
  /** Moves time forward by `ms`, running every timer due on the way, in order. */
  advance(ms: number): void;
}

/** Creates a manual clock starting at `start` (epoch ms). */
export function createManualClock(start = Date.parse('2026-01-15T10:00:00.000Z')): ManualClock {
  let now = start;
  let sequence = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const earliest = () => {
    let found: [number, { at: number; callback: () => void }] | undefined;
    for (const entry of timers) {
      if (found === undefined || entry[1].at < found[1].at) {
        found = entry;
      }
    }
    return found;
  };
  const clock: ManualClock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = sequence++;
      timers.set(id, { at: now + Math.max(0, ms), callback });
      return () => {
        timers.delete(id);
      };
    },
    nextTimerAt: () => earliest()?.[1].at,
    fireNext() {
      const next = earliest();
      if (next === undefined) {
        return false;
      }
      timers.delete(next[0]);
      now = Math.max(now, next[1].at);
      next[1].callback();
      return true;
    },
    advance(ms) {
      const target = now + ms;
      for (let next = earliest(); next !== undefined && next[1].at <= target; next = earliest()) {
        clock.fireNext();
      }
      now = target;
    },
  };
  return clock;
}

/** A view of `clock` that reads `offsetMs` ahead (or behind, if negative): a skewed device. */
export function skewedClock(clock: Clock, offsetMs: number): Clock {
  return { now: () => clock.now() + offsetMs, setTimeout: clock.setTimeout };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Options of {@link drive}. */
export interface DriveOptions {
  /** Requests still in flight; time does not move while this is above 0. */
  inFlight?: () => number;
  /** `performance.now()` of the last request start or end (real time). */
  lastActivity?: () => number;
  /** Real quiet time required before the clock moves (crypto between requests). @defaultValue 20 */
  quietMs?: number;
  /** Stop (outcome `undefined`) past this much clock time. @defaultValue 15 min */
  limitMs?: number;
}

/** The settled outcome of a driven promise, or `undefined` if it was still pending. */
export type Driven<T> = { ok: true; value: T } | { ok: false; error: unknown } | undefined;

/**
 * Runs `promise` to completion: waits until the system is quiet (no request in flight, no
 * request started or ended for `quietMs` of real time), then fires the earliest timer on `clock`;
 * repeats. Gives up (outcome `undefined`) after 10 s of real time without progress. Never rejects.
 */
export async function drive<T>(
  promise: Promise<T>,
  clock: ManualClock,
  options: DriveOptions = {},
): Promise<Driven<T>> {
  const limit = clock.now() + (options.limitMs ?? 15 * 60_000);
  const quietMs = options.quietMs ?? 20;
  let outcome: Driven<T>;
  promise.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  let lastProgress = performance.now();
  while (outcome === undefined) {
    await pause(2);
    if (outcome !== undefined) {
      break;
    }
    const now = performance.now();
    const activity = options.lastActivity?.() ?? 0;
    lastProgress = Math.max(lastProgress, activity);
    if (now - lastProgress > 10_000) {
      break; // nothing happened for 10 s of real time: the promise will not settle
    }
    if ((options.inFlight?.() ?? 0) > 0 || now - activity < quietMs) {
      continue;
    }
    const next = clock.nextTimerAt();
    if (next === undefined || next > limit) {
      if (now - lastProgress > 1000) {
        break; // quiet, and nothing scheduled within the limit
      }
      continue;
    }
    lastProgress = now;
    clock.fireNext();
  }
  return outcome;
}
