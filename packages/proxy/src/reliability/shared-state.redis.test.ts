/**
 * Three proxy instances, one real Redis, one emulator (reliability catalogue BFF-29, BFF-30,
 * BFF-38, BFF-40): state written through one instance holds on the others, limits hold across
 * them, and a Redis outage fails closed and heals without restarting the proxies.
 */
import { createSandbox, mintSandboxIdToken, oidcNonceFor } from '@wallet-auth/sandbox';
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_USER_HEADER, startFleet } from '../testing/proxy-fleet.js';
import { CLIENT_ID, CLIENT_SECRET, ORIGIN } from '../testing/proxy-harness.js';
import { startTestRedis, type TestRedis } from '../testing/redis-server.js';

let redis: TestRedis;
let namespaceCount = 0;
const namespace = () => `t${process.pid}-${namespaceCount++}`;

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.close();
});

const json = { 'Content-Type': 'application/json', Origin: ORIGIN };

describe('three proxy instances sharing one Redis', () => {
  it('BFF-29: given a sign-out on instance 1, should refuse the same cookie on instances 2 and 3 within 1 s', async () => {
    const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const fleet = await startFleet({
      count: 3,
      redisUrl: redis.url,
      namespace: namespace(),
      sandbox,
      demo: true,
    });
    try {
      const [one, two, three] = fleet.instances;
      const signIn = await fetch(`${one!.apiUrl}/session`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'shared@example.com' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
      const who = (apiUrl: string) =>
        fetch(`${apiUrl}/session`, { headers: { Cookie: cookie } }).then((r) => r.status);
      expect([await who(two!.apiUrl), await who(three!.apiUrl)]).toEqual([200, 200]);
      const out = await fetch(`${one!.apiUrl}/session`, {
        method: 'DELETE',
        headers: { Cookie: cookie, Origin: ORIGIN },
      });
      expect(out.status).toBe(204);
      const signedOutAt = performance.now();
      const refused = async (apiUrl: string) => {
        while ((await who(apiUrl)) !== 401) {
          if (performance.now() - signedOutAt > 1_000) {
            return false;
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return true;
      };
      expect(await Promise.all([refused(two!.apiUrl), refused(three!.apiUrl)])).toEqual([
        true,
        true,
      ]);
      expect(performance.now() - signedOutAt).toBeLessThan(1_000);
      // The same cookie on a wallet route: 401 before any upstream call.
      const wallet = await fetch(`${three!.apiUrl}/2025-10-13/auth/sessions`, {
        headers: { Cookie: cookie },
      });
      expect(wallet.status).toBe(401);
    } finally {
      await fleet.close();
    }
  });

  it('BFF-30: given 3 × N parallel requests of one user spread over three instances, should grant at most N + 1% in the minute', async () => {
    const budget = 100;
    const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const fleet = await startFleet({
      count: 3,
      redisUrl: redis.url,
      namespace: namespace(),
      sandbox,
      proxy: { rateLimit: { requestsPerMinute: budget } },
    });
    try {
      await fleet.instances[0]!.bindings.bind('budget-user', { email: 'budget@example.com' });
      const statuses = await Promise.all(
        Array.from({ length: 3 * budget }, (_, index) =>
          fetch(`${fleet.instances[index % 3]!.apiUrl}/2025-10-13/auth/credentials`, {
            headers: { [FLEET_USER_HEADER]: 'budget-user' },
          }).then((response) => response.status),
        ),
      );
      const granted = statuses.filter((status) => status === 200).length;
      const limited = statuses.filter((status) => status === 429).length;
      expect(granted + limited).toBe(3 * budget);
      expect(granted).toBeLessThanOrEqual(budget * 1.01);
      expect(granted).toBeGreaterThanOrEqual(budget * 0.99);
    } finally {
      await fleet.close();
    }
  });

  it('BFF-38: given a quote created through instance 1, should execute it through instance 2 (and not for another user)', async () => {
    const sandbox = createSandbox({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      acceptLegacyMagicValues: false,
    });
    const fleet = await startFleet({
      count: 3,
      redisUrl: redis.url,
      namespace: namespace(),
      sandbox,
      proxy: { allowSandboxFunding: true },
    });
    try {
      const [one, two] = fleet.instances;
      const payer = await one!.bindings.bind('payer');
      await one!.bindings.bind('other');
      const payee = sandbox.seedCustomer({ customerType: 'INDIVIDUAL' });
      const as = (user: string, apiUrl: string, method: string, path: string, body?: unknown) =>
        fetch(`${apiUrl}/2025-10-13${path}`, {
          method,
          headers: { ...json, [FLEET_USER_HEADER]: user },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      // A session key of the payer's wallet: an OAUTH credential verified with a compressed key,
      // which the session then authorises as is (§15).
      const key = createTestKey();
      const token = (nonce?: string) =>
        mintSandboxIdToken({
          aud: 'proxy-tests',
          sub: 'payer-sub',
          email: 'payer@example.com',
          now: Date.now() / 1000,
          ...(nonce === undefined ? {} : { nonce }),
        });
      const credential = await as('payer', one!.apiUrl, 'POST', '/auth/credentials', {
        type: 'OAUTH',
        accountId: payer.accountId,
        oidcToken: token(),
      });
      expect(credential.status).toBe(201);
      const credentialId = ((await credential.json()) as { id: string }).id;
      const verified = await as(
        'payer',
        two!.apiUrl,
        'POST',
        `/auth/credentials/${credentialId}/verify`,
        {
          type: 'OAUTH',
          oidcToken: token(oidcNonceFor(key.compressedPublicKey)),
          clientPublicKey: key.compressedPublicKey,
        },
      );
      expect(verified.status).toBe(200);
      expect(
        (
          await as(
            'payer',
            one!.apiUrl,
            'POST',
            `/sandbox/internal-accounts/${payer.accountId}/fund`,
            { amount: 1000 },
          )
        ).status,
      ).toBe(200);
      const created = await as('payer', one!.apiUrl, 'POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: payee.walletAccountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 100,
      });
      expect(created.status).toBe(201);
      const quote = (await created.json()) as { id: string };
      expect(
        (await as('other', two!.apiUrl, 'POST', `/quotes/${quote.id}/execute`, {})).status,
      ).toBe(403);
      const leg1 = await as('payer', two!.apiUrl, 'POST', `/quotes/${quote.id}/execute`, {});
      expect(leg1.status).toBe(202);
      const challenge = (await leg1.json()) as { payloadToSign: string; requestId: string };
      const leg2 = await fetch(`${two!.apiUrl}/2025-10-13/quotes/${quote.id}/execute`, {
        method: 'POST',
        headers: {
          ...json,
          [FLEET_USER_HEADER]: 'payer',
          'Service-Wallet-Signature': stamp(challenge.payloadToSign, key),
          'Request-Id': challenge.requestId,
        },
        body: '{}',
      });
      expect(leg2.status).toBe(200);
    } finally {
      await fleet.close();
    }
  });

  it('BFF-40: given Redis restarted mid-run, should answer 503 with Retry-After while it is down, grant nothing past the limit, and resume without restarting the proxies', async () => {
    const budget = 20;
    const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const fleet = await startFleet({
      count: 3,
      redisUrl: redis.url,
      namespace: namespace(),
      sandbox,
      proxy: { rateLimit: { requestsPerMinute: budget } },
    });
    const call = (index: number) =>
      fetch(`${fleet.instances[index % 3]!.apiUrl}/2025-10-13/auth/credentials`, {
        headers: { [FLEET_USER_HEADER]: 'restart-user' },
      });
    try {
      await fleet.instances[0]!.bindings.bind('restart-user', { email: 'restart@example.com' });
      const before = await Promise.all(Array.from({ length: 10 }, (_, index) => call(index)));
      expect(before.map((response) => response.status)).toEqual(Array(10).fill(200));

      await redis.stop({ save: true });
      const whileDown = await Promise.all(Array.from({ length: 30 }, (_, index) => call(index)));
      expect(new Set(whileDown.map((response) => response.status))).toEqual(new Set([503]));
      const refusal = whileDown[0]!;
      expect(refusal.headers.get('Retry-After')).toBe('1');
      expect(await refusal.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      const signUp = await fetch(`${fleet.instances[1]!.apiUrl}/2025-10-13/auth/credentials`, {
        method: 'POST',
        headers: { ...json, [FLEET_USER_HEADER]: 'restart-user' },
        body: JSON.stringify({
          type: 'EMAIL_OTP',
          accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000',
        }),
      });
      expect(signUp.status).toBe(503);

      await redis.start();
      // The proxies reconnect by themselves (within about a second).
      const resumedBy = Date.now() + 10_000;
      let resumed = 0;
      while (resumed === 0 && Date.now() < resumedBy) {
        const statuses = await Promise.all(
          [0, 1, 2].map((index) => call(index).then((r) => r.status)),
        );
        expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
        resumed = statuses.filter((status) => status === 200).length;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(resumed).toBeGreaterThan(0);
      const after = await Promise.all(
        Array.from({ length: 3 * budget }, (_, index) => call(index)),
      );
      const grantedAfter = after.filter((response) => response.status === 200).length;
      // 10 before the outage, `resumed` while probing, the rest now: never more than the budget.
      expect(10 + resumed + grantedAfter).toBe(budget);
      expect(after.filter((response) => response.status === 429).length).toBe(
        3 * budget - grantedAfter,
      );
    } finally {
      await fleet.close();
    }
  });
});
