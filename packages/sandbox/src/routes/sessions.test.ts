import { createTestKey, openSealedSessionKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

async function signedIn(options: Parameters<typeof createHarness>[0] = {}) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const { session, key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  return { h, ...customer, session, key };
}

describe('sessions (docs/protocol.md §12, §15)', () => {
  it('given GET /auth/sessions, should list active sessions only, never a sealed key; 400 without accountId; empty for an unknown account', async () => {
    const { h, walletId, session } = await signedIn();
    const list = await h.request('GET', `/auth/sessions?accountId=${walletId}`);
    expect(list.body.data).toEqual([session]);
    expect((await h.request('GET', '/auth/sessions')).status).toBe(400);
    expect(
      (
        await h.request(
          'GET',
          '/auth/sessions?accountId=Customer:00000000-0000-4000-8000-000000000000',
        )
      ).status,
    ).toBe(400);
    expect(
      (await h.request('GET', `/auth/sessions?accountId=${walletId}&accountId=${walletId}`)).status,
    ).toBe(400);
    const unknown = await h.request(
      'GET',
      '/auth/sessions?accountId=InternalAccount:00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.body).toEqual({ data: [] });
  });

  it('EMU-04: given the clock past expiresAt, should drop the session from the list and refuse its stamps', async () => {
    const { h, walletId, key, session } = await signedIn({ sessionLifetimeSeconds: 60 });
    expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(60_000);
    h.clock.advance(60_000);
    expect((await h.request('GET', `/auth/sessions?accountId=${walletId}`)).body.data).toEqual([]);
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      key,
    );
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Signing session has expired',
    });
  });

  it('given a refresh with a pub65 key, should answer 201 with a sealed key that opens to a key the new session authorises; the old session lives on', async () => {
    const { h, walletId, key, session } = await signedIn();
    const client = createTestKey();
    h.clock.advance(10_000);
    const { first, second } = await h.signedRetry(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: client.publicKey },
      key,
    );
    expect(first.status).toBe(202);
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({
      type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      parameters: { targetPublicKey: client.publicKey },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ type: 'EMAIL_OTP', nickname: 'ada@example.com' });
    expect(Date.parse(second.body.expiresAt)).toBe(h.clock.now() + 900_000);
    const scalar = await openSealedSessionKey(
      second.body.encryptedSessionSigningKey,
      client.privateKey,
    );
    const sessionKey = createTestKey(Buffer.from(scalar).toString('hex'));
    expect(
      (
        await h.signedRetry(
          'PATCH',
          `/internal-accounts/${walletId}`,
          { privateEnabled: true },
          sessionKey,
        )
      ).second.status,
    ).toBe(200);
    expect(
      (
        await h.signedRetry(
          'PATCH',
          `/internal-accounts/${walletId}`,
          { privateEnabled: false },
          key,
        )
      ).second.status,
    ).toBe(200);
    expect((await h.request('GET', `/auth/sessions?accountId=${walletId}`)).body.data).toHaveLength(
      2,
    );
  });

  it('given a refresh with a pub33 key, should answer 201 without a sealed key and authorise the client-held key', async () => {
    const { h, walletId, key, session } = await signedIn();
    const client = createTestKey();
    const { second } = await h.signedRetry(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: client.compressedPublicKey },
      key,
    );
    expect(second.status).toBe(201);
    expect(second.body).not.toHaveProperty('encryptedSessionSigningKey');
    expect(
      (
        await h.signedRetry(
          'PATCH',
          `/internal-accounts/${walletId}`,
          { privateEnabled: true },
          client,
        )
      ).second.status,
    ).toBe(200);
  });

  it('given a refresh signed by another session of the account, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
    const { h, walletId, emailCredentialId, session } = await signedIn();
    const { key: otherKey } = await h.signInWithOtp(walletId, emailCredentialId);
    const { second } = await h.signedRetry(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: createTestKey().publicKey },
      otherKey,
    );
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Only the session being refreshed may sign its refresh',
    });
  });

  it('SES-03: given a refresh of an expired session, should answer 401 Session is not active on leg 1', async () => {
    const { h, key, session } = await signedIn();
    h.clock.advance(900_000);
    const { first } = await h.signedRetry(
      'POST',
      `/auth/sessions/${session.id}/refresh`,
      { clientPublicKey: createTestKey().publicKey },
      key,
    );
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Session is not active' });
  });

  it('given a refresh body that is invalid, should answer 400 with the field; unknown session 404; malformed id 400', async () => {
    const { h, session } = await signedIn();
    const bad = await h.request('POST', `/auth/sessions/${session.id}/refresh`, {
      body: { clientPublicKey: '04zz' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({
      field: 'clientPublicKey',
      constraint: { pattern: '^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$' },
    });
    const offCurve = await h.request('POST', `/auth/sessions/${session.id}/refresh`, {
      body: { clientPublicKey: `04${'11'.repeat(64)}` },
    });
    expect(offCurve.body.details.errors[0].message).toBe('Is not a point on P-256');
    const unknown = await h.request(
      'POST',
      '/auth/sessions/Session:00000000-0000-4000-8000-000000000000/refresh',
      { body: { clientPublicKey: createTestKey().publicKey } },
    );
    expect(unknown.status).toBe(404);
    expect(
      (await h.request('POST', '/auth/sessions/Session:nope/refresh', { body: {} })).status,
    ).toBe(400);
  });

  it('given a revoke signed by the session itself, should answer 204; a second revoke 404; its stamps 401 afterwards', async () => {
    const { h, walletId, key, session } = await signedIn();
    const leg1 = await h.request('DELETE', `/auth/sessions/${session.id}`);
    expect(leg1.status).toBe(202);
    expect(leg1.body.type).toBe('EMAIL_OTP');
    expect(JSON.parse(leg1.body.payloadToSign)).toMatchObject({
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      parameters: { apiKeyIds: [session.id] },
    });
    const revoked = await h.request('DELETE', `/auth/sessions/${session.id}`, {
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    expect(revoked.headers.get('Content-Type')).toBeNull();
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`)).status).toBe(404);
    const used = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      key,
    );
    expect(used.second.body.code).toBe('WALLET_SIGNATURE_INVALID');
  });

  it('given a revoke of a never-issued or expired session, should answer 404', async () => {
    const { h, session } = await signedIn();
    expect(
      (await h.request('DELETE', '/auth/sessions/Session:00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
    h.clock.advance(900_000);
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`)).status).toBe(404);
  });

  it('given processing 2 on DELETE /auth/sessions/{id}, should answer 200 twice (any 200 = PROCESSING), then 204', async () => {
    const { h, key, session } = await signedIn({ processing: { 'DELETE /auth/sessions/{id}': 2 } });
    const leg1 = await h.request('DELETE', `/auth/sessions/${session.id}`);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`, { headers })).status).toBe(
      200,
    );
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`, { headers })).status).toBe(
      200,
    );
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`, { headers })).status).toBe(
      204,
    );
  });
});
