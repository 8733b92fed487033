/**
 * When to try a failed automatic refresh again (catalogue SES-03): exponential backoff from 1 s,
 * doubling, capped at 30 s, with "equal jitter" (half the step fixed, half random) so tabs and
 * devices that failed together do not retry together; never at or past the session's expiry.
 */

/** First retry step, ms. */
export const REFRESH_RETRY_BASE_MS = 1000;
/** Largest retry step, ms. */
export const REFRESH_RETRY_CAP_MS = 30_000;

/**
 * The delay before retry number `failures` (1 = after the first failure), in ms.
 * @param failures - Consecutive failed refreshes of this session, ≥ 1.
 * @param random - A uniform number in [0, 1), injected for tests.
 * @param minimumMs - A floor from the service, e.g. `Retry-After` on a 429 (docs/protocol.md §11.5).
 */
export function refreshRetryDelay(failures: number, random: () => number, minimumMs = 0): number {
  const step = Math.min(
    REFRESH_RETRY_CAP_MS,
    REFRESH_RETRY_BASE_MS * 2 ** Math.max(0, Math.min(failures - 1, 30)),
  );
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.max(minimumMs, Math.round(step / 2 + (step / 2) * r));
}
