import {
  createIdToken,
  createTestKey,
  idTokenClaims,
  oidcNonce,
  sealOtpBundle,
  stamp,
} from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

async function signedIn(
  options: Parameters<typeof createHarness>[0] = {},
  fields: Record<string, unknown> = {},
) {
  const h = createHarness(options);
  const customer = await h.createCustomer(fields);
  const { session, key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  return { h, ...customer, session, key };
}

async function addOauth(
  h: ReturnType<typeof createHarness>,
  walletId: string,
  key: ReturnType<typeof createTestKey>,
  sub = 'user-1',
) {
  const claims = idTokenClaims({ nowSeconds: h.clock.now() / 1000, aud: 'app', sub });
  const { second } = await h.signedRetry(
    'POST',
    '/auth/credentials',
    { type: 'OAUTH', accountId: walletId, oidcToken: createIdToken({ claims }) },
    key,
  );
  expect(second.status).toBe(201);
  const client = createTestKey();
  const verified = await h.request('POST', `/auth/credentials/${second.body.id}/verify`, {
    body: {
      type: 'OAUTH',
      oidcToken: createIdToken({
        claims: { ...claims, nonce: oidcNonce(client.compressedPublicKey) },
      }),
      clientPublicKey: client.compressedPublicKey,
    },
  });
  expect(verified.status).toBe(200);
  return { credential: second.body, session: verified.body, key: client };
}

describe('POST /auth/credentials (docs/protocol.md §12)', () => {
  it('given a second EMAIL_OTP, should answer 400 EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS on leg 1', async () => {
    const { h, walletId } = await signedIn();
    const response = await h.request('POST', '/auth/credentials', {
      body: { type: 'EMAIL_OTP', accountId: walletId },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS');
  });

  it('given SMS_OTP for a customer with a phone, should add it by signed retry with a fresh bundle and an OTP "sent"; a second is SMS_OTP_CREDENTIAL_ALREADY_EXISTS', async () => {
    const { h, walletId, key } = await signedIn({}, { phoneNumber: '+14155550123' });
    const { first, second } = await h.signedRetry(
      'POST',
      '/auth/credentials',
      { type: 'SMS_OTP', accountId: walletId },
      key,
    );
    expect(first.body.type).toBe('SMS_OTP');
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userPhoneNumber: '+14155550123' },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ type: 'SMS_OTP', nickname: '+14155550123' });
    expect(typeof second.body.otpEncryptionTargetBundle).toBe('string');
    expect(h.sandbox.events().at(-1)).toMatchObject({
      type: 'OTP_SENT',
      channel: 'SMS',
      to: '+14155550123',
      credentialId: second.body.id,
    });
    // The bundle of the 201 is a live OTP issuance: it verifies without calling challenge.
    const tek = createTestKey();
    const body = {
      type: 'SMS_OTP',
      encryptedOtpBundle: await sealOtpBundle({
        targetBundle: second.body.otpEncryptionTargetBundle,
        code: '000000',
        publicKey: tek.publicKey,
      }),
    };
    const signed = await h.signedRetry(
      'POST',
      `/auth/credentials/${second.body.id}/verify`,
      body,
      tek,
    );
    expect(signed.second.body.type).toBe('SMS_OTP');
    const again = await h.request('POST', '/auth/credentials', {
      body: { type: 'SMS_OTP', accountId: walletId },
    });
    expect(again.body.code).toBe('SMS_OTP_CREDENTIAL_ALREADY_EXISTS');
  });

  it('given SMS_OTP for a customer without a phone, should answer 400 INVALID_INPUT', async () => {
    const { h, walletId } = await signedIn();
    const response = await h.request('POST', '/auth/credentials', {
      body: { type: 'SMS_OTP', accountId: walletId },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });

  it('given an account without credentials (customer without email), should add the first credential unsigned with 201', async () => {
    const h = createHarness();
    const { walletId } = await h.createCustomer({ email: undefined });
    const claims = idTokenClaims({ nowSeconds: h.clock.now() / 1000, aud: 'app', sub: 'first' });
    const response = await h.request('POST', '/auth/credentials', {
      body: { type: 'OAUTH', accountId: walletId, oidcToken: createIdToken({ claims }) },
    });
    expect(response.status).toBe(201);
    expect(response.body.nickname).toBe('first');
  });

  it('given an unknown account 404, a non-wallet account 400, a malformed accountId or type 400 with every field', async () => {
    const { h, fiatId } = await signedIn();
    expect(
      (
        await h.request('POST', '/auth/credentials', {
          body: {
            type: 'EMAIL_OTP',
            accountId: 'InternalAccount:00000000-0000-4000-8000-000000000000',
          },
        })
      ).status,
    ).toBe(404);
    const fiat = await h.request('POST', '/auth/credentials', {
      body: { type: 'EMAIL_OTP', accountId: fiatId },
    });
    expect(fiat.status).toBe(400);
    expect(fiat.body.details.errors[0].field).toBe('accountId');
    const bad = await h.request('POST', '/auth/credentials', {
      body: { type: 'TOTP', accountId: 'Customer:1' },
    });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'accountId',
      'type',
    ]);
  });

  it('given processing 1 on add, should answer 200 PROCESSING then 201, with exactly one new credential', async () => {
    const { h, walletId, key } = await signedIn({ processing: { 'POST /auth/credentials': 1 } });
    const claims = idTokenClaims({ nowSeconds: h.clock.now() / 1000, aud: 'app', sub: 'p' });
    const body = JSON.stringify({
      type: 'OAUTH',
      accountId: walletId,
      oidcToken: createIdToken({ claims }),
    });
    const leg1 = await h.request('POST', '/auth/credentials', { body });
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const processing = await h.request('POST', '/auth/credentials', { body, headers });
    expect(processing.status).toBe(200);
    const done = await h.request('POST', '/auth/credentials', { body, headers });
    expect(done.status).toBe(201);
    const list = await h.request('GET', `/auth/credentials?accountId=${walletId}`);
    expect(list.body.data.map((c: { type: string }) => c.type)).toEqual(['EMAIL_OTP', 'OAUTH']);
  });
});

