/**
 * Waits and caps of the signed-retry exchange (docs/protocol.md §11.4 PROCESSING resends, §11.5 rate
 * limits). Pure: randomness arrives as an argument in [0, 1).
 */

/** Resend delays after PROCESSING or a dropped connection: 1, 2, 4, 8, 8… s (§11.4). */
export function processingBackoffMs(attempt: number): number {
  return Math.min(8000, 1000 * 2 ** Math.min(attempt, 3));
}

/** How long an unsigned call (challenge, OAUTH/PASSKEY verify) is resent while PROCESSING (§11.4). */
export const UNSIGNED_PROCESSING_DEADLINE_MS = 60_000;

/**
 * Most sends of one signed leg (the first and its byte-identical resends) before the kit gives up
 * with `PROCESSING_TIMEOUT` even if `expiresAt` is further away (catalogue SR-10: "its attempt
 * cap"). With the §11.4 backoff a 5-minute challenge takes about 40 sends, so 48 only bounds a
 * service announcing a far-off `expiresAt`.
 */
export const MAX_SIGNED_SENDS = 48;

/**
 * 429 answers one exchange waits out automatically (leg 1 and signed leg together); the next one
 * fails `RATE_LIMITED` with its `retryAfterSeconds` for the UI (catalogue SR-13, SR-14).
 */
export const MAX_RATE_LIMIT_RETRIES = 5;

/** Longest `Retry-After` waited automatically; longer waits go to the UI (§11.5). */
export const MAX_AUTO_WAIT_MS = 60_000;

/** First wait after a 429 without `Retry-After` (§11.5). */
export const RATE_LIMIT_BASE_MS = 1000;

/** Longest wait after a 429 without `Retry-After`. */
export const RATE_LIMIT_CAP_MS = 30_000;

/**
 * Wait after the `retry`-th (0-based) 429 without `Retry-After` (§11.5 "bounded exponential
 * backoff with jitter"): a ceiling of 2, 4, 8, 16, 30, 30… s (base 1 s, ×2, capped at 30 s) and a
 * uniform pick in its upper half ("equal jitter"). Not "full jitter" (a pick in [0, ceiling)):
 * a server that asked us to slow down should never see a resend after a few milliseconds, so every
 * wait is at least the base and, below the cap, longer than the one before (catalogue SR-14).
 * @param retry - How many 429s without `Retry-After` came before this one.
 * @param random - A draw in [0, 1) from the exchange's random source.
 */
export function rateLimitBackoffMs(retry: number, random: number): number {
  const ceiling = Math.min(RATE_LIMIT_CAP_MS, RATE_LIMIT_BASE_MS * 2 ** (Math.min(retry, 10) + 1));
  const floor = ceiling / 2;
  const draw = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0.5;
  return Math.floor(floor + draw * (ceiling - floor));
}

/**
 * Reconciling a lost answer (reconcile.ts): how far before our first signed send (on the
 * service's clock) a committed item's `createdAt` may lie: the `Date` header has one-second
 * resolution and offsets under 2 s are not applied (docs/protocol.md §1 Timestamps), so 5 s covers
 * both with room.
 */
export const RECONCILE_CLOCK_MARGIN_MS = 5000;
