/**
 * Reliability catalogue EMU-07 / FUZZ-2, per route: fast-check requests (ids of every kind in the
 * path, queries, the signed-retry headers, content types, JSON bodies shaped like the route's,
 * random bytes and oversize bodies) sent in-process to every route of the emulator. Never a 5xx,
 * never an unhandled rejection, and every error is the JSON envelope with `code` and `status`
 * (docs/protocol.md §13). `FUZZ_RUNS` requests per route: 200 in the test command, ≥ 10,000 with
 * `pnpm test:fuzz`; `FUZZ_SEED` replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_SIGNATURE } from '../magic-values.js';
import { ROUTE_TEMPLATES } from '../route-templates.js';
import { AUTH, BASE, createHarness } from '../test/harness.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 0x0e07);
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

/** One emulator with a signed-in customer, a quote and a second customer, shared per route. */
async function world() {
  const h = createHarness({ acceptLegacyMagicValues: true });
  const alice = await h.createCustomer();
  const bob = await h.createCustomer({ email: 'bob@example.com' });
  const { session } = await h.signInWithOtp(alice.walletId, alice.emailCredentialId);
  const platformUsdc = [...h.sandbox.state.accounts.values()].find(
    (account) => account.label === 'Platform USDC',
  )!.id;
  const quote = await h.request('POST', '/quotes', {
    body: {
      source: { sourceType: 'ACCOUNT', accountId: alice.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: platformUsdc },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1,
    },
  });
  return { h, alice, bob, session, quoteId: quote.body.id as string, platformUsdc };
}

type World = Awaited<ReturnType<typeof world>>;

/** Values for one `{param}`: real ids, other accounts' ids, unknown, malformed, encoded. */
function idFor(w: World, param: string, template: string) {
  const own =
    param === 'customerId'
      ? w.alice.customerId
      : param === 'quoteId'
        ? w.quoteId
        : template.includes('/auth/sessions/')
          ? w.session.id
          : template.includes('/auth/credentials/')
            ? w.alice.emailCredentialId
            : w.alice.walletId;
  return fc.constantFrom(
    own,
    own,
    own.replace(':', '%3A'),
    own.toUpperCase(),
    w.bob.walletId,
    w.bob.emailCredentialId,
    `Session:${UUID}`,
    `Quote:${UUID}`,
    `AuthMethod:${UUID}`,
    `InternalAccount:${UUID}`,
    'InternalAccount:nope',
    `${own}x`,
    '%2e%2e',
    '%00',
    'é',
    'x'.repeat(300),
  );
}

function bodyFor(w: World) {
  const json = fc.jsonValue({ maxDepth: 4 });
  const key = fc.constantFrom(`04${'11'.repeat(64)}`, `02${'22'.repeat(32)}`, '04', 'not-hex');
  const shaped = fc
    .record(
      {
        type: fc.constantFrom('EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY', 'OTHER', 7, null),
        accountId: fc.constantFrom(
          w.alice.walletId,
          w.bob.walletId,
          'x',
          `InternalAccount:${UUID}`,
        ),
        customerId: fc.constantFrom(w.alice.customerId, 'x'),
        customerType: fc.constantFrom('INDIVIDUAL', 'BUSINESS', 'x'),
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })),
        phoneNumber: fc.constantFrom('+14155550100', '555', ''),
        fullName: fc.string({ maxLength: 30 }),
        encryptedOtpBundle: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constant('{"encappedPublic":"04","ciphertext":"00"}'),
          json.map((value) => JSON.stringify(value)),
        ),
        oidcToken: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('a.b.c')),
        clientPublicKey: fc.oneof(key, json),
        assertion: json,
        attestation: json,
        challenge: fc.string({ maxLength: 20 }),
        nickname: fc.string({ maxLength: 120 }),
        privateEnabled: fc.oneof(fc.boolean(), json),
        source: fc.oneof(fc.constant({ sourceType: 'ACCOUNT', accountId: w.alice.walletId }), json),
        destination: fc.oneof(
          fc.constant({ destinationType: 'ACCOUNT', accountId: w.platformUsdc }),
          json,
        ),
        lockedCurrencySide: fc.constantFrom('SENDING', 'RECEIVING', 1),
        lockedCurrencyAmount: fc.oneof(fc.integer(), fc.double(), json),
        amount: fc.oneof(fc.integer(), json),
        immediatelyExecute: fc.oneof(fc.boolean(), json),
        // XXX is ISO 4217's "no currency" code: a well-formed code the emulator must refuse.
        currency: fc.constantFrom('USD', 'USDC', 'XXX', ''),
        sweepRule: json,
        beneficialOwners: json,
        businessInfo: json,
        endUserTermsConsent: json,
        __proto__: json,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: json.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 120 }) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":1,"a":2}', 'null', '[]', '{}') },
    { weight: 1, arbitrary: fc.constant(`{"pad":"${'x'.repeat(70 * 1024)}"}`) },
  );
}