describe('GET /auth/credentials', () => {
  it('given an account, should list its credentials unpaginated without bundles; 400 without or with a malformed accountId; empty for unknown', async () => {
    const { h, walletId, emailCredentialId } = await signedIn();
    const list = await h.request('GET', `/auth/credentials?accountId=${walletId}`);
    expect(list.body).toEqual({
      data: [
        {
          id: emailCredentialId,
          accountId: walletId,
          type: 'EMAIL_OTP',
          nickname: 'ada@example.com',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
    });
    expect((await h.request('GET', '/auth/credentials')).status).toBe(400);
    expect(
      (await h.request('GET', '/auth/credentials?accountId=InternalAccount:nope')).status,
    ).toBe(400);
    expect(
      (
        await h.request(
          'GET',
          '/auth/credentials?accountId=InternalAccount:00000000-0000-4000-8000-000000000000',
        )
      ).body,
    ).toEqual({ data: [] });
  });
});

describe('DELETE /auth/credentials/{id} (docs/protocol.md §12)', () => {
  it('given the only credential, should answer 400 INVALID_INPUT on leg 1', async () => {
    const { h, emailCredentialId } = await signedIn();
    const response = await h.request('DELETE', `/auth/credentials/${emailCredentialId}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
  });

  it('SR-07/SES-07: given a stamp by a session of the credential being revoked, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
    const { h, walletId, emailCredentialId, key } = await signedIn();
    await addOauth(h, walletId, key);
    const { second } = await h.signedRetry(
      'DELETE',
      `/auth/credentials/${emailCredentialId}`,
      undefined,
      key,
    );
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'A credential cannot authorise its own revocation',
    });
  });

  it("SES-06: given a stamp by another credential's session, should answer 204 and revoke every session the credential issued, refreshed ones included", async () => {
    const { h, walletId, emailCredentialId, key, session } = await signedIn();
    const refreshed = await h.signedRetry(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: createTestKey().compressedPublicKey },
      key,
    );
    expect(refreshed.second.status).toBe(201);
    const oauth = await addOauth(h, walletId, key);
    const leg1 = await h.request('DELETE', `/auth/credentials/${emailCredentialId}`);
    expect(leg1.body.type).toBe('EMAIL_OTP');
    expect(JSON.parse(leg1.body.payloadToSign)).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: '' },
    });
    const revoked = await h.request('DELETE', `/auth/credentials/${emailCredentialId}`, {
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, oauth.key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(revoked.status).toBe(204);
    const sessions = await h.request('GET', `/auth/sessions?accountId=${walletId}`);
    expect(sessions.body.data.map((s: { id: string }) => s.id)).toEqual([oauth.session.id]);
    const credentials = await h.request('GET', `/auth/credentials?accountId=${walletId}`);
    expect(credentials.body.data.map((c: { type: string }) => c.type)).toEqual(['OAUTH']);
    // The revoked credential's session can no longer sign (EMU-06: revoked credentials have zero sessions).
    const used = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      key,
    );
    expect(used.second.body.code).toBe('WALLET_SIGNATURE_INVALID');
    expect(
      (await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, { body: {} }))
        .status,
    ).toBe(404);
  });

  it('given an OAUTH credential revoke, should sign DELETE_OAUTH_PROVIDERS; unknown id 404; malformed 400', async () => {
    const { h, walletId, key } = await signedIn();
    const oauth = await addOauth(h, walletId, key);
    const leg1 = await h.request('DELETE', `/auth/credentials/${oauth.credential.id}`);
    expect(JSON.parse(leg1.body.payloadToSign).type).toBe('ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS');
    expect(
      (
        await h.request(
          'DELETE',
          '/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000000',
        )
      ).status,
    ).toBe(404);
    expect(
      (await h.request('DELETE', '/auth/credentials/Session:00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(400);
  });
});
