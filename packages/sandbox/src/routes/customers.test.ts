import { stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

const FULL = {
  customerType: 'INDIVIDUAL',
  platformCustomerId: 'cust-42',
  email: 'ada@example.com',
  phoneNumber: '+447700900123',
  fullName: 'Ada Lovelace',
  birthDate: '1815-12-10',
  nationality: 'GB',
  address: { line1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
  idType: 'PASSPORT',
  identifier: 'X1234567',
  countryOfIssuance: 'GB',
  endUserTermsConsent: {
    timestamp: '2025-10-13T10:00:00Z',
    ipAddress: '203.0.113.7',
    termsVersion: '2025-10',
    acceptanceMethod: 'CLICKWRAP',
  },
};

describe('POST /customers (docs/protocol.md §11.6)', () => {
  it('given every field, should answer 201 with the fields as sent, kycStatus UNVERIFIED and provision a USD account and a wallet with an EMAIL_OTP credential', async () => {
    const h = createHarness();
    const created = await h.request('POST', '/customers', {
      body: { ...FULL, unknownMember: 'ignored' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^Customer:[0-9a-f-]{36}$/),
      ...FULL,
      kycStatus: 'UNVERIFIED',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const accounts = await h.request(
      'GET',
      `/customers/internal-accounts?customerId=${created.body.id}`,
    );
    expect(accounts.body.data.map((a: { type: string }) => a.type).sort()).toEqual([
      'EMBEDDED_WALLET',
      'INTERNAL_FIAT',
    ]);
    const fiat = accounts.body.data.find((a: { type: string }) => a.type === 'INTERNAL_FIAT');
    expect(fiat.fundingPaymentInstructions[0].accountOrWalletInfo).toMatchObject({
      accountType: 'USD_ACCOUNT',
      reference: expect.stringMatching(/^SBX-/),
    });
    const wallet = accounts.body.data.find((a: { type: string }) => a.type === 'EMBEDDED_WALLET');
    expect(wallet).toMatchObject({
      status: 'ACTIVE',
      privateEnabled: false,
      sweepRule: null,
      label: null,
    });
    expect(wallet.fundingPaymentInstructions[0].accountOrWalletInfo).toMatchObject({
      accountType: 'EMBEDDED_WALLET',
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });
    const credentials = await h.request('GET', `/auth/credentials?accountId=${wallet.id}`);
    expect(credentials.body.data).toMatchObject([
      { type: 'EMAIL_OTP', nickname: 'ada@example.com' },
    ]);
    expect((await h.request('GET', `/customers/${created.body.id}`)).body).toEqual(created.body);
  });

  it('given a regulated platform and a business, should answer APPROVED as kybStatus', async () => {
    const h = createHarness({ platform: { regulated: true } });
    const created = await h.request('POST', '/customers', {
      body: {
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber: 'AE-1843' },
        beneficialOwners: [
          { personalInfo: { firstName: 'Ada', lastName: 'Lovelace' }, ownershipPercentage: 60 },
        ],
      },
    });
    expect(created.body).toMatchObject({ kybStatus: 'APPROVED', customerType: 'BUSINESS' });
    expect(created.body).not.toHaveProperty('kycStatus');
  });

  it('given platform.smsOtpCredentials and a phone, should provision an SMS_OTP credential too', async () => {
    const h = createHarness({ platform: { smsOtpCredentials: true } });
    const seeded = h.sandbox.seedCustomer({
      customerType: 'INDIVIDUAL',
      email: 'a@example.com',
      phoneNumber: '+14155550100',
    });
    const list = await h.request('GET', `/auth/credentials?accountId=${seeded.walletAccountId}`);
    expect(
      list.body.data.map((c: { type: string; nickname: string }) => [c.type, c.nickname]),
    ).toEqual([
      ['EMAIL_OTP', 'a@example.com'],
      ['SMS_OTP', '+14155550100'],
    ]);
    expect(seeded.credentialIds).toHaveLength(2);
  });

  it('given platform.accountActivationSeconds, should show the accounts PENDING until the clock passes it', async () => {
    const h = createHarness({ platform: { accountActivationSeconds: 30 } });
    const { customerId } = await h.createCustomer();
    const pending = await h.request('GET', `/customers/internal-accounts?customerId=${customerId}`);
    expect(pending.body.data.map((a: { status: string }) => a.status)).toEqual([
      'PENDING',
      'PENDING',
    ]);
    h.clock.advance(30_000);
    const active = await h.request('GET', `/customers/internal-accounts?customerId=${customerId}`);
    expect(active.body.data.map((a: { status: string }) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(active.body.data[0].updatedAt).toBe('2026-01-01T00:00:30.000Z');
  });

  it('given many invalid fields, should list every one in details.errors', async () => {
    const h = createHarness();
    const response = await h.request('POST', '/customers', {
      body: {
        customerType: 'PERSON',
        email: 'not-an-email',
        phoneNumber: '0044 7700',
        fullName: '',
        birthDate: '2999-01-01',
        nationality: 'gb',
        address: { line1: 5, country: 'gbr' },
        idType: 'passport',
        countryOfIssuance: 'GBR',
        endUserTermsConsent: { timestamp: 'yesterday' },
        platformCustomerId: 42,
      },
    });
    expect(response.status).toBe(400);
    const fields = response.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual([
      'address.city',
      'address.country',
      'address.line1',
      'address.postalCode',
      'birthDate',
      'countryOfIssuance',
      'customerType',
      'email',
      'endUserTermsConsent.acceptanceMethod',
      'endUserTermsConsent.ipAddress',
      'endUserTermsConsent.termsVersion',
      'endUserTermsConsent.timestamp',
      'fullName',
      'idType',
      'nationality',
      'phoneNumber',
      'platformCustomerId',
    ]);
    const email = response.body.details.errors.find((e: { field: string }) => e.field === 'email');
    expect(email.constraint).toMatchObject({ format: 'email' });
  });

  it('given business fields on an individual or a missing customerType, should answer 400', async () => {
    const h = createHarness();
    const individual = await h.request('POST', '/customers', {
      body: {
        customerType: 'INDIVIDUAL',
        businessInfo: { legalName: 'X', registrationNumber: '1' },
      },
    });
    expect(individual.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'businessInfo',
    ]);
    const missing = await h.request('POST', '/customers', { body: {} });
    expect(missing.body.details.errors).toEqual([{ field: 'customerType', message: 'Required' }]);
  });

  it('given GET of an unknown or malformed id, should answer 404 / 400', async () => {
    const h = createHarness();
    expect(
      (await h.request('GET', '/customers/Customer:00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect(
      (await h.request('GET', '/customers/InternalAccount:00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(400);
  });
});

describe('PATCH /customers/{customerId} (docs/protocol.md §11.6)', () => {
  it('given plain fields, should update at once; a customerType change is 400', async () => {
    const h = createHarness();
    const { customerId } = await h.createCustomer();
    h.clock.advance(1000);
    const patched = await h.request('PATCH', `/customers/${customerId}`, {
      body: { fullName: 'Augusta Ada King', nationality: 'GB' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      fullName: 'Augusta Ada King',
      nationality: 'GB',
      email: 'ada@example.com',
      updatedAt: '2026-01-01T00:00:01.000Z',
    });
    const typeChange = await h.request('PATCH', `/customers/${customerId}`, {
      body: { customerType: 'BUSINESS' },
    });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.details.errors[0].field).toBe('customerType');
  });

  it('given an email change with a tied EMAIL_OTP credential, should require a signed retry and sync the credential nickname atomically', async () => {
    const h = createHarness();
    const { customerId, walletId, emailCredentialId } = await h.createCustomer();
    const { key } = await h.signInWithOtp(walletId, emailCredentialId);
    const body = { email: 'countess@example.com', fullName: 'Augusta Ada King' };
    const leg1 = await h.request('PATCH', `/customers/${customerId}`, { body });
    expect(leg1.status).toBe(202);
    expect(JSON.parse(leg1.body.payloadToSign)).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: 'countess@example.com' },
    });
    // Nothing is applied on leg 1.
    expect((await h.request('GET', `/customers/${customerId}`)).body).toMatchObject({
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
    });
    const leg2 = await h.request('PATCH', `/customers/${customerId}`, {
      body,
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body).toMatchObject({
      email: 'countess@example.com',
      fullName: 'Augusta Ada King',
    });
    const credentials = await h.request('GET', `/auth/credentials?accountId=${walletId}`);
    expect(credentials.body.data[0].nickname).toBe('countess@example.com');
    const challenge = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(h.sandbox.events().at(-1)).toMatchObject({
      to: 'countess@example.com',
      credentialId: challenge.body.id,
    });
  });

  it("given an email change signed by a session of another customer's wallet, should answer 401 WALLET_SIGNATURE_INVALID", async () => {
    const h = createHarness();
    const ada = await h.createCustomer();
    const grace = await h.createCustomer({ email: 'grace@example.com' });
    const { key } = await h.signInWithOtp(grace.walletId, grace.emailCredentialId);
    const { second } = await h.signedRetry(
      'PATCH',
      `/customers/${ada.customerId}`,
      { email: 'x@example.com' },
      key,
    );
    expect(second.body.code).toBe('WALLET_SIGNATURE_INVALID');
  });

  it.each([
    ['EMAIL_OTP only (the email change needs a signature)', false],
    ['EMAIL_OTP and SMS_OTP', true],
  ])(
    'EMU-15: given email and phoneNumber both changed with tied %s, should answer 400 on leg 1 with one error per field, apply nothing and issue no challenge',
    async (_tied, smsOtpCredentials) => {
      const h = createHarness({ platform: { smsOtpCredentials } });
      const { customerId, walletId } = await h.createCustomer({ phoneNumber: '+14155550100' });
      const before = (await h.request('GET', `/customers/${customerId}`)).body;
      const pending = h.sandbox.pendingRequestCount();
      for (const body of [
        { email: 'b@example.com', phoneNumber: '+14155550199', fullName: 'Ada King' },
        // Checked before anything else in the body: other invalid fields are not reported.
        { email: 'not-an-email', phoneNumber: '0044', birthDate: 'soon', customerType: 'BUSINESS' },
      ]) {
        const response = await h.request('PATCH', `/customers/${customerId}`, { body });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          status: 400,
          code: 'INVALID_INPUT',
          message: 'Invalid request',
          details: {
            errors: [
              { field: 'email', message: expect.stringContaining('two calls') },
              { field: 'phoneNumber', message: expect.stringContaining('two calls') },
            ],
          },
        });
      }
      expect((await h.request('GET', `/customers/${customerId}`)).body).toEqual(before);
      expect(h.sandbox.pendingRequestCount()).toBe(pending);
      const nicknames = await h.request('GET', `/auth/credentials?accountId=${walletId}`);
      expect(nicknames.body.data.map((c: { nickname: string }) => c.nickname).sort()).toEqual(
        smsOtpCredentials ? ['+14155550100', 'ada@example.com'] : ['ada@example.com'],
      );
    },
  );

  it('EMU-15: given one contact unchanged as sent, or no tied OTP credential, should not apply the two-change rule', async () => {
    const h = createHarness();
    const ada = await h.createCustomer({ phoneNumber: '+14155550100' });
    // Same email as stored, new phone (no SMS_OTP credential): a plain update.
    const samePlusPhone = await h.request('PATCH', `/customers/${ada.customerId}`, {
      body: { email: 'ada@example.com', phoneNumber: '+14155550199' },
    });
    expect(samePlusPhone.status).toBe(200);
    expect(samePlusPhone.body.phoneNumber).toBe('+14155550199');
    // A differently written email is a change (no normalisation): the rule applies.
    const recased = await h.request('PATCH', `/customers/${ada.customerId}`, {
      body: { email: 'Ada@example.com', phoneNumber: '+14155550100' },
    });
    expect(recased.status).toBe(400);
    // null is not a change.
    const nulls = await h.request('PATCH', `/customers/${ada.customerId}`, {
      body: { email: null, phoneNumber: '+14155550111' },
    });
    expect(nulls.status).toBe(200);
    // A customer without OTP credentials changes both at once.
    const bare = await h.request('POST', '/customers', { body: { customerType: 'INDIVIDUAL' } });
    const both = await h.request('PATCH', `/customers/${bare.body.id}`, {
      body: { email: 'new@example.com', phoneNumber: '+14155550122' },
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ email: 'new@example.com', phoneNumber: '+14155550122' });
  });

  it('given processing 2 on the signed email change, should answer PROCESSING twice then the customer', async () => {
    const h = createHarness({ processing: { 'PATCH /customers/{customerId}': 2 } });
    const { customerId, walletId, emailCredentialId } = await h.createCustomer();
    const { key } = await h.signInWithOtp(walletId, emailCredentialId);
    const leg1 = await h.request('PATCH', `/customers/${customerId}`, {
      body: { email: 'n@example.com' },
    });
    const send = () =>
      h.request('PATCH', `/customers/${customerId}`, {
        body: { email: 'n@example.com' },
        headers: {
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
          'Request-Id': leg1.body.requestId,
        },
      });
    expect((await send()).body).toEqual({ status: 'PROCESSING', message: expect.any(String) });
    expect((await send()).body.status).toBe('PROCESSING');
    expect((await send()).body).toMatchObject({ id: customerId, email: 'n@example.com' });
  });
});
