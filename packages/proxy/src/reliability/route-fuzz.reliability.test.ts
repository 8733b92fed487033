/**
 * Reliability catalogue FUZZ-2 at the proxy, per route: fast-check requests to every allowlisted
 * route (and the demo `/session` routes) in-process, with the real emulator upstream. Ids of the
 * user and of another user in paths, queries and bodies, hostile path segments, foreign origins,
 * cookies, signed-retry headers, content types, JSON and random bytes. Never a 5xx, never an
 * unhandled rejection, every error the JSON envelope, every answer `Cache-Control: no-store`.
 * `FUZZ_RUNS` requests per route: 200 in the test command, ≥ 10,000 with `pnpm test:fuzz`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from '../routes/route-table.js';
import { createHarness, ORIGIN, PROXY_URL, rawRequest } from '../testing/proxy-harness.js';
import { createWalletHarness, TEST_USER_HEADER } from '../testing/wallet-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 0xf2f2);
const UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

let unhandled = 0;
const onUnhandled = () => {
  unhandled += 1;
};
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

const headerPairs = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['Service-Wallet-Signature', 'sandbox-valid-signature'],
      ['Service-Wallet-Signature', 'eyJhIjoxfQ'],
      ['Request-Id', `Request:${UUID}`],
      ['Request-Id', 'garbage'],
      ['Idempotency-Key', 'k-1'],
      ['Content-Type', 'text/plain'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Origin', 'https://evil.example'],
      ['Origin', 'null'],
      ['Sec-Fetch-Site', 'cross-site'],
      ['Access-Control-Request-Method', 'POST'],
      ['Authorization', 'Basic Zm9vOmJhcg=='],
      ['X-Forwarded-For', '10.0.0.1'],
      ['Host', 'evil.example'],
      ['Cookie', '__Host-wallet-auth-session=v1.x.y'],
      ['Content-Length', '5'],
      ['Transfer-Encoding', 'chunked'],
    ),
    fc.tuple(
      fc.constantFrom('Service-Wallet-Signature', 'Request-Id', 'Idempotency-Key', 'X-Thing'),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    ),
  ),
  { maxLength: 4 },
);

const method = (preferred: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(preferred) },
    // TRACE cannot be put in a web Request at all (the Node adapter test covers it, BFF-22).
    fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'),
  );

const json = fc.jsonValue({ maxDepth: 3 });

async function check(response: Response, requestMethod: string, label: string) {
  expect(response.status, label).toBeLessThan(500);
  expect(response.headers.get('Cache-Control'), label).toBe('no-store');
  if (response.status >= 400 && requestMethod !== 'HEAD') {
    expect(response.headers.get('Content-Type'), label).toMatch(/^application\/json/);
    const envelope = (await response.json()) as Record<string, unknown>;
    expect(envelope.status, label).toBe(response.status);
    expect(typeof envelope.code, label).toBe('string');
  } else {
    await response.arrayBuffer();
  }
}

describe('proxy route fuzz (catalogue FUZZ-2)', () => {
  it.each(SERVICE_ROUTES.map((route, index) => [route.key, index] as const))(
    `FUZZ-2: given ${RUNS} fuzzed requests to %s, should never answer 5xx or reject, and answer every error with the JSON envelope`,
    async (_key, index) => {
      const route = SERVICE_ROUTES[index]!;
      const harness = createWalletHarness({
        proxy: { allowSandboxFunding: true, rateLimit: { requestsPerMinute: 0 } },
      });
      const user = harness.addUser('fuzz', { email: 'fuzz@example.com' });
      const other = harness.addUser('other', { email: 'other@example.com' });
      const ids = fc.constantFrom(
        user.accountId,
        user.customerId,
        user.credentialIds[0]!,
        user.accountId.replace(':', '%3A'),
        other.accountId,
        other.customerId,
        other.credentialIds[0]!,
        `Session:${UUID}`,
        `Quote:${UUID}`,
        `AuthMethod:${UUID}`,
        'InternalAccount:nope',
        '%2e%2e',
        '..',
        '%2F',
        '%252e%252e',
        '\\evil',
        '',
        'é',
      );
      const path = ids.map((id) => route.template.replace(/\{[^}]+\}/, id));
      const extraSegment = fc.tuple(
        path,
        fc.constantFrom('..', '%2e%2e', '', 'x', '%2F', 'customers'),
        fc.nat(),
      );
      const target = fc.oneof(
        { weight: 6, arbitrary: path },
        {
          weight: 1,
          arbitrary: extraSegment.map(([base, extra, at]) => {
            const parts = base.split('/');
            parts.splice(1 + (at % parts.length), 0, extra);
            return parts.join('/');
          }),
        },
      );
      const query = fc.oneof(
        fc.constant(''),
        fc
          .dictionary(
            fc.constantFrom('accountId', 'customerId', 'type', 'limit', 'cursor', 'currency', 'x'),
            fc.constantFrom(user.accountId, other.accountId, other.customerId, '5', '0', 'x'),
            { maxKeys: 3 },
          )
          .map((entries) => `?${new URLSearchParams(entries).toString()}`),
      );
      const body = fc.oneof(
        fc.constant(undefined),
        fc
          .record(
            {
              type: fc.constantFrom('EMAIL_OTP', 'OAUTH', 'PASSKEY', 'x'),
              accountId: fc.constantFrom(user.accountId, other.accountId, 'x'),
              clientPublicKey: fc.constantFrom(`04${'11'.repeat(64)}`, '04', 'x'),
              privateEnabled: fc.oneof(fc.boolean(), json),
              encryptedOtpBundle: fc.string({ maxLength: 30 }),
              oidcToken: fc.constantFrom('a.b.c', 'x'),
              source: fc.oneof(
                fc.constant({ sourceType: 'ACCOUNT', accountId: other.accountId }),
                fc.constant({ sourceType: 'ACCOUNT', accountId: user.accountId }),
                json,
              ),
              destination: json,
              lockedCurrencyAmount: json,
              amount: json,
              email: fc.emailAddress(),
              __proto__: json,
            },
            { requiredKeys: [] },
          )
          .map((value) => JSON.stringify(value)),
        json.map((value) => JSON.stringify(value)),
        fc.constantFrom('{', '{"a":1,"a":2}', '', 'null', `{"x":"${'y'.repeat(70 * 1024)}"}`),
        fc.string({ maxLength: 40 }),
        fc.uint8Array({ maxLength: 64 }),
      );
      await fc.assert(
        fc.asyncProperty(
          target,
          query,
          method(route.method),
          headerPairs,
          body,
          fc.constantFrom('fuzz', 'fuzz', 'fuzz', 'other', 'nobody'),
          async (path, search, chosen, extra, text, who) => {
            const headers = new Headers([
              [TEST_USER_HEADER, who],
              ['Origin', ORIGIN],
              ['Content-Type', 'application/json'],
            ]);
            for (const [name, value] of extra) {
              try {
                headers.set(name, value);
              } catch {
                // Not a legal header value: no browser could send it.
              }
            }
            const hasBody = text !== undefined && chosen !== 'GET' && chosen !== 'HEAD';
            const response = await harness.proxy.fetch(
              rawRequest(chosen, `${PROXY_URL}/2025-10-13${path}${search}`, {
                headers,
                ...(hasBody ? { body: text } : {}),
              }),
            );
            await check(response, chosen, `${chosen} ${path}${search}`);
          },
        ),
        { numRuns: RUNS, seed: SEED + index },
      );
      expect(unhandled).toBe(0);
    },
    Math.max(30_000, RUNS * 20),
  );

  it.each([
    ['POST /session', 'POST'],
    ['GET /session', 'GET'],
    ['DELETE /session', 'DELETE'],
  ] as const)(
    `FUZZ-2: given ${RUNS} fuzzed requests to the demo route %s, should never answer 5xx or reject, and answer every error with the JSON envelope`,
    async (_label, preferred) => {
      const harness = createHarness();
      const session = await harness.call('POST', `${PROXY_URL}/session`, {
        body: JSON.stringify({ email: 'demo@example.com' }),
      });
      expect(session.status).toBe(200);
      const cookie = harness.cookie!;
      await fc.assert(
        fc.asyncProperty(
          method(preferred),
          headerPairs,
          fc.oneof(
            fc.constant(undefined),
            fc.emailAddress().map((email) => JSON.stringify({ email })),
            json.map((value) => JSON.stringify(value)),
            fc.string({ maxLength: 40 }),
          ),
          fc.constantFrom(cookie, `${cookie}x`, '__Host-wallet-auth-session=', undefined),
          async (chosen, extra, text, jar) => {
            const headers = new Headers([
              ['Origin', ORIGIN],
              ['Content-Type', 'application/json'],
            ]);
            if (jar !== undefined) {
              headers.set('Cookie', jar);
            }
            for (const [name, value] of extra) {
              try {
                headers.set(name, value);
              } catch {
                // Not a legal header value.
              }
            }
            const hasBody = text !== undefined && chosen !== 'GET' && chosen !== 'HEAD';
            const response = await harness.proxy.fetch(
              new Request(`${PROXY_URL}/session`, {
                method: chosen,
                headers,
                ...(hasBody ? { body: text } : {}),
              }),
              { remoteAddress: '127.0.0.1' },
            );
            await check(response, chosen, `${chosen} /session`);
          },
        ),
        { numRuns: RUNS, seed: SEED + 100 },
      );
      expect(unhandled).toBe(0);
    },
    Math.max(30_000, RUNS * 20),
  );
});
