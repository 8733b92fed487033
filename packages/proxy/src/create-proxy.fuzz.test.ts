import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from './routes/route-table.js';
import { ORIGIN, PROXY_URL, rawRequest } from './testing/proxy-harness.js';
import { createWalletHarness, TEST_USER_HEADER } from './testing/wallet-fixtures.js';

const UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('route fuzz (reliability catalogue FUZZ-2, 1,000 seeded runs)', () => {
  it('given random methods, raw paths, headers and bodies, should never answer 5xx and always answer the JSON envelope on errors', async () => {
    const harness = createWalletHarness();
    const user = harness.addUser('fuzz', { email: 'fuzz@example.com' });
    const other = harness.addUser('other');
    const id = fc.constantFrom(
      user.accountId,
      user.customerId,
      user.credentialIds[0]!,
      other.accountId,
      other.customerId,
      `Session:${UUID}`,
      `Quote:${UUID}`,
      `AuthMethod%3A${UUID}`,
      'InternalAccount:nope',
      '%2e%2e',
      '',
    );
    const noise = fc.oneof(
      fc.constantFrom(
        'auth',
        'customers',
        'internal-accounts',
        'session',
        '..',
        '%2e%2e',
        '%2F',
        '%252e',
        '',
        '\\x',
      ),
      fc.string({ maxLength: 8 }),
    );
    const templated = fc.tuple(fc.constantFrom(...SERVICE_ROUTES), id).map(([route, value]) => ({
      method: route.method as string,
      path: route.template.replace(/\{[^}]+\}/, value),
    }));
    const target = fc.oneof(
      { weight: 5, arbitrary: templated },
      {
        weight: 2,
        arbitrary: fc.tuple(templated, noise, fc.nat()).map(([base, extra, at]) => {
          const parts = base.path.split('/');
          parts.splice(1 + (at % parts.length), 0, extra);
          return { method: base.method, path: parts.join('/') };
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(noise, { maxLength: 5 })
          .map((parts) => ({ method: 'GET', path: `/${parts.join('/')}` })),
      },
    );
    const method = (preferred: string) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(preferred) },
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'HEAD'),
      );
    const header = fc.constantFrom<[string, string]>(
      ['Service-Wallet-Signature', 'sandbox-valid-signature'],
      ['Request-Id', `Request:${UUID}`],
      ['Request-Id', 'garbage'],
      ['Idempotency-Key', 'k-1'],
      ['Content-Type', 'text/plain'],
      ['Origin', 'https://evil.example'],
      ['Origin', 'null'],
      ['Cookie', '__Host-wallet-auth-session=v1.x.y'],
      ['Access-Control-Request-Method', 'POST'],
      ['Sec-Fetch-Site', 'cross-site'],
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      fc.constantFrom(
        `{"accountId":"${user.accountId}","type":"EMAIL_OTP"}`,
        `{"accountId":"${other.accountId}","type":"OAUTH","oidcToken":"x.y.z"}`,
        '{"privateEnabled":true}',
        '{"clientPublicKey":"04"}',
        '{}',
        '{',
        '{"a":1,"a":2}',
      ),
      fc.string({ maxLength: 40 }),
    );
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        target.chain((picked) => fc.tuple(fc.constant(picked.path), method(picked.method))),
        fc.array(header, { maxLength: 3 }),
        body,
        fc.constantFrom('fuzz', 'fuzz', 'other', 'nobody'),
        async ([path, chosenMethod], extraHeaders, text, who) => {
          const headers = new Headers([
            [TEST_USER_HEADER, who],
            ['Origin', ORIGIN],
            ['Content-Type', 'application/json'],
          ]);
          for (const [name, value] of extraHeaders) {
            headers.set(name, value);
          }
          const hasBody = text !== undefined && chosenMethod !== 'GET' && chosenMethod !== 'HEAD';
          const response = await harness.proxy.fetch(
            rawRequest(chosenMethod, `${PROXY_URL}/2025-10-13${path}`, {
              headers,
              ...(hasBody ? { body: text } : {}),
            }),
          );
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400 && chosenMethod !== 'HEAD') {
            const envelope = (await response.json()) as Record<string, unknown>;
            expect(envelope.status).toBe(response.status);
            expect(typeof envelope.code).toBe('string');
          }
          expect(response.headers.get('Cache-Control')).toBe('no-store');
        },
      ),
      { numRuns: 1000, seed: 0xf022 },
    );
    // The fuzz must reach the upstream and its answers too, not only the proxy's refusals.
    expect(harness.calls.length).toBeGreaterThan(20);
    expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
  });
});
