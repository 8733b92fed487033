import { useEffect, useState } from 'react';

/** The clock port a countdown reads (the client's `clock`, so tests drive it). */
export interface CountdownClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): () => void;
}

function secondsLeft(target: number | undefined, clock: CountdownClock): number {
  return target === undefined ? 0 : Math.max(0, Math.ceil((target - clock.now()) / 1000));
}

/**
 * Whole seconds left until `target` (epoch ms), updated on each second boundary with the given
 * clock; 0 once reached or when there is no target. Used for `Retry-After` and resend cooldowns
 * (docs/protocol.md §11.5).
 *
 * @param target - The deadline in epoch ms, or `undefined`.
 * @param clock - The client's clock.
 */
export function useCountdown(target: number | undefined, clock: CountdownClock): number {
  const [left, setLeft] = useState(() => secondsLeft(target, clock));
  useEffect(() => {
    let cancel: (() => void) | undefined;
    const tick = () => {
      const next = secondsLeft(target, clock);
      setLeft(next);
      if (next > 0 && target !== undefined) {
        // Wake at the next whole-second boundary of the remaining time.
        const remainder = (target - clock.now()) % 1000 || 1000;
        cancel = clock.setTimeout(tick, remainder);
      }
    };
    tick();
    return () => cancel?.();
  }, [target, clock]);
  return left;
}
