/**
 * Attacks at the proxy's edge, each refused (reliability catalogue BFF-31, BFF-33, BFF-34,
 * BFF-36): a sign-in flood from one address, forged forwarding headers, magic or malformed
 * stamps, and a store that fails.
 */
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../stores/memory-stores.js';
import type { ProxyStores } from '../stores/stores.js';
import {
  API,
  createHarness,
  createHarnessForUser,
  json,
  ORIGIN,
  PROXY_URL,
  STRANGER,
} from '../testing/proxy-harness.js';

const signInRequest = (email: string, headers: Record<string, string> = {}) =>
  new Request(`${PROXY_URL}/session`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
  });

describe('sign-in flood (BFF-31)', () => {
  it('BFF-31: given one address flooding sign-in, including with the victim e-mail, should refuse it with 429 while another address signs the victim and others in fine', async () => {
    const harness = createHarness({
      proxy: { rateLimit: { signInPerMinute: 3, signInPerAddressPerMinute: 20 } },
    });
    const attacker = { remoteAddress: '203.0.113.66' };
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) {
      const email = index % 2 === 0 ? 'victim@example.com' : `spray${index}@example.com`;
      statuses.push((await harness.proxy.fetch(signInRequest(email), attacker)).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.slice(-10).every((status) => status === 429)).toBe(true);
    const victim = await harness.proxy.fetch(signInRequest('victim@example.com'), {
      remoteAddress: '198.51.100.20',
    });
    expect(victim.status).toBe(200);
    const bystander = await harness.proxy.fetch(signInRequest('bystander@example.com'), {
      remoteAddress: '198.51.100.21',
    });
    expect(bystander.status).toBe(200);
    const refused = await harness.proxy.fetch(signInRequest('victim@example.com'), attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('client address behind load balancers (BFF-33)', () => {
  it('BFF-33: given X-Forwarded-For or Forwarded from a peer that is not a trusted proxy, should ignore them and limit by the peer', async () => {
    const harness = createHarness({
      proxy: { trustedProxies: ['10.0.0.0/8'], rateLimit: { signInPerAddressPerMinute: 3 } },
    });
    const forged = (index: number) => ({
      'X-Forwarded-For': `198.51.100.${index}`,
      Forwarded: `for=198.51.100.${index}`,
    });
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const response = await harness.proxy.fetch(
        signInRequest(`forger${index}@example.com`, forged(index)),
        { remoteAddress: '203.0.113.7' },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('BFF-33: given a trusted balancer, should key each client by the nearest untrusted hop, so a client prepending addresses gains nothing', async () => {
    const harness = createHarness({
      proxy: { trustedProxies: ['10.0.0.0/8'], rateLimit: { signInPerAddressPerMinute: 2 } },
    });
    const viaBalancer = async (email: string, xff: string) =>
      (
        await harness.proxy.fetch(signInRequest(email, { 'X-Forwarded-For': xff }), {
          remoteAddress: '::ffff:10.1.2.3',
        })
      ).status;
    // The client 198.51.100.9 writes a fresh fake address each time; the balancer appends its own view.
    const spoofing = [];
    for (let index = 0; index < 5; index++) {
      spoofing.push(await viaBalancer(`s${index}@example.com`, `192.0.2.${index}, 198.51.100.9`));
    }
    expect(spoofing).toEqual([200, 200, 429, 429, 429]);
    // Another client behind the same balancer keeps its own budget.
    expect(await viaBalancer('other@example.com', '198.51.100.10')).toBe(200);
    // Through two trusted hops (Forwarded, RFC 7239), the client is still the first untrusted one.
    const twoHops = await harness.proxy.fetch(
      signInRequest('hops@example.com', {
        Forwarded: 'for=198.51.100.11, for="[2001:db8::1]:443", for=10.9.9.9',
      }),
      { remoteAddress: '10.1.2.3' },
    );
    expect(twoHops.status).toBe(200);
  });
});

describe('stamps at the edge (BFF-34)', () => {
  it('BFF-34: given the sandbox magic stamp or any non-stamp on a signed leg, should answer 400 with the envelope and forward nothing, even to a sandbox that would accept it', async () => {
    const harness = createHarnessForUser(STRANGER, { sandbox: { acceptLegacyMagicValues: true } });
    const key = createTestKey();
    const notStamps = [
      'sandbox-valid-signature',
      'eyJhIjoxfQ',
      stamp('x', key, { scheme: 'SIGNATURE_SCHEME_OTHER' }),
      stamp('x', key, { signatureHex: '3006020100020101' }),
      stamp('x', key, { signatureHex: 'zz' }),
      btoa(
        JSON.stringify({
          publicKey: '02ab',
          scheme: 'SIGNATURE_SCHEME_TK_API_P256',
          signature: '3006020101020101',
        }),
      ).replace(/=+$/, ''),
      `${stamp('x', key)}=`,
    ];
    for (const value of notStamps) {
      const response = await harness.call(
        'POST',
        `/internal-accounts/${STRANGER.accountId}/export`,
        {
          body: JSON.stringify({ clientPublicKey: key.publicKey }),
          headers: {
            'Service-Wallet-Signature': value,
            'Request-Id': 'Request:6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
          },
        },
      );
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
        details: { errors: [{ field: 'Service-Wallet-Signature' }] },
      });
    }
    expect(harness.calls).toEqual([]);
  });
});

describe('a store that fails (BFF-36)', () => {
  function failing(stores: ProxyStores, broken: { now: boolean }): ProxyStores {
    const maybe = <T>(value: () => Promise<T>) =>
      broken.now ? Promise.reject(new Error('connection lost')) : value();
    return {
      ...stores,
      rateLimits: { hit: (key, options) => maybe(() => stores.rateLimits.hit(key, options)) },
      sessions: {
        create: (id, record, ttl) => maybe(() => stores.sessions.create(id, record, ttl)),
        get: (id) => maybe(() => stores.sessions.get(id)),
        delete: (id) => maybe(() => stores.sessions.delete(id)),
      },
    };
  }

  it('BFF-36: given a throwing store, should answer 503 with Retry-After and the envelope, call no upstream, sign nobody out, and lose nothing once it recovers', async () => {
    const broken = { now: false };
    const logs: Record<string, unknown>[] = [];
    const harness = createHarness({
      proxy: {
        stores: failing(createMemoryStores(), broken),
        logger: (entry) => logs.push(entry),
      },
    });
    expect(
      (await harness.call('POST', `${PROXY_URL}/session`, { body: '{"email":"kept@example.com"}' }))
        .status,
    ).toBe(200);
    const cookie = harness.cookie;
    const callsBefore = harness.calls.length;
    broken.now = true;
    const wallet = await harness.call('GET', `${API}/auth/sessions`);
    expect(wallet.status).toBe(503);
    expect(wallet.headers.get('Retry-After')).toBe('1');
    expect(await json(wallet)).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      details: { correlationId: expect.any(String) },
    });
    const signIn = await harness.call('POST', `${PROXY_URL}/session`, {
      body: '{"email":"new@example.com"}',
    });
    expect(signIn.status).toBe(503);
    expect(signIn.headers.get('Set-Cookie')).toBeNull();
    expect(harness.calls.length).toBe(callsBefore);
    // Logged without a stack trace.
    expect(JSON.stringify(logs)).not.toMatch(/\\n\s+at /);
    expect(logs.some((entry) => entry.event === 'store.failure')).toBe(true);
    broken.now = false;
    harness.cookie = cookie;
    const who = await harness.call('GET', `${PROXY_URL}/session`);
    expect(who.status).toBe(200);
    expect(await json(who)).toMatchObject({ email: 'kept@example.com' });
    expect((await harness.call('GET', `${API}/auth/sessions`)).status).toBe(200);
  });
});
