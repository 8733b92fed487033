/**
 * Catalogue rows BFF-47 (per-member body allowlists) and BFF-48 (the sandbox's legacy values in
 * bodies), against the real emulator upstream: the refusals name every member and forward
 * nothing; what the kit sends passes byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { createProxy } from '../create-proxy.js';
import { ProxyConfigError } from '../options.js';
import { SERVICE_ROUTES } from '../routes/route-table.js';
import { CLIENT_ID, CLIENT_SECRET, json, ORIGIN } from '../testing/proxy-harness.js';
import { createWalletHarness, ownPath } from '../testing/wallet-fixtures.js';

const UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const PUB65 = `04${'11'.repeat(64)}`;

/** The field names of an envelope's `details.errors`. */
async function refusedFields(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const body = await json(response);
  expect(body.code).toBe('INVALID_INPUT');
  const errors = (body.details as { errors: { field: string }[] }).errors;
  return errors.map((error) => error.field).sort();
}

describe('body member allowlists (BFF-47)', () => {
  it("BFF-47: given a PATCH of the user's own customer with platformCustomerId and identity fields, should answer 400 naming each and change nothing", async () => {
    const harness = createWalletHarness();
    const erin = harness.addUser('erin', { platformCustomerId: 'erin' });
    const before = await json(await harness.as('erin', 'GET', `/customers/${erin.customerId}`));
    const calls = harness.calls.length;
    const response = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, {
      body: JSON.stringify({
        platformCustomerId: 'user_of_someone_else',
        fullName: 'Mallory Example',
        birthDate: '1990-01-01',
        idType: 'PASSPORT',
        identifier: 'X1234567',
      }),
    });
    const message = (await json(response.clone())).message as string;
    expect(await refusedFields(response)).toEqual([
      'birthDate',
      'fullName',
      'idType',
      'identifier',
      'platformCustomerId',
    ]);
    expect(message).toContain('platformCustomerId');
    expect(harness.calls.length).toBe(calls);
    const after = await json(await harness.as('erin', 'GET', `/customers/${erin.customerId}`));
    expect(after).toEqual(before);
    expect(after.platformCustomerId).toBe('erin');
  });

  it('BFF-47: given the contact change the kit sends (email or phoneNumber) with one extra member, should refuse the extra one only', async () => {
    const harness = createWalletHarness();
    const erin = harness.addUser('erin');
    const mixed = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, {
      body: '{"phoneNumber":"+14155550100","customerType":"BUSINESS"}',
    });
    expect(await refusedFields(mixed)).toEqual(['customerType']);
    const plain = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, {
      body: '{"phoneNumber":"+14155550100"}',
    });
    expect(plain.status).toBe(200);
  });

  it.each(
    SERVICE_ROUTES.filter((route) => route.body !== 'none').map((route) => [route.key] as const),
  )(
    'BFF-47: given %s with a member the kit never sends, should answer 400 naming it and forward nothing',
    async (key) => {
      const route = SERVICE_ROUTES.find((entry) => entry.key === key)!;
      const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
      const user = harness.addUser('ada', { email: 'ada@example.com' });
      const path = ownPath(route, user);
      // A body that names a valid variant where the route has variants, plus one foreign member.
      const body =
        route.members !== undefined && 'byType' in route.members
          ? { type: 'EMAIL_OTP', isAdmin: true }
          : { isAdmin: true };
      const response = await harness.as('ada', route.method, path, { body: JSON.stringify(body) });
      expect(await refusedFields(response)).toEqual(['isAdmin']);
      expect(harness.calls).toHaveLength(0);
    },
  );

  it('BFF-47: given nested members beyond the assertion, attestation or quote sides, or a wrong JSON type, should name each nested path', async () => {
    const harness = createWalletHarness();
    const ada = harness.addUser('ada', { email: 'ada@example.com' });
    const credential = ada.credentialIds[0]!;
    const verify = await harness.as('ada', 'POST', `/auth/credentials/${credential}/verify`, {
      headers: { 'Request-Id': `Request:${UUID}` },
      body: JSON.stringify({
        type: 'PASSKEY',
        assertion: {
          credentialId: 'AA',
          clientDataJson: 'AA',
          authenticatorData: 'AA',
          signature: 'MEUCIQ',
          userHandle: 'AA',
          clientExtensionResults: {},
        },
      }),
    });
    expect(await refusedFields(verify)).toEqual(['assertion.clientExtensionResults']);
    const register = await harness.as('ada', 'POST', '/auth/credentials', {
      body: JSON.stringify({
        type: 'PASSKEY',
        accountId: ada.accountId,
        nickname: 'Laptop',
        challenge: 'AA',
        attestation: {
          credentialId: 'AA',
          clientDataJson: 'AA',
          attestationObject: 'AA',
          transports: ['usb', 7],
          aaguid: 'x',
        },
      }),
    });
    expect(await refusedFields(register)).toEqual(['attestation.aaguid', 'attestation.transports']);
    const quote = await harness.as('ada', 'POST', '/quotes', {
      body: JSON.stringify({
        source: { sourceType: 'ACCOUNT', accountId: ada.accountId, customerId: ada.customerId },
        destination: 'InternalAccount:x',
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: '100',
      }),
    });
    expect(await refusedFields(quote)).toEqual([
      'destination',
      'lockedCurrencyAmount',
      'source.customerId',
    ]);
    const privacy = await harness.as('ada', 'PATCH', `/internal-accounts/${ada.accountId}`, {
      body: '{"privateEnabled":"yes"}',
    });
    expect(await refusedFields(privacy)).toEqual(['privateEnabled']);
    const unknownType = await harness.as('ada', 'POST', '/auth/credentials', {
      body: JSON.stringify({ type: 'SUPERUSER', accountId: ada.accountId }),
    });
    expect(await refusedFields(unknownType)).toEqual(['type']);
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-47: given extraBodyMembers for a route, should forward those members there only, byte for byte', async () => {
    const harness = createWalletHarness({
      proxy: { extraBodyMembers: { 'PATCH /customers/{customerId}': ['fullName'] } },
    });
    const erin = harness.addUser('erin');
    const body = '{ "fullName" : "Erin Example" }';
    const patched = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, { body });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ fullName: 'Erin Example' });
    expect(new TextDecoder().decode(harness.calls.at(-1)!.body)).toBe(body);
    const elsewhere = await harness.as('erin', 'PATCH', `/internal-accounts/${erin.accountId}`, {
      body: '{"privateEnabled":true,"fullName":"Erin Example"}',
    });
    expect(await refusedFields(elsewhere)).toEqual(['fullName']);
  });

  it.each([
    [{ 'PATCH /customers/{customerId}': ['platformCustomerId'] }, 'platformCustomerId'],
    [{ 'POST /quotes': ['source.platformCustomerId'] }, 'source.platformCustomerId'],
    [{ 'GET /auth/credentials': ['x'] }, 'is not a route that takes a body'],
    [{ 'PATCH /customers': ['x'] }, 'is not a route that takes a body'],
    [{ 'PATCH /customers/{customerId}': ['a b'] }, 'is not a member name'],
    [{ 'PATCH /customers/{customerId}': ['constructor'] }, 'is not a member name'],
    [{ 'PATCH /customers/{customerId}': 'fullName' }, 'must be a list'],
    [{ 'PATCH /customers/{customerId}': ['email.verified'] }, 'goes inside "email"'],
    [['fullName'], 'must be an object'],
  ])(
    'BFF-47: given extraBodyMembers %j, should refuse to start naming the option (%s)',
    (extra, text) => {
      const start = () =>
        createProxy({
          upstream: {
            baseUrl: 'http://127.0.0.1:8787/2025-10-13',
            clientId: CLIENT_ID,
            clientSecret: CLIENT_SECRET,
          },
          allowedOrigins: [ORIGIN],
          resolveUser: async () => null,
          extraBodyMembers: extra as never,
        });
      expect(start).toThrow(ProxyConfigError);
      expect(start).toThrow(/extraBodyMembers/);
      expect(start).toThrow(text);
    },
  );
});

