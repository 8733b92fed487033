import {
  createIdToken,
  createOidcSigner,
  createTestKey,
  idTokenClaims,
  oidcNonce,
  openSealedSessionKey,
} from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

const ISSUER = 'https://accounts.google.com';

async function withOauth(options: Parameters<typeof createHarness>[0] = {}) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const { key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  const now = () => h.clock.now() / 1000;
  const claims = (
    extra: Parameters<typeof idTokenClaims>[0] extends infer T ? Partial<T> : never = {},
  ) =>
    idTokenClaims({
      nowSeconds: now(),
      aud: 'app',
      sub: 'user-1',
      email: 'ada@gmail.com',
      ...extra,
    });
  const { second: created } = await h.signedRetry(
    'POST',
    '/auth/credentials',
    { type: 'OAUTH', accountId: customer.walletId, oidcToken: createIdToken({ claims: claims() }) },
    key,
  );
  const verify = (body: Record<string, unknown>) =>
    h.request('POST', `/auth/credentials/${created.body.id}/verify`, {
      body: { type: 'OAUTH', ...body },
    });
  const token = (client: string, extra: Parameters<typeof claims>[0] = {}) =>
    createIdToken({ claims: claims({ nonce: oidcNonce(client), ...extra }) });
  return { h, ...customer, key, created, claims, verify, token, now };
}

