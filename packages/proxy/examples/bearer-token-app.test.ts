import { createSandbox } from '@wallet-auth/sandbox';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createBearerTokenApp } from './bearer-token-app.js';

const ORIGIN = 'https://app.example.test';
const ISSUER = 'https://id.example.test';
const AUDIENCE = 'wallet-app';

async function setUp() {
  const sandbox = createSandbox({
    clientId: 'example-client',
    clientSecret: 'example-secret-7f3a9c',
  });
  const idp = await generateKeyPair('ES256');
  const app = createBearerTokenApp({
    origin: ORIGIN,
    key: idp.publicKey,
    issuer: ISSUER,
    audience: AUDIENCE,
    upstream: {
      baseUrl: 'https://api.example.test/2025-10-13',
      clientId: 'example-client',
      clientSecret: 'example-secret-7f3a9c',
      fetch: (request) => sandbox.fetch(request),
    },
  });
  const token = (
    claims: { sub?: string; email?: string; aud?: string; iss?: string; expiresIn?: string } = {},
    key = idp.privateKey,
  ) => {
    const jwt = new SignJWT({ email: claims.email ?? 'eve@example.com' })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(claims.expiresIn ?? '5m');
    return (claims.sub === '' ? jwt : jwt.setSubject(claims.sub ?? 'user-eve')).sign(key);
  };
  const call = async (path: string, bearer?: string, method = 'GET') =>
    app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` }),
      },
    });
  return { call, token };
}

describe('example: a bearer-token (JWT) app', () => {
  it("given a valid token, should bind its subject once and serve that user's wallet through the proxy", async () => {
    const { call, token } = await setUp();
    const jwt = await token();
    expect((await call('/api/2025-10-13/auth/credentials', jwt)).status).toBe(401);
    const bound = await call('/wallet', jwt, 'POST');
    expect(bound.status).toBe(200);
    const first = (await bound.json()) as { accountId: string };
    const again = (await (await call('/wallet', await token(), 'POST')).json()) as {
      accountId: string;
    };
    expect(again.accountId).toBe(first.accountId);
    const credentials = await call('/api/2025-10-13/auth/credentials', jwt);
    expect(credentials.status).toBe(200);
    expect(((await credentials.json()) as { data: { type: string }[] }).data[0]?.type).toBe(
      'EMAIL_OTP',
    );
  });

  it('given an expired token, another audience or issuer, a foreign key, no subject or no token, should answer 401', async () => {
    const { call, token } = await setUp();
    await call('/wallet', await token(), 'POST');
    const foreign = await generateKeyPair('ES256');
    const refused = [
      await token({ expiresIn: '-1m' }),
      await token({ aud: 'another-app' }),
      await token({ iss: 'https://evil.example' }),
      await token({}, foreign.privateKey),
      await token({ sub: '' }),
      'not.a.jwt',
    ];
    for (const bearer of refused) {
      expect((await call('/api/2025-10-13/auth/credentials', bearer)).status).toBe(401);
    }
    expect((await call('/api/2025-10-13/auth/credentials')).status).toBe(401);
    // An unsigned token (alg "none") is never accepted.
    const [, payload] = (await token()).split('.');
    const unsigned = `${btoa('{"alg":"none"}').replace(/=+$/, '')}.${payload}.`;
    expect((await call('/api/2025-10-13/auth/credentials', unsigned)).status).toBe(401);
  });
});
