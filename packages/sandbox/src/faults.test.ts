import { stamp } from '@wallet-auth/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxConnectionDropped } from './faults.js';
import type { SandboxFaultRule } from './options.js';
import { AUTH, BASE, createHarness } from './test/harness.js';

function faulty(rules: SandboxFaultRule[], seed = 7) {
  return createHarness({ faults: { seed, rules } });
}

const customerRequest = () =>
  new Request(`${BASE}/customers`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ customerType: 'INDIVIDUAL' }),
  });

async function customerCount(h: ReturnType<typeof createHarness>): Promise<number> {
  return (await h.request('GET', '/customers/internal-accounts?type=EMBEDDED_WALLET')).body
    .totalCount;
}

describe('seeded faults (docs/protocol.md §14 `faults`; catalogue EMU-05)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given dropBeforeCommit, should reject the fetch like a socket reset and commit nothing', async () => {
    const h = faulty([{ route: 'POST /customers', rate: 1, kind: 'dropBeforeCommit' }]);
    await expect(h.sandbox.fetch(customerRequest())).rejects.toBeInstanceOf(
      SandboxConnectionDropped,
    );
    expect(await customerCount(h)).toBe(0);
  });

  it('given dropAfterCommit, should reject the fetch after the effect committed', async () => {
    const h = faulty([{ route: 'POST /customers', rate: 1, kind: 'dropAfterCommit' }]);
    const error = await h.sandbox.fetch(customerRequest()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxConnectionDropped);
    expect((error as SandboxConnectionDropped).committed).toBe(true);
    expect(await customerCount(h)).toBe(1);
  });

  it('given rateLimit and serverError, should answer 429 with Retry-After and 500 INTERNAL_ERROR in the envelope', async () => {
    const limited = faulty([{ route: '*', rate: 1, kind: 'rateLimit', retryAfter: 3 }]);
    const response = await limited.request('GET', '/auth/sessions?accountId=x');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(response.body.code).toBe('RATE_LIMITED');
    const broken = faulty([
      { route: 'GET /customers/internal-accounts', rate: 1, kind: 'serverError' },
    ]);
    const failed = await broken.request('GET', '/customers/internal-accounts');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal error (sandbox fault)',
    });
    expect(
      (await broken.request('POST', '/customers', { body: { customerType: 'INDIVIDUAL' } })).status,
    ).toBe(201);
  });

  it('given truncateBody, should commit and return the first half of the body', async () => {
    const h = faulty([{ route: 'POST /customers', rate: 1, kind: 'truncateBody' }]);
    const response = await h.request('POST', '/customers', {
      body: { customerType: 'INDIVIDUAL' },
    });
    expect(response.status).toBe(201);
    expect(() => JSON.parse(response.text)).toThrow();
    expect(await customerCount(h)).toBe(1);
  });

  it('given latency, should hold the response for the configured time (fake timers)', async () => {
    vi.useFakeTimers();
    const h = faulty([
      { route: 'GET /customers/internal-accounts', rate: 1, kind: 'latency', ms: 2000 },
    ]);
    let done = false;
    const pending = h.request('GET', '/customers/internal-accounts').then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('given a processing fault, should answer PROCESSING `times` times on the accepted send', async () => {
    const h = faulty([
      { route: 'PATCH /internal-accounts/{id}', rate: 1, kind: 'processing', times: 2 },
    ]);
    const { walletId, emailCredentialId } = await h.createCustomer();
    const { key } = await h.signInWithOtp(walletId, emailCredentialId);
    const leg1 = await h.request('PATCH', `/internal-accounts/${walletId}`, {
      body: '{"privateEnabled":true}',
    });
    const send = () =>
      h.request('PATCH', `/internal-accounts/${walletId}`, {
        body: '{"privateEnabled":true}',
        headers: {
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
          'Request-Id': leg1.body.requestId,
        },
      });
    expect((await send()).body.status).toBe('PROCESSING');
    expect((await send()).body.status).toBe('PROCESSING');
    expect((await send()).body.privateEnabled).toBe(true);
  });

  it('given the same seed and request sequence, should reproduce the same outcomes; another seed differs', async () => {
    const outcomes = async (seed: number) => {
      const h = faulty(
        [{ route: 'GET /customers/internal-accounts', rate: 0.5, kind: 'serverError' }],
        seed,
      );
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        statuses.push((await h.request('GET', '/customers/internal-accounts')).status);
      }
      return statuses;
    };
    const first = await outcomes(1);
    expect(await outcomes(1)).toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await outcomes(2)).not.toEqual(first);
  });
});
