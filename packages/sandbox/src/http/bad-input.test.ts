import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTE_TEMPLATES } from '../route-templates.js';
import { AUTH, BASE, createHarness } from '../test/harness.js';

async function raw(
  h: ReturnType<typeof createHarness>,
  method: string,
  url: string,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const response = await h.sandbox.fetch(
    new Request(url, {
      method,
      headers: { Authorization: AUTH, ...init.headers },
      body: init.body,
    }),
  );
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? undefined : JSON.parse(text) };
}

describe('bad input never reaches a 500 (docs/protocol.md §1, §13; catalogue EMU-07, EMU-11)', () => {
  it('given malformed JSON, a non-object, a BOM, invalid UTF-8, a wrong or missing content type or no body, should answer 400 INVALID_INPUT', async () => {
    const h = createHarness();
    const url = `${BASE}/customers`;
    const json = { 'Content-Type': 'application/json' };
    const cases: [BodyInit | undefined, Record<string, string>][] = [
      ['{', json],
      ['[]', json],
      ['42', json],
      ['null', json],
      ['\uFEFF{"customerType":"INDIVIDUAL"}', json],
      [Uint8Array.of(0x7b, 0xc3, 0x28, 0x7d), json],
      ['{"customerType":"INDIVIDUAL"}', { 'Content-Type': 'text/plain' }],
      ['{"customerType":"INDIVIDUAL"}', {}],
      [undefined, json],
    ];
    for (const [body, headers] of cases) {
      const response = await raw(h, 'POST', url, { body, headers });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
        message: expect.any(String),
      });
    }
    const charset = await raw(h, 'POST', url, {
      body: '{"customerType":"INDIVIDUAL"}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
  });

  it('given wrong member types, should list every field (no coercion)', async () => {
    const h = createHarness();
    const response = await h.request('POST', '/customers', {
      body: {
        customerType: ['INDIVIDUAL'],
        email: 7,
        fullName: { first: 'A' },
        birthDate: 19000101,
      },
    });
    expect(response.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'birthDate',
      'customerType',
      'email',
      'fullName',
    ]);
  });

  it('given a body over 64 KiB, should answer 413 INVALID_INPUT in the envelope', async () => {
    const h = createHarness();
    const response = await h.request('POST', '/customers', {
      body: { customerType: 'INDIVIDUAL', fullName: 'x'.repeat(70_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      status: 413,
      code: 'INVALID_INPUT',
      message: 'Request body exceeds 64 KiB',
    });
  });

  it('given %3A in a path id, should decode it once; %253A, %2F, a wrong prefix or a bad UUID is 400', async () => {
    const h = createHarness();
    const { emailCredentialId } = await h.createCustomer();
    const encoded = emailCredentialId.replace(':', '%3A');
    expect(
      (await h.request('POST', `/auth/credentials/${encoded}/challenge`, { body: {} })).status,
    ).toBe(200);
    expect(
      (
        await h.request(
          'POST',
          `/auth/credentials/${emailCredentialId.toUpperCase().replace('AUTHMETHOD', 'AuthMethod')}/challenge`,
          { body: {} },
        )
      ).status,
    ).toBe(200);
    for (const id of [
      emailCredentialId.replace(':', '%253A'),
      emailCredentialId.replace(':', '%2F'),
      emailCredentialId.replace('AuthMethod', 'Session'),
      'AuthMethod:not-a-uuid',
      'authmethod:00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await h.request('POST', `/auth/credentials/${id}/challenge`, { body: {} });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
  });

  it('given %2e%2e traversal, an unknown route or a wrong method, should answer 404 NOT_FOUND in the envelope, never leaving the base path', async () => {
    const h = createHarness();
    const { emailCredentialId } = await h.createCustomer();
    for (const [method, url] of [
      ['POST', `${BASE}/auth/credentials/%2e%2e/verify`],
      ['POST', `${BASE}/auth/credentials/${emailCredentialId}/%2e%2e/%2e%2e/sessions`],
      ['GET', `${BASE}/%2e%2e/customers/internal-accounts`],
      ['GET', 'http://sandbox.test/2024-01-01/customers/internal-accounts'],
      ['PUT', `${BASE}/customers`],
      ['OPTIONS', `${BASE}/auth/sessions`],
      ['GET', `${BASE}/nope`],
    ] as const) {
      const response = await raw(h, method, url);
      expect(response.status, url).toBe(404);
      expect(response.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });

  it('given __proto__ and constructor members, should not pollute prototypes', async () => {
    const h = createHarness();
    const response = await h.request('POST', '/customers', {
      body: '{"customerType":"INDIVIDUAL","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"address":{"__proto__":{"polluted":true},"line1":"a","city":"b","postalCode":"c","country":"GB"}}',
    });
    expect(response.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(response.body.address).toEqual({
      line1: 'a',
      city: 'b',
      postalCode: 'c',
      country: 'GB',
    });
  });

  it('given unknown well-formed ids in paths, should answer 404 on every resource route', async () => {
    const h = createHarness();
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [
      ['GET', `/customers/Customer:${uuid}`, undefined],
      ['PATCH', `/customers/Customer:${uuid}`, {}],
      ['POST', `/auth/credentials/AuthMethod:${uuid}/challenge`, {}],
      ['POST', `/auth/credentials/AuthMethod:${uuid}/verify`, { type: 'EMAIL_OTP' }],
      ['DELETE', `/auth/credentials/AuthMethod:${uuid}`, undefined],
      [
        'POST',
        `/auth/sessions/Session:${uuid}/refresh`,
        { clientPublicKey: `02${'11'.repeat(32)}` },
      ],
      ['DELETE', `/auth/sessions/Session:${uuid}`, undefined],
      ['PATCH', `/internal-accounts/InternalAccount:${uuid}`, { privateEnabled: true }],
    ] as const) {
      const response = await h.request(method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('EMU-07: given fuzzed bodies and headers on every route, should never answer 500 and always answer a JSON error with a code', async () => {
    const h = createHarness({ acceptLegacyMagicValues: true });
    const { walletId, emailCredentialId, customerId } = await h.createCustomer();
    const { session } = await h.signInWithOtp(walletId, emailCredentialId);
    const platformUsdc = [...h.sandbox.state.accounts.values()].find(
      (a) => a.label === 'Platform USDC',
    )!.id;
    const quote = await h.request('POST', '/quotes', {
      body: {
        source: { sourceType: 'ACCOUNT', accountId: walletId },
        destination: { destinationType: 'ACCOUNT', accountId: platformUsdc },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1,
      },
    });
    const ids: Record<string, string> = {
      id: emailCredentialId,
      customerId,
      quoteId: quote.body.id,
    };
    const pathFor = (template: string) => {
      const path = template.slice(template.indexOf(' ') + 1);
      return path
        .replace('/internal-accounts/{id}', `/internal-accounts/${walletId}`)
        .replace('/auth/sessions/{id}', `/auth/sessions/${session.id}`)
        .replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? 'x');
    };
    const jsonValue = fc.jsonValue({ maxDepth: 4 });
    const body = fc.oneof(
      fc.string(),
      jsonValue.map((value) => JSON.stringify(value)),
      fc
        .record(
          {
            type: fc.constantFrom('EMAIL_OTP', 'OAUTH', 'PASSKEY', 'SMS_OTP', 7),
            accountId: fc.constantFrom(walletId, 'x'),
            encryptedOtpBundle: fc.string(),
            oidcToken: fc.string(),
            clientPublicKey: fc.string(),
            assertion: jsonValue,
            attestation: jsonValue,
            privateEnabled: jsonValue,
            customerId: fc.constantFrom(customerId, 'x'),
            source: jsonValue,
            destination: jsonValue,
            lockedCurrencyAmount: jsonValue,
            amount: jsonValue,
            beneficialOwners: jsonValue,
            endUserTermsConsent: jsonValue,
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    const headers = fc.record(
      {
        'Service-Wallet-Signature': fc.oneof(
          fc.string(),
          fc.constant('sandbox-valid-signature'),
          fc.base64String(),
        ),
        'Request-Id': fc.oneof(
          fc.string(),
          fc.uuid().map((u) => `Request:${u}`),
        ),
        'Idempotency-Key': fc.string(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTE_TEMPLATES),
        body,
        headers,
        async (template, payload, extra) => {
          const method = template.slice(0, template.indexOf(' '));
          const safeHeaders = Object.fromEntries(
            Object.entries(extra).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)),
          );
          const response = await h.sandbox.fetch(
            new Request(`${BASE}${pathFor(template)}`, {
              method,
              headers: { Authorization: AUTH, 'Content-Type': 'application/json', ...safeHeaders },
              body: method === 'GET' ? undefined : payload,
            }),
          );
          expect(response.status).not.toBe(500);
          if (response.status >= 400) {
            const parsed = JSON.parse(await response.text());
            expect(typeof parsed.code).toBe('string');
            expect(parsed.status).toBe(response.status);
          }
        },
      ),
      { numRuns: 600, seed: 20251013 },
    );
  });
});
