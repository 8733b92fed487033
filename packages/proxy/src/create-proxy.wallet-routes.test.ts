import { describe, expect, it } from 'vitest';
import { createProxy } from './create-proxy.js';
import { API, CLIENT_ID, CLIENT_SECRET, json, ORIGIN } from './testing/proxy-harness.js';
import { createWalletHarness, freshPub65, TEST_USER_HEADER } from './testing/wallet-fixtures.js';

const routeOf = (url: string) => new URL(url).pathname.replace('/2025-10-13', '');

describe('wallet routes against the real sandbox', () => {
  it('SR-01: given a user with no credential, should add and verify an OAUTH credential and list both through the proxy', async () => {
    const harness = createWalletHarness();
    const alice = harness.addUser('alice');
    const { credentialId, sessionId } = await harness.oauthSession('alice', 'alice-sub');
    const credentials = await json(await harness.as('alice', 'GET', '/auth/credentials'));
    expect((credentials.data as { id: string }[]).map((item) => item.id)).toEqual([credentialId]);
    const sessions = await json(await harness.as('alice', 'GET', '/auth/sessions'));
    expect((sessions.data as { id: string }[]).map((item) => item.id)).toEqual([sessionId]);
    const listCall = harness.calls.find((call) => call.url.includes('/auth/sessions?'))!;
    expect(listCall.url).toBe(
      `http://127.0.0.1/2025-10-13/auth/sessions?accountId=${encodeURIComponent(alice.accountId)}`,
    );
    expect(harness.calls.every((call) => !(TEST_USER_HEADER.toLowerCase() in call.headers))).toBe(
      true,
    );
  });

  it('SR-01: given signed retries (refresh, export, privacy PATCH, revoke), should relay 202 then the terminal status', async () => {
    const harness = createWalletHarness();
    const alice = harness.addUser('alice');
    const { sessionId } = await harness.oauthSession('alice', 'alice-sub');
    const refresh = await harness.signed(
      'alice',
      'POST',
      `/auth/sessions/${sessionId}/refresh`,
      JSON.stringify({ clientPublicKey: await freshPub65() }),
    );
    expect([refresh.leg1.status, refresh.leg2.status]).toEqual([202, 201]);
    const exported = await harness.signed(
      'alice',
      'POST',
      `/internal-accounts/${alice.accountId}/export`,
      JSON.stringify({ clientPublicKey: await freshPub65() }),
    );
    expect([exported.leg1.status, exported.leg2.status]).toEqual([202, 200]);
    const privacy = await harness.signed(
      'alice',
      'PATCH',
      `/internal-accounts/${alice.accountId}`,
      '{"privateEnabled":true}',
    );
    expect([privacy.leg1.status, privacy.leg2.status]).toEqual([202, 200]);
    expect(await json(privacy.leg2)).toMatchObject({ id: alice.accountId, privateEnabled: true });
    const revoke = await harness.signed('alice', 'DELETE', `/auth/sessions/${sessionId}`);
    expect([revoke.leg1.status, revoke.leg2.status]).toEqual([202, 204]);
    expect(await revoke.leg2.text()).toBe('');
    expect(revoke.leg2.headers.get('Content-Type')).toBeNull();
  });

  it("BFF-05: given user B calling challenge, verify, refresh or revoke with user A's ids, should answer 403 and send upstream nothing but B's own lists", async () => {
    const harness = createWalletHarness();
    harness.addUser('alice');
    const olivia = harness.addUser('olivia', { email: 'olivia@example.com' });
    const bob = harness.addUser('bob');
    const oliviaOtp = olivia.credentialIds[0]!;
    const { sessionId: aliceSession, credentialId: aliceOauth } = await harness.oauthSession(
      'alice',
      'alice-sub',
    );
    const eventsBefore = harness.sandbox.events().length;
    harness.calls.length = 0;
    const attempts: [string, string, string | undefined][] = [
      ['POST', `/auth/credentials/${oliviaOtp}/challenge`, '{}'],
      [
        'POST',
        `/auth/credentials/${oliviaOtp}/verify`,
        '{"type":"EMAIL_OTP","encryptedOtpBundle":"{}"}',
      ],
      ['DELETE', `/auth/credentials/${aliceOauth}`, undefined],
      [
        'POST',
        `/auth/sessions/${aliceSession}/refresh`,
        JSON.stringify({ clientPublicKey: await freshPub65() }),
      ],
    ];
    for (const [method, path, body] of attempts) {
      const response = await harness.as('bob', method, path, body === undefined ? {} : { body });
      expect(response.status).toBe(403);
      expect(await json(response)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    const revoke = await harness.as('bob', 'DELETE', `/auth/sessions/${aliceSession}`);
    expect(revoke.status).toBe(404);
    for (const call of harness.calls) {
      expect(call.method).toBe('GET');
      expect(new URL(call.url).searchParams.get('accountId')).toBe(bob.accountId);
    }
    expect(harness.sandbox.events()).toHaveLength(eventsBefore);
  });

  it('given an own credential id, should check ownership against a fresh list for revokes and may reuse a recent list otherwise', async () => {
    const harness = createWalletHarness();
    const carol = harness.addUser('carol', { email: 'carol@example.com' });
    const otpId = carol.credentialIds[0]!;
    await harness.as('carol', 'POST', `/auth/credentials/${otpId}/challenge`, { body: '{}' });
    await harness.as('carol', 'POST', `/auth/credentials/${otpId}/challenge`, { body: '{}' });
    const lists = () =>
      harness.calls.filter((call) => routeOf(call.url) === '/auth/credentials').length;
    expect(lists()).toBe(1);
    await harness.as('carol', 'DELETE', `/auth/credentials/${otpId}`);
    await harness.as('carol', 'DELETE', `/auth/credentials/${otpId}`);
    expect(lists()).toBe(3);
  });

  it("BFF-16: given the sandbox's own challenge limit, should pass its 429 and Retry-After through", async () => {
    const harness = createWalletHarness({
      sandbox: { rateLimits: { challengesPerWindow: 2, windowSeconds: 600 } },
    });
    const dave = harness.addUser('dave', { email: 'dave@example.com' });
    const path = `/auth/credentials/${dave.credentialIds[0]}/challenge`;
    expect((await harness.as('dave', 'POST', path, { body: '{}' })).status).toBe(200);
    harness.clock.now += 61_000; // past the 60 s resend window, so this is a new challenge
    expect((await harness.as('dave', 'POST', path, { body: '{}' })).status).toBe(200);
    harness.clock.now += 61_000;
    const limited = await harness.as('dave', 'POST', path, { body: '{}' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await json(limited)).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("given the user's own customer, should read it and apply a contact change the kit sends", async () => {
    const harness = createWalletHarness();
    const erin = harness.addUser('erin');
    const read = await harness.as('erin', 'GET', `/customers/${erin.customerId}`);
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ id: erin.customerId, customerType: 'INDIVIDUAL' });
    const patched = await harness.as('erin', 'PATCH', `/customers/${erin.customerId}`, {
      body: '{"phoneNumber":"+14155550100"}',
    });
    expect(patched.status).toBe(200);
    expect(await json(patched)).toMatchObject({ phoneNumber: '+14155550100' });
  });

  it('BFF-28: given a proxy restart between leg 1 and leg 2, should complete leg 2 (the proxy keeps no per-flow state)', async () => {
    const harness = createWalletHarness();
    const frank = harness.addUser('frank');
    const { sessionId } = await harness.oauthSession('frank', 'frank-sub');
    const leg1 = await harness.as('frank', 'PATCH', `/internal-accounts/${frank.accountId}`, {
      body: '{"privateEnabled":true}',
    });
    expect(leg1.status).toBe(202);
    const { requestId, payloadToSign } = await json(leg1);
    const restarted = createProxy({
      upstream: {
        baseUrl: 'http://127.0.0.1/2025-10-13',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        fetch: (request) => harness.sandbox.fetch(request),
      },
      allowedOrigins: [ORIGIN],
      resolveUser: async () => frank,
    });
    const leg2 = await restarted.fetch(
      new Request(`${API}/internal-accounts/${frank.accountId}`, {
        method: 'PATCH',
        headers: {
          Origin: ORIGIN,
          'Content-Type': 'application/json',
          'Service-Wallet-Signature': harness.stampFor('frank', String(payloadToSign)),
          'Request-Id': String(requestId),
        },
        body: '{"privateEnabled":true}',
      }),
    );
    expect(leg2.status).toBe(200);
    expect(sessionId).toMatch(/^Session:/);
  });

  it('given the sandbox configured to answer PROCESSING, should relay the 200 PROCESSING body unchanged', async () => {
    const harness = createWalletHarness({
      sandbox: { processing: { 'PATCH /internal-accounts/{id}': 1 } },
    });
    const gina = harness.addUser('gina');
    await harness.oauthSession('gina', 'gina-sub');
    const { leg2 } = await harness.signed(
      'gina',
      'PATCH',
      `/internal-accounts/${gina.accountId}`,
      '{"privateEnabled":false}',
    );
    expect(leg2.status).toBe(200);
    expect(await json(leg2)).toEqual({
      status: 'PROCESSING',
      message: 'This operation is still being processed. Retry the same request in a moment.',
    });
  });

  it('SR-02: given Request-Id alone, should forward it on a PASSKEY verify and refuse it on an OTP verify before the upstream', async () => {
    const harness = createWalletHarness();
    const hana = harness.addUser('hana', { email: 'hana@example.com' });
    const path = `/auth/credentials/${hana.credentialIds[0]}/verify`;
    const headers = { 'Request-Id': 'Request:6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b' };
    const otp = await harness.as('hana', 'POST', path, {
      body: '{"type":"EMAIL_OTP","encryptedOtpBundle":"{}"}',
      headers,
    });
    expect(otp.status).toBe(400);
    expect(harness.calls.filter((call) => call.url.endsWith('/verify'))).toHaveLength(0);
    const passkey = await harness.as('hana', 'POST', path, {
      body: '{"type":"PASSKEY","assertion":{"credentialId":"abc","clientDataJson":"e30","authenticatorData":"AA","signature":"AA"}}',
      headers,
    });
    const forwarded = harness.calls.filter((call) => call.url.endsWith('/verify'));
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.headers['request-id']).toBe(headers['Request-Id']);
    expect(forwarded[0]!.headers).not.toHaveProperty('service-wallet-signature');
    expect(passkey.status).toBe(400); // the sandbox: `type` is not this credential's type
  });

  it('given a quote the user created through the proxy, should let only that user execute it (docs/protocol.md §11.6)', async () => {
    // The sandbox has no quote routes yet: its answers to these two routes are stood in for here.
    const quoteId = 'Quote:7e2d3c4b-5a69-4f70-8b8c-9d0e1f2a3b4c';
    const harness = createWalletHarness({
      alterResponse: (response, request) => {
        const path = new URL(request.url).pathname;
        if (path.endsWith('/quotes')) {
          return new Response(JSON.stringify({ id: quoteId, status: 'PENDING' }), {
            status: 201,
            headers: { 'Content-Type': 'application/json' },
          });
        }
        if (path.endsWith('/execute')) {
          return new Response(JSON.stringify({ id: quoteId, status: 'COMPLETED' }), {
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return response;
      },
    });
    const ivy = harness.addUser('ivy');
    harness.addUser('jon');
    const quote = {
      source: { sourceType: 'ACCOUNT', accountId: ivy.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: ivy.accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    };
    expect(
      (await harness.as('jon', 'POST', '/quotes', { body: JSON.stringify(quote) })).status,
    ).toBe(403);
    expect(
      (await harness.as('ivy', 'POST', '/quotes', { body: JSON.stringify(quote) })).status,
    ).toBe(201);
    expect(
      (await harness.as('jon', 'POST', `/quotes/${quoteId}/execute`, { body: '{}' })).status,
    ).toBe(403);
    const executed = await harness.as('ivy', 'POST', `/quotes/${quoteId}/execute`, {
      body: '{}',
      headers: {
        'Service-Wallet-Signature': harness.stampFor('ivy', 'quote payment instruction'),
        'Idempotency-Key': 'ivy-1',
      },
    });
    expect(executed.status).toBe(200);
    expect(harness.calls.map((call) => `${call.method} ${routeOf(call.url)}`)).toEqual([
      'POST /quotes',
      `POST /quotes/${quoteId}/execute`,
    ]);
  });

  it("given allowSandboxFunding, should forward the funding tool for the user's own wallet only", async () => {
    const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
    const kim = harness.addUser('kim');
    const lee = harness.addUser('lee');
    const foreign = await harness.as(
      'kim',
      'POST',
      `/sandbox/internal-accounts/${lee.accountId}/fund`,
      { body: '{"amount":500}' },
    );
    expect(foreign.status).toBe(403);
    expect(harness.calls).toHaveLength(0);
    await harness.as('kim', 'POST', `/sandbox/internal-accounts/${kim.accountId}/fund`, {
      body: '{"amount":500}',
    });
    expect(harness.calls.map((call) => `${call.method} ${routeOf(call.url)}`)).toEqual([
      `POST /sandbox/internal-accounts/${kim.accountId}/fund`,
    ]);
    expect(new TextDecoder().decode(harness.calls[0]!.body)).toBe('{"amount":500}');
  });

  it('HPKE-12 and BFF-21: given an OTP verify through the proxy, should log neither the bundle nor the e-mail', async () => {
    const harness = createWalletHarness();
    const mia = harness.addUser('mia', { email: 'mia.secret@example.com' });
    const bundle = '{"encappedPublic":"04aaaaaaaaaaaaaaaaaaaa","ciphertext":"c1c2c3c4c5c6c7c8c9"}';
    await harness.as('mia', 'POST', `/auth/credentials/${mia.credentialIds[0]}/challenge`, {
      body: '{}',
    });
    await harness.as('mia', 'POST', `/auth/credentials/${mia.credentialIds[0]}/verify`, {
      body: JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: bundle }),
    });
    const logged = JSON.stringify(harness.logs);
    expect(harness.logs.length).toBeGreaterThanOrEqual(2);
    expect(logged).not.toContain('c1c2c3c4c5c6c7c8c9');
    expect(logged).not.toContain('mia.secret@example.com');
  });

  it('given a service that spells the stamp header differently, should complete signed retries only when signatureHeaderName matches (docs/protocol.md §1, §14)', async () => {
    const sandbox = { signatureHeaderName: 'X-Wallet-Stamp' };
    const renamed = createWalletHarness({
      sandbox,
      proxy: { signatureHeaderName: 'X-Wallet-Stamp' },
    });
    const ona = renamed.addUser('ona');
    await renamed.oauthSession('ona', 'ona-sub');
    const ok = await renamed.signed(
      'ona',
      'PATCH',
      `/internal-accounts/${ona.accountId}`,
      '{"privateEnabled":true}',
    );
    expect(ok.leg2.status).toBe(200);
    const plain = createWalletHarness({ sandbox });
    const pia = plain.addUser('pia');
    await plain.oauthSession('pia', 'pia-sub');
    const refused = await plain.signed(
      'pia',
      'PATCH',
      `/internal-accounts/${pia.accountId}`,
      '{"privateEnabled":true}',
    );
    expect(refused.leg2.status).toBe(401);
    expect(await json(refused.leg2)).toMatchObject({ code: 'WALLET_SIGNATURE_MISSING' });
  });
});
