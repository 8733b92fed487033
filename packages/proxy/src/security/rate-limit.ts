/**
 * Per-key token buckets (per user, or per client address for sign-up): `requestsPerMinute`
 * tokens, refilled continuously; a refusal says when the next token arrives, for `Retry-After`
 * (reliability catalogue BFF-16, SR-23). Time comes from the injected clock; memory is bounded.
 */

/** Outcome of one {@link RateLimiter.take}. */
export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A rate limiter keyed by caller. */
export interface RateLimiter {
  take(key: string, nowMs: number): RateVerdict;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Creates a limiter; `requestsPerMinute: 0` disables it. Oldest keys are evicted past `maxKeys`. */
export function createRateLimiter(options: {
  requestsPerMinute: number;
  maxKeys?: number;
}): RateLimiter {
  const capacity = options.requestsPerMinute;
  const perMs = capacity / 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const buckets = new Map<string, Bucket>();
  return {
    take(key, nowMs) {
      if (capacity <= 0) {
        return { ok: true };
      }
      const previous = buckets.get(key);
      const elapsed = previous === undefined ? 0 : Math.max(0, nowMs - previous.updatedMs);
      const tokens =
        previous === undefined ? capacity : Math.min(capacity, previous.tokens + elapsed * perMs);
      buckets.delete(key);
      if (tokens < 1) {
        buckets.set(key, { tokens, updatedMs: nowMs });
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
        };
      }
      buckets.set(key, { tokens: tokens - 1, updatedMs: nowMs });
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) {
          buckets.delete(oldest);
        }
      }
      return { ok: true };
    },
  };
}