describe("the sandbox's legacy values in bodies (BFF-48)", () => {
  it('BFF-48: given assertion.signature "sandbox-valid-passkey-signature" on a passkey verify to a sandbox that accepts legacy values, should answer 400 and forward nothing', async () => {
    const harness = createWalletHarness({ sandbox: { acceptLegacyMagicValues: true } });
    const ada = harness.addUser('ada', { email: 'ada@example.com' });
    const response = await harness.as(
      'ada',
      'POST',
      `/auth/credentials/${ada.credentialIds[0]}/verify`,
      {
        headers: { 'Request-Id': `Request:${UUID}` },
        body: JSON.stringify({
          type: 'PASSKEY',
          assertion: {
            credentialId: 'AA',
            clientDataJson: 'AA',
            authenticatorData: 'AA',
            signature: 'sandbox-valid-passkey-signature',
          },
        }),
      },
    );
    expect(await refusedFields(response)).toEqual(['assertion.signature']);
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-48: given any legacy constant in any member, also JSON-escaped, should answer 400 naming the member', async () => {
    const harness = createWalletHarness({ sandbox: { acceptLegacyMagicValues: true } });
    const ada = harness.addUser('ada', { email: 'ada@example.com' });
    const credential = ada.credentialIds[0]!;
    const attempts: [string, string, string, string][] = [
      [
        'POST',
        `/auth/credentials/${credential}/verify`,
        '{"type":"EMAIL_OTP","encryptedOtpBundle":"sandbox-valid-signature"}',
        'encryptedOtpBundle',
      ],
      [
        'POST',
        `/auth/credentials/${credential}/verify`,
        `{"type":"OAUTH","oidcToken":"sandbox-valid-oidc-token","clientPublicKey":"${PUB65}"}`,
        'oidcToken',
      ],
      [
        'POST',
        `/auth/credentials/${credential}/challenge`,
        '{"clientPublicKey":"sandbox-valid-signatur\\u0065"}',
        'clientPublicKey',
      ],
      [
        'PATCH',
        `/customers/${ada.customerId}`,
        '{"email":"sandbox-valid-passkey-signature"}',
        'email',
      ],
    ];
    for (const [method, path, body, field] of attempts) {
      expect(await refusedFields(await harness.as('ada', method, path, { body }))).toEqual([field]);
    }
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-48: given a legacy constant inside an opted-in member, should still refuse it', async () => {
    const harness = createWalletHarness({
      proxy: { extraBodyMembers: { 'PATCH /customers/{customerId}': ['fullName'] } },
    });
    const erin = harness.addUser('erin');
    const response = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, {
      body: '{"fullName":{"nested":["sandbox-valid-signature"]}}',
    });
    expect(await refusedFields(response)).toEqual(['fullName.nested.0']);
  });
});
