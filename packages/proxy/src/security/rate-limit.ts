/**
 * Rate limits over a {@link RateLimitStore}: at most N requests per key in any rolling minute
 * (per user on the service routes; per client address, and per address and e-mail, on the demo
 * sign-in). The store makes the count atomic, so N holds across proxy instances sharing it
 * (reliability catalogue BFF-16, BFF-30). A refusal is 429 with `Retry-After` in seconds.
 */
import { ApiError } from '../api-error.js';
import type { RateLimitStore } from '../stores/stores.js';

/** Checks and counts one request against a per-minute budget. */
export type RateLimit = (key: string, perMinute: number) => Promise<void>;

const WINDOW_MS = 60_000;

/** Creates the limiter; a budget of 0 disables the check for that key. */
export function createRateLimit(deps: { store: RateLimitStore; clock: () => number }): RateLimit {
  return async (key, perMinute) => {
    if (perMinute <= 0) {
      return;
    }
    const verdict = await deps.store.hit(key, {
      limit: perMinute,
      windowMs: WINDOW_MS,
      nowMs: deps.clock(),
    });
    if (!verdict.ok) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many requests; retry later', {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))) },
      });
    }
  };
}
