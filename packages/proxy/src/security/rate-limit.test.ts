import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.js';

describe('createRateLimiter', () => {
  it('BFF-16: given a burst over the per-minute budget, should refuse with Retry-After until a token refills', () => {
    const limiter = createRateLimiter({ requestsPerMinute: 3 });
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('user a', t0).ok)).toEqual([true, true, true]);
    expect(limiter.take('user a', t0)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(limiter.take('user b', t0)).toEqual({ ok: true });
    expect(limiter.take('user a', t0 + 19_000).ok).toBe(false);
    expect(limiter.take('user a', t0 + 40_000).ok).toBe(true);
  });

  it('given requestsPerMinute 0, should never refuse', () => {
    const limiter = createRateLimiter({ requestsPerMinute: 0 });
    expect(Array.from({ length: 1000 }, () => limiter.take('k', 0).ok).every(Boolean)).toBe(true);
  });

  it('given more keys than maxKeys, should forget the oldest key (memory stays bounded)', () => {
    const limiter = createRateLimiter({ requestsPerMinute: 1, maxKeys: 2 });
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('b', 0).ok).toBe(true);
    expect(limiter.take('c', 0).ok).toBe(true);
    expect(limiter.take('a', 0).ok).toBe(true);
    expect(limiter.take('c', 0).ok).toBe(false);
  });
});
