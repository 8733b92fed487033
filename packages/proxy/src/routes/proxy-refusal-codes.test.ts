/**
 * The proxy's own refusals reach the kit as named codes, not `UNKNOWN`: each response the proxy
 * renders is read by core's `fromErrorEnvelope`, the kit's one translation edge (docs/contributing.md §2.3).
 */
import { fromErrorEnvelope } from '@wallet-auth/core/primitives';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createHarnessForUser,
  STRANGER,
} from '../testing/proxy-harness.js';

const FOREIGN_ACCOUNT = 'InternalAccount:11111111-2222-4333-8444-555555555555';

afterEach(() => {
  vi.useRealTimers();
});

describe('proxy refusals as kit error codes', () => {
  it('BFF-05: given another account id, the 403 should become FORBIDDEN (not retryable)', async () => {
    const harness = createHarnessForUser(STRANGER);
    const response = await harness.call('GET', `/auth/sessions?accountId=${FOREIGN_ACCOUNT}`);
    expect(response.status).toBe(403);
    const error = await fromErrorEnvelope(response);
    expect([error.code, error.status, error.retryable]).toEqual(['FORBIDDEN', 403, false]);
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-22: given PUT on a POST route, the 405 should become METHOD_NOT_ALLOWED', async () => {
    const harness = createHarnessForUser(STRANGER);
    const response = await harness.call('PUT', '/auth/credentials', { body: '{}' });
    expect(response.status).toBe(405);
    const error = await fromErrorEnvelope(response);
    expect([error.code, error.status, error.retryable]).toEqual(['METHOD_NOT_ALLOWED', 405, false]);
  });

  it('BFF-17: given a refused upstream connection, the 502 should become UPSTREAM_ERROR (retryable) without the secret', async () => {
    const harness = createHarnessForUser(STRANGER, {
      proxy: {
        upstream: {
          baseUrl: 'https://api.example.test/2025-10-13',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          fetch: async () => {
            throw new TypeError(`connect ECONNREFUSED (auth ${CLIENT_SECRET})`);
          },
        },
      },
    });
    const error = await fromErrorEnvelope(await harness.call('GET', '/auth/sessions'));
    expect([error.code, error.status, error.retryable]).toEqual(['UPSTREAM_ERROR', 502, true]);
    expect(typeof error.details?.correlationId).toBe('string');
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain(CLIENT_SECRET);
  });

  it('BFF-17: given an upstream that never answers, the 504 should become UPSTREAM_TIMEOUT (retryable)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let called!: () => void;
    const reached = new Promise<void>((resolve) => {
      called = resolve;
    });
    const harness = createHarnessForUser(STRANGER, {
      proxy: {
        upstream: {
          baseUrl: 'https://api.example.test/2025-10-13',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          timeoutMs: 1000,
          fetch: (request) =>
            new Promise((_, reject) => {
              called();
              request.signal.addEventListener('abort', () => reject(request.signal.reason));
            }),
        },
      },
    });
    const pending = harness.call('GET', '/auth/sessions');
    await reached;
    vi.advanceTimersByTime(1000);
    const error = await fromErrorEnvelope(await pending);
    expect([error.code, error.status, error.retryable]).toEqual(['UPSTREAM_TIMEOUT', 504, true]);
  });
});
