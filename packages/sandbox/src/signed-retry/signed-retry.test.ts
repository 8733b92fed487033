import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';

async function signedIn(options: Parameters<typeof createHarness>[0] = {}) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const { session, key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  return { h, ...customer, session, key };
}

function privacy(
  h: Harness,
  walletId: string,
  body = '{"privateEnabled":true}',
  headers: Record<string, string> = {},
) {
  return h.request('PATCH', `/internal-accounts/${walletId}`, { body, headers });
}

describe('signed retry (docs/protocol.md §11.2–§11.4)', () => {
  it('SR-01: given a valid stamp on the identical retry, should apply exactly one change', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    expect(leg1.status).toBe(202);
    expect(leg1.body).not.toHaveProperty('type');
    const payload = JSON.parse(leg1.body.payloadToSign);
    expect(Object.keys(payload)).toEqual(['organizationId', 'parameters', 'timestampMs', 'type']);
    expect(payload.type).toBe('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2');
    expect(Date.parse(leg1.body.expiresAt) - h.clock.now()).toBe(300_000);
    const before = await h.request('GET', `/customers/internal-accounts?type=EMBEDDED_WALLET`);
    expect(before.body.data[0].privateEnabled).toBe(false);
    const leg2 = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body).toMatchObject({ id: walletId, privateEnabled: true });
  });

  it('SR-02: given only Request-Id, should answer 401 WALLET_SIGNATURE_MISSING; only the signature, 401 REQUEST_ID_MISSING', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const missingSignature = await privacy(h, walletId, undefined, {
      'Request-Id': leg1.body.requestId,
    });
    expect(missingSignature.status).toBe(401);
    expect(missingSignature.body.code).toBe('WALLET_SIGNATURE_MISSING');
    const missingId = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
    });
    expect(missingId.status).toBe(401);
    expect(missingId.body.code).toBe('REQUEST_ID_MISSING');
  });

  it('SR-03: given a Request-Id reused after success, should answer 401 Request-Id already used and change nothing', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    expect((await privacy(h, walletId, undefined, headers)).status).toBe(200);
    const again = await privacy(h, walletId, undefined, headers);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Request-Id already used' });
  });

  it('SR-04: given the retry after expiresAt (+1 s), should answer 401 Request-Id expired', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    h.clock.advance(300_000 + 1000);
    const late = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Request-Id expired' });
  });

  it('SR-05: given a body changed by one byte, reordered keys or whitespace, should answer 401 WALLET_SIGNATURE_BODY_MISMATCH', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await h.request('PATCH', `/internal-accounts/${walletId}`, {
      body: '{"privateEnabled":true}',
    });
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    for (const changed of [
      '{"privateEnabled":false}',
      '{ "privateEnabled":true}',
      '{"privateEnabled":true}\n',
    ]) {
      const response = await privacy(h, walletId, changed, headers);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
    }
    // Failed attempts do not consume the id: the identical body still succeeds (§11.3).
    expect((await privacy(h, walletId, undefined, headers)).status).toBe(200);
  });

  it('SR-06: given a Request-Id used on another path or method, should answer 401 does not match this request', async () => {
    const { h, walletId, key, session } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const otherPath = await h.request('DELETE', `/auth/sessions/${session.id}`, { headers });
    expect(otherPath.status).toBe(401);
    expect(otherPath.body.reason).toBe('Request-Id does not match this request');
    const otherExport = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body: { clientPublicKey: createTestKey().publicKey },
      headers,
    });
    expect(otherExport.body.reason).toBe('Request-Id does not match this request');
  });

  it("SR-07: given a stamp by another account's session, should answer 401 WALLET_SIGNATURE_INVALID and change nothing", async () => {
    const { h, walletId } = await signedIn();
    const other = await h.createCustomer({ email: 'grace@example.com' });
    const { key: otherKey } = await h.signInWithOtp(other.walletId, other.emailCredentialId);
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      otherKey,
    );
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Signing key is not authorised for this account',
    });
  });

  it('SR-07: given a stamp by a revoked session, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
    const { h, walletId, key, session } = await signedIn();
    expect(
      (await h.signedRetry('DELETE', `/auth/sessions/${session.id}`, undefined, key)).second.status,
    ).toBe(204);
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      key,
    );
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Signing session was revoked',
    });
  });

  it('SR-08: given a stamp over a stale payloadToSign from an earlier challenge, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
    const { h, walletId, key } = await signedIn();
    const first = await privacy(h, walletId);
    h.clock.advance(1);
    const second = await privacy(h, walletId);
    const response = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(first.body.payloadToSign, key),
      'Request-Id': second.body.requestId,
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('WALLET_SIGNATURE_INVALID');
  });

  it('SR-09: given processing 1, should answer PROCESSING once, then the terminal response to the byte-identical resend', async () => {
    const { h, walletId, key } = await signedIn({
      processing: { 'PATCH /internal-accounts/{id}': 1 },
    });
    const leg1 = await privacy(h, walletId);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const processing = await privacy(h, walletId, undefined, headers);
    expect(processing.status).toBe(200);
    expect(processing.body).toEqual({
      status: 'PROCESSING',
      message: 'This operation is still being processed. Retry the same request in a moment.',
    });
    // The effect is committed at acceptance: the list already shows it (§11.4).
    const list = await h.request('GET', `/customers/internal-accounts?type=EMBEDDED_WALLET`);
    expect(list.body.data[0].privateEnabled).toBe(true);
    const terminal = await privacy(h, walletId, undefined, headers);
    expect(terminal.body).toMatchObject({ id: walletId, privateEnabled: true });
    const used = await privacy(h, walletId, undefined, headers);
    expect(used.body.reason).toBe('Request-Id already used');
  });

  it('SR-09: given a PROCESSING resend with other body bytes or another signature value, should answer BODY_MISMATCH / WALLET_SIGNATURE_INVALID', async () => {
    const { h, walletId, key } = await signedIn({
      processing: { 'PATCH /internal-accounts/{id}': 2 },
    });
    const leg1 = await privacy(h, walletId);
    const signature = stamp(leg1.body.payloadToSign, key);
    const headers = { 'Service-Wallet-Signature': signature, 'Request-Id': leg1.body.requestId };
    expect((await privacy(h, walletId, undefined, headers)).body.status).toBe('PROCESSING');
    const otherBody = await privacy(h, walletId, '{"privateEnabled":false}', headers);
    expect(otherBody.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
    const restamped = await privacy(h, walletId, undefined, {
      ...headers,
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key, { highS: true }),
    });
    expect(restamped.body.code).toBe('WALLET_SIGNATURE_INVALID');
    expect((await privacy(h, walletId, undefined, headers)).body.status).toBe('PROCESSING');
    expect((await privacy(h, walletId, undefined, headers)).body.id).toBe(walletId);
  });

  it('SR-10: given processing -1, should answer PROCESSING on every send until expiresAt, then 401 expired', async () => {
    const { h, walletId, key } = await signedIn({
      processing: { 'PATCH /internal-accounts/{id}': -1 },
    });
    const leg1 = await privacy(h, walletId);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    for (let i = 0; i < 20; i++) {
      expect((await privacy(h, walletId, undefined, headers)).body.status).toBe('PROCESSING');
    }
    h.clock.advance(300_001);
    expect((await privacy(h, walletId, undefined, headers)).body.reason).toBe('Request-Id expired');
  });

  it('SR-12: given a resend after the committed terminal response (DELETE session), should answer 401 Request-Id already used, not 404', async () => {
    const { h, key, session } = await signedIn();
    const leg1 = await h.request('DELETE', `/auth/sessions/${session.id}`);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    expect((await h.request('DELETE', `/auth/sessions/${session.id}`, { headers })).status).toBe(
      204,
    );
    const resend = await h.request('DELETE', `/auth/sessions/${session.id}`, { headers });
    expect(resend.status).toBe(401);
    expect(resend.body.reason).toBe('Request-Id already used');
  });

  it('SR-16/SR-22: given 50 concurrent identical signed retries, should accept exactly one (100 trials, LOAD-3 shape)', async () => {
    const { h, walletId, key } = await signedIn();
    for (let trial = 0; trial < 100; trial++) {
      const body = `{"privateEnabled":${trial % 2 === 0}}`;
      const leg1 = await privacy(h, walletId, body);
      const headers = {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      };
      const results = await Promise.all(
        Array.from({ length: 50 }, () => privacy(h, walletId, body, headers)),
      );
      const successes = results.filter((r) => r.status === 200 && r.body.id === walletId);
      expect(successes).toHaveLength(1);
      for (const other of results.filter((r) => r !== successes[0])) {
        expect(other.status === 401 || other.body.status === 'PROCESSING').toBe(true);
      }
    }
  }, 60_000);

  it('SR-23: given a flood of 5,000 first legs, should keep at most 32 pending challenges per account and sweep them after their TTL', async () => {
    const { h, walletId } = await signedIn();
    for (let i = 0; i < 5000; i++) {
      await privacy(h, walletId);
    }
    expect(h.sandbox.pendingRequestCount()).toBeLessThanOrEqual(32 + 2);
    h.clock.advance(600_001);
    for (let i = 0; i < 256; i++) {
      await h.request('GET', `/auth/sessions?accountId=${walletId}`);
      await privacy(h, walletId);
    }
    expect(h.sandbox.pendingRequestCount()).toBeLessThanOrEqual(32 + 2);
  });

  it('given five failed attempts on a pending id, should void it (the sixth sees Request-Id unknown)', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const other = createTestKey();
    for (let i = 0; i < 5; i++) {
      const failed = await privacy(h, walletId, undefined, {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, other),
        'Request-Id': leg1.body.requestId,
      });
      expect(failed.body.code).toBe('WALLET_SIGNATURE_INVALID');
    }
    const late = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    });
    expect(late.body.reason).toBe('Request-Id unknown');
  });

  it('given malformed, unknown or foreign Request-Ids, should answer 401 Request-Id unknown', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const signature = stamp(leg1.body.payloadToSign, key);
    for (const requestId of [
      'nope',
      'Request:00000000-0000-4000-8000-000000000000',
      'Session:00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await privacy(h, walletId, undefined, {
        'Service-Wallet-Signature': signature,
        'Request-Id': requestId,
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Request-Id unknown' });
    }
  });

  it('EMU-10/KEY-13: given a high-S stamp or a pub65 publicKey, should accept it', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const response = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key, {
        highS: true,
        uncompressed: true,
      }),
      'Request-Id': leg1.body.requestId,
    });
    expect(response.status).toBe(200);
  });

  it('EMU-10: given non-minimal DER, a wrong scheme or a non-b64url value, should answer 401 WALLET_SIGNATURE_MALFORMED', async () => {
    const { h, walletId, key } = await signedIn();
    const leg1 = await privacy(h, walletId);
    const good = stamp(leg1.body.payloadToSign, key);
    const der = JSON.parse(atob(good.replace(/-/g, '+').replace(/_/g, '/'))).signature as string;
    const nonMinimal = `30${(Number.parseInt(der.slice(2, 4), 16) + 1).toString(16)}0221${'00'}${der.slice(8)}`;
    for (const signature of [
      stamp(leg1.body.payloadToSign, key, { scheme: 'SIGNATURE_SCHEME_OTHER' }),
      stamp(leg1.body.payloadToSign, key, { signatureHex: nonMinimal }),
      stamp(leg1.body.payloadToSign, key, { signatureHex: `3006020100020101` }),
      'not base64url!',
      btoa('{"publicKey":1}'),
    ]) {
      const response = await privacy(h, walletId, undefined, {
        'Service-Wallet-Signature': signature,
        'Request-Id': leg1.body.requestId,
      });
      expect(response.body.code).toBe('WALLET_SIGNATURE_MALFORMED');
    }
  });

  it('EMU-03: given sandbox-valid-signature, should refuse it when legacy values are off and accept it by default', async () => {
    const off = await signedIn();
    const refused = await off.h.signedRetry(
      'PATCH',
      `/internal-accounts/${off.walletId}`,
      { privateEnabled: true },
      'sandbox-valid-signature',
    );
    expect(refused.second.body.code).toBe('WALLET_SIGNATURE_MALFORMED');
    const on = await signedIn({ acceptLegacyMagicValues: true });
    const accepted = await on.h.signedRetry(
      'PATCH',
      `/internal-accounts/${on.walletId}`,
      { privateEnabled: true },
      'sandbox-valid-signature',
    );
    expect(accepted.second.status).toBe(200);
    // Pairing still applies: the legacy value without Request-Id is REQUEST_ID_MISSING.
    const unpaired = await privacy(on.h, on.walletId, undefined, {
      'Service-Wallet-Signature': 'sandbox-valid-signature',
    });
    expect(unpaired.body.code).toBe('REQUEST_ID_MISSING');
  });

  it('given signatureHeaderName, should read stamps from that header only', async () => {
    const { h, walletId, key } = await signedIn({ signatureHeaderName: 'X-Stamp' });
    const leg1 = await privacy(h, walletId);
    const signature = stamp(leg1.body.payloadToSign, key);
    const wrongHeader = await privacy(h, walletId, undefined, {
      'Service-Wallet-Signature': signature,
      'Request-Id': leg1.body.requestId,
    });
    expect(wrongHeader.body.code).toBe('WALLET_SIGNATURE_MISSING');
    const renamed = await privacy(h, walletId, undefined, {
      'X-Stamp': signature,
      'Request-Id': leg1.body.requestId,
    });
    expect(renamed.status).toBe(200);
  });
});
