import { describe, expect, it } from 'vitest';
import { REFRESH_RETRY_CAP_MS, refreshRetryDelay } from './refresh-backoff.js';

describe('refreshRetryDelay (catalogue SES-03)', () => {
  it('given consecutive failures, should double from 1 s with half the step jittered', () => {
    expect([1, 2, 3, 4].map((n) => refreshRetryDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => refreshRetryDelay(n, () => 0.999_999))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('given many failures, should cap the step at 30 s', () => {
    expect(refreshRetryDelay(50, () => 0.999_999)).toBe(REFRESH_RETRY_CAP_MS);
    expect(refreshRetryDelay(1_000, () => 0)).toBe(REFRESH_RETRY_CAP_MS / 2);
  });

  it('given a service minimum (Retry-After), should wait at least that long; given a random out of range, should clamp it', () => {
    expect(refreshRetryDelay(1, () => 0.5, 5_000)).toBe(5_000);
    expect(refreshRetryDelay(1, () => 7)).toBe(1000);
    expect(refreshRetryDelay(1, () => -1)).toBe(500);
  });
});
