import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { createMemoryRateLimitStore } from '../stores/memory-stores.js';
import { createRateLimit } from './rate-limit.js';

async function outcome(promise: Promise<void>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.headers['Retry-After']}` : 'other';
  }
}

describe('createRateLimit', () => {
  it('BFF-16: given a burst over the per-minute budget, should refuse with Retry-After until the oldest hit leaves the minute', async () => {
    const clock = { now: 1_000_000 };
    const limit = createRateLimit({ store: createMemoryRateLimitStore(), clock: () => clock.now });
    for (const at of [0, 10_000, 20_000]) {
      clock.now = 1_000_000 + at;
      expect(await outcome(limit('user a', 3))).toBe('ok');
    }
    expect(await outcome(limit('user a', 3))).toBe('429 40');
    expect(await outcome(limit('user b', 3))).toBe('ok');
    clock.now = 1_000_000 + 59_999;
    expect(await outcome(limit('user a', 3))).toBe('429 1');
    clock.now = 1_000_000 + 60_000;
    expect(await outcome(limit('user a', 3))).toBe('ok');
    expect(await outcome(limit('user a', 3))).toBe('429 10');
  });

  it('given a budget of 0, should never refuse', async () => {
    const limit = createRateLimit({ store: createMemoryRateLimitStore(), clock: () => 0 });
    const outcomes = await Promise.all(Array.from({ length: 1000 }, () => outcome(limit('k', 0))));
    expect(outcomes.every((value) => value === 'ok')).toBe(true);
  });

  it('given more keys than maxKeys, should forget the oldest key (memory stays bounded)', async () => {
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    const hit = (key: string) => store.hit(key, { limit: 1, windowMs: 60_000, nowMs: 0 });
    expect((await hit('a')).ok).toBe(true);
    expect((await hit('b')).ok).toBe(true);
    expect((await hit('c')).ok).toBe(true);
    expect((await hit('a')).ok).toBe(true);
    expect((await hit('c')).ok).toBe(false);
  });
});