describe('OAUTH credentials (docs/protocol.md §10, §15)', () => {
  it('given a signed add, should create the credential named after the email claim without needing a nonce', async () => {
    const { created, walletId } = await withOauth();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      accountId: walletId,
      type: 'OAUTH',
      nickname: 'ada@gmail.com',
    });
    expect(created.body).not.toHaveProperty('credentialId');
  });

  it('given a pub65 clientPublicKey and its nonce, should answer 200 with a sealed key the session authorises', async () => {
    const { h, verify, token, walletId } = await withOauth();
    const client = createTestKey();
    const response = await verify({
      oidcToken: token(client.publicKey),
      clientPublicKey: client.publicKey,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'OAUTH', nickname: 'ada@gmail.com' });
    const scalar = await openSealedSessionKey(
      response.body.encryptedSessionSigningKey,
      client.privateKey,
    );
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      createTestKey(Buffer.from(scalar).toString('hex')),
    );
    expect(second.status).toBe(200);
  });

  it('given a pub33 clientPublicKey, should answer 200 without a sealed key and authorise the client key', async () => {
    const { h, verify, token, walletId } = await withOauth();
    const client = createTestKey();
    const response = await verify({
      oidcToken: token(client.compressedPublicKey),
      clientPublicKey: client.compressedPublicKey,
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('encryptedSessionSigningKey');
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

  it('OIDC-01: given a nonce over the raw key bytes, uppercase hex or the other compression, should answer 401 OIDC nonce mismatch', async () => {
    const { verify, claims } = await withOauth();
    const client = createTestKey();
    const { sha256 } = await import('@noble/hashes/sha2.js');
    const nonces = [
      Buffer.from(sha256(Buffer.from(client.publicKey, 'hex'))).toString('hex'),
      oidcNonce(client.publicKey).toUpperCase(),
      oidcNonce(client.compressedPublicKey),
      oidcNonce(client.publicKey.toUpperCase()),
    ];
    for (const nonce of nonces) {
      const response = await verify({
        oidcToken: createIdToken({ claims: claims({ nonce }) }),
        clientPublicKey: client.publicKey,
      });
      expect(response.status).toBe(401);
      expect(response.body.reason).toBe('OIDC nonce mismatch');
    }
    // The nonce follows the exact string sent: uppercase hex sent with its own nonce passes.
    const upper = client.publicKey.toUpperCase().replace(/^04/, '04');
    expect(
      (
        await verify({
          oidcToken: createIdToken({ claims: claims({ nonce: oidcNonce(upper) }) }),
          clientPublicKey: upper,
        })
      ).status,
    ).toBe(200);
  });

  it('OIDC-02: given iat 66 s old / 65 s old / 5 s ahead / 6 s ahead, should answer 401 / 200 / 200 / 401', async () => {
    const { verify, claims, now } = await withOauth();
    const cases: [number, number][] = [
      [-66, 401],
      [-65, 200],
      [5, 200],
      [6, 401],
    ];
    for (const [offset, status] of cases) {
      const client = createTestKey();
      const token = createIdToken({
        claims: claims({ nonce: oidcNonce(client.publicKey), extra: { iat: now() + offset } }),
      });
      const response = await verify({ oidcToken: token, clientPublicKey: client.publicKey });
      expect(response.status).toBe(status);
      if (status === 401) {
        expect(response.body.reason).toBe('OIDC iat outside the allowed window');
      }
    }
  });

  it('OIDC-03: given iat as a string, null, 1e99 or missing, should answer 401 OIDC iat outside the allowed window', async () => {
    const { verify, claims, now } = await withOauth();
    const client = createTestKey();
    for (const iat of [String(Math.floor(now())), null, 1e99, undefined]) {
      const body = claims({ nonce: oidcNonce(client.publicKey), extra: { iat } });
      if (iat === undefined) {
        delete body.iat;
      }
      const response = await verify({
        oidcToken: createIdToken({ claims: body }),
        clientPublicKey: client.publicKey,
      });
      expect(response.body.reason).toBe('OIDC iat outside the allowed window');
    }
  });

  it('OIDC-04: given exp in the past, missing or non-numeric, should answer 401 OIDC token expired', async () => {
    const { verify, claims, now } = await withOauth();
    const client = createTestKey();
    for (const exp of [now() - 1, Math.floor(now()), undefined, 'soon']) {
      const body = claims({ nonce: oidcNonce(client.publicKey), extra: { exp } });
      if (exp === undefined) {
        delete body.exp;
      }
      const response = await verify({
        oidcToken: createIdToken({ claims: body }),
        clientPublicKey: client.publicKey,
      });
      expect(response.body.reason).toBe('OIDC token expired');
    }
  });

  it('OIDC-05: given iss with a trailing slash, http, or unsupported, should answer 400 INVALID_INPUT', async () => {
    const { verify, token } = await withOauth();
    const client = createTestKey();
    for (const iss of [
      'https://accounts.google.com/',
      'http://accounts.google.com',
      'https://evil.example',
    ]) {
      const response = await verify({
        oidcToken: token(client.publicKey, { iss }),
        clientPublicKey: client.publicKey,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
  });

  it('OIDC-06/OIDC-07: given another aud, sub or iss, should answer 401 OIDC identity does not match; two audiences 401 claims invalid; azp is ignored', async () => {
    const { verify, token } = await withOauth({
      oidcIssuers: ['https://login.example'],
      rateLimits: { verifyFailuresBeforeLock: 0 },
    });
    const client = createTestKey();
    for (const extra of [
      { aud: 'other-app' },
      { sub: 'user-2' },
      { iss: 'accounts.google.com' },
      { iss: 'https://login.example' },
    ]) {
      const response = await verify({
        oidcToken: token(client.publicKey, extra),
        clientPublicKey: client.publicKey,
      });
      expect(response.body.reason).toBe('OIDC identity does not match credential');
    }
    const two = await verify({
      oidcToken: token(client.publicKey, { aud: ['app', 'evil'] }),
      clientPublicKey: client.publicKey,
    });
    expect(two.body.reason).toBe('OIDC claims invalid');
    const single = await verify({
      oidcToken: token(client.publicKey, { aud: ['app'], extra: { azp: 'someone-else' } }),
      clientPublicKey: client.publicKey,
    });
    expect(single.status).toBe(200);
  });

  it('OIDC-08: given oidcJwks for the issuer, should verify RS256 and ES256 and refuse alg none, HS256, an unknown kid or a bad signature', async () => {
    const rs = await createOidcSigner('RS256', 'rs-key');
    const es = await createOidcSigner('ES256', 'es-key');
    const h = createHarness({
      oidcJwks: { [ISSUER]: { keys: [...rs.jwks.keys, ...es.jwks.keys] } },
      rateLimits: { verifyFailuresBeforeLock: 0 },
    });
    const customer = await h.createCustomer({ email: undefined });
    const claims = (extra: Record<string, unknown> = {}) => ({
      ...idTokenClaims({ nowSeconds: h.clock.now() / 1000, aud: 'app', sub: 'user-1' }),
      ...extra,
    });
    const created = await h.request('POST', '/auth/credentials', {
      body: { type: 'OAUTH', accountId: customer.walletId, oidcToken: await rs.sign(claims()) },
    });
    expect(created.status).toBe(201);
    const dummy = await h.request('POST', '/auth/credentials', {
      body: {
        type: 'OAUTH',
        accountId: customer.walletId,
        oidcToken: createIdToken({ claims: claims({ sub: 'x' }) }),
      },
    });
    expect(dummy.body.reason).toBe('OIDC signature invalid');
    const verify = (body: Record<string, unknown>) =>
      h.request('POST', `/auth/credentials/${created.body.id}/verify`, {
        body: { type: 'OAUTH', ...body },
      });
    const client = createTestKey();
    const good = claims({ nonce: oidcNonce(client.publicKey) });
    expect(
      (await verify({ oidcToken: await rs.sign(good), clientPublicKey: client.publicKey })).status,
    ).toBe(200);
    expect(
      (await verify({ oidcToken: await es.sign(good), clientPublicKey: client.publicKey })).status,
    ).toBe(200);
    const segments = (await rs.sign(good)).split('.');
    const header = (value: Record<string, unknown>) =>
      Buffer.from(JSON.stringify(value)).toString('base64url');
    const refused = [
      `${header({ alg: 'none', typ: 'JWT' })}.${segments[1]}.${segments[2]}`,
      `${header({ alg: 'HS256', typ: 'JWT', kid: 'rs-key' })}.${segments[1]}.${segments[2]}`,
      await rs.sign(good, { alg: 'RS256', kid: 'unknown-kid', jku: 'https://evil.example/jwks' }),
      `${segments[0]}.${segments[1]}.${segments[2]!.slice(0, -4)}AAAA`,
    ];
    for (const oidcToken of refused) {
      const response = await verify({ oidcToken, clientPublicKey: client.publicKey });
      expect(response.status).toBe(401);
      expect(response.body.reason).toBe('OIDC signature invalid');
    }
  });

  it('OIDC-09: given two segments, bad base64url, a header that is not JSON, an empty signature or the retired literal, should answer 400; a 200 KB token 413', async () => {
    const { verify, token } = await withOauth();
    const client = createTestKey();
    const good = token(client.publicKey).split('.');
    for (const oidcToken of [
      `${good[0]}.${good[1]}`,
      `${good[0]}.${good[1]}!.${good[2]}`,
      `${Buffer.from('not json').toString('base64url')}.${good[1]}.${good[2]}`,
      `${good[0]}.${good[1]}.`,
      'sandbox-valid-oidc-token',
    ]) {
      const response = await verify({ oidcToken, clientPublicKey: client.publicKey });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
    const huge = await verify({
      oidcToken: `${good[0]}.${'A'.repeat(200_000)}.${good[2]}`,
      clientPublicKey: client.publicKey,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('INVALID_INPUT');
  });

  it('OIDC-10: given a valid token replayed with a different client key, should answer 401 OIDC nonce mismatch', async () => {
    const { verify, token } = await withOauth();
    const client = createTestKey();
    const oidcToken = token(client.publicKey);
    expect((await verify({ oidcToken, clientPublicKey: client.publicKey })).status).toBe(200);
    const replay = await verify({ oidcToken, clientPublicKey: createTestKey().publicKey });
    expect(replay.body.reason).toBe('OIDC nonce mismatch');
  });

  it('given a duplicate identity on add, should answer 400 INVALID_INPUT; an add with the aud/sub claims missing 401 OIDC claims invalid', async () => {
    const { h, key, walletId, claims } = await withOauth();
    const again = await h.signedRetry(
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId: walletId, oidcToken: createIdToken({ claims: claims() }) },
      key,
    );
    expect(again.first.status).toBe(400);
    expect(again.first.body.code).toBe('INVALID_INPUT');
    const noSub = claims({ sub: '' });
    const missing = await h.request('POST', '/auth/credentials', {
      body: { type: 'OAUTH', accountId: walletId, oidcToken: createIdToken({ claims: noSub }) },
    });
    expect(missing.body.reason).toBe('OIDC claims invalid');
  });

  it('given leg 2 of an add after the token aged past the iat window, should answer 401 (both legs must fit the window)', async () => {
    const { h, key, walletId, claims } = await withOauth();
    const body = JSON.stringify({
      type: 'OAUTH',
      accountId: walletId,
      oidcToken: createIdToken({ claims: claims({ sub: 'user-9' }) }),
    });
    const leg1 = await h.request('POST', '/auth/credentials', { body });
    expect(leg1.status).toBe(202);
    h.clock.advance(66_000);
    const { stamp } = await import('@wallet-auth/test-utils');
    const leg2 = await h.request('POST', '/auth/credentials', {
      body,
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.body.reason).toBe('OIDC iat outside the allowed window');
  });

  it('given an OAUTH challenge call, should answer 400 INVALID_INPUT (no challenge for OAUTH)', async () => {
    const { h, created } = await withOauth();
    const response = await h.request('POST', `/auth/credentials/${created.body.id}/challenge`, {
      body: {},
    });
    expect(response.status).toBe(400);
  });

  it('given five failed verifies, should lock the credential with 429 and reset on success after the lock', async () => {
    const { h, verify, token } = await withOauth();
    const client = createTestKey();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await verify({
            oidcToken: token(client.publicKey, { sub: 'intruder' }),
            clientPublicKey: client.publicKey,
          })
        ).status,
      ).toBe(401);
    }
    const locked = await verify({
      oidcToken: token(client.publicKey),
      clientPublicKey: client.publicKey,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBe(300);
    h.clock.advance(300_000);
    expect(
      (await verify({ oidcToken: token(client.publicKey), clientPublicKey: client.publicKey }))
        .status,
    ).toBe(200);
  });

  it('given processing 1 on verify, should answer PROCESSING then the same session to the identical resend', async () => {
    const { verify, token, h, walletId } = await withOauth({
      processing: { 'POST /auth/credentials/{id}/verify': 1 },
    });
    const client = createTestKey();
    const body = { oidcToken: token(client.publicKey), clientPublicKey: client.publicKey };
    expect((await verify(body)).body.status).toBe('PROCESSING');
    const terminal = await verify(body);
    expect(terminal.body.type).toBe('OAUTH');
    const sessions = await h.request('GET', `/auth/sessions?accountId=${walletId}`);
    expect(sessions.body.data.filter((s: { type: string }) => s.type === 'OAUTH')).toHaveLength(1);
  });
});