const headerPairs = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['Service-Wallet-Signature', LEGACY_SIGNATURE],
      ['Service-Wallet-Signature', 'eyJhIjoxfQ'],
      ['Request-Id', `Request:${UUID}`],
      ['Request-Id', 'garbage'],
      ['Idempotency-Key', 'key-1'],
      ['Content-Type', 'text/plain'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Content-Type', 'multipart/form-data; boundary=x'],
      ['Authorization', 'Basic Zm9vOmJhcg=='],
      ['Authorization', 'Bearer x'],
      ['Content-Encoding', 'gzip'],
    ),
    fc.tuple(
      fc.constantFrom('Service-Wallet-Signature', 'Request-Id', 'Idempotency-Key', 'X-Anything'),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    ),
  ),
  { maxLength: 4 },
);

const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('accountId', 'customerId', 'type', 'currency', 'limit', 'cursor', 'x'),
      fc.oneof(
        fc.constantFrom(`InternalAccount:${UUID}`, 'EMBEDDED_WALLET', 'USD', '0', '101', '-1'),
        fc.string({ maxLength: 12 }),
      ),
      { maxKeys: 4 },
    )
    .map((entries) => `?${new URLSearchParams(entries).toString()}`),
);

describe('emulator route fuzz (catalogue EMU-07, FUZZ-2)', () => {
  it.each(ROUTE_TEMPLATES.map((template, index) => [template, index] as const))(
    `FUZZ-2/EMU-07: given ${RUNS} fuzzed requests to %s, should never answer 5xx or reject, and answer every error with the JSON envelope`,
    async (template, index) => {
      const w = await world();
      const method = template.slice(0, template.indexOf(' '));
      const params = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const path = fc.tuple(...params.map((param) => idFor(w, param, template))).map((values) => {
        let i = 0;
        return template.slice(template.indexOf(' ') + 1).replace(/\{\w+\}/g, () => values[i++]!);
      });
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          params.length === 0 ? fc.constant(template.slice(template.indexOf(' ') + 1)) : path,
          query,
          headerPairs,
          bodyFor(w),
          fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false)),
          async (target, search, extra, body, withAuth) => {
            const headers = new Headers({ 'Content-Type': 'application/json' });
            if (withAuth) {
              headers.set('Authorization', AUTH);
            }
            for (const [name, value] of extra) {
              try {
                headers.set(name, value);
              } catch {
                // Not a legal header value: a client could not send it.
              }
            }
            const hasBody = method !== 'GET' && method !== 'HEAD';
            let response: Response;
            try {
              response = await w.h.sandbox.fetch(
                new Request(`${BASE}${target}${search}`, {
                  method,
                  headers,
                  ...(hasBody ? { body } : {}),
                }),
              );
            } catch (error) {
              throw new Error(`the handler threw for ${method} ${target}: ${String(error)}`);
            }
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            expect(response.status, `${method} ${target}`).toBeLessThan(500);
            if (response.status >= 400) {
              expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
              const envelope = JSON.parse(await response.text()) as Record<string, unknown>;
              expect(envelope.status).toBe(response.status);
              expect(typeof envelope.code).toBe('string');
              expect(typeof envelope.message).toBe('string');
            } else {
              await response.arrayBuffer();
            }
          },
        ),
        { numRuns: RUNS, seed: SEED + index },
      );
      expect(unhandled).toBe(0);
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
    },
    Math.max(30_000, RUNS * 20),
  );
});
