import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSandbox } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { rawExchange } from '../src/testing/raw-exchange.js';
import { createCookieSessionApp } from './cookie-session-app.js';

const ORIGIN = 'https://app.example.test';

function setUp() {
  const sandbox = createSandbox({
    clientId: 'example-client',
    clientSecret: 'example-secret-7f3a9c',
  });
  const app = createCookieSessionApp({
    origin: ORIGIN,
    upstream: {
      baseUrl: 'https://api.example.test/2025-10-13',
      clientId: 'example-client',
      clientSecret: 'example-secret-7f3a9c',
      fetch: (request) => sandbox.fetch(request),
    },
  });
  const call = (path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) =>
    app.request(`${ORIGIN}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/json',
        ...(init.cookie === undefined ? {} : { Cookie: init.cookie }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const cookieOf = (response: Response) => response.headers.get('Set-Cookie')!.split(';')[0]!;
  return { sandbox, call, cookieOf };
}

describe('example: a cookie-session app', () => {
  it("given the app's own sign-up, should bind the user to one wallet and serve that wallet's routes through the proxy with the app's cookie only", async () => {
    const { call, cookieOf } = setUp();
    const signUp = await call('/auth/sign-up', {
      method: 'POST',
      body: { email: 'ann@example.com', password: 'correct horse battery' },
    });
    expect(signUp.status).toBe(201);
    const { accountId } = (await signUp.json()) as { accountId: string };
    const cookie = cookieOf(signUp);
    const credentials = await call('/api/2025-10-13/auth/credentials', { cookie });
    expect(credentials.status).toBe(200);
    const listed = (await credentials.json()) as { data: { type: string; accountId?: string }[] };
    expect(listed.data.map((item) => item.type)).toEqual(['EMAIL_OTP']);
    // Signing in again gives a new session on the same binding.
    const again = await call('/auth/sign-in', {
      method: 'POST',
      body: { email: 'ann@example.com', password: 'correct horse battery' },
    });
    const wallets = await call('/api/2025-10-13/customers/internal-accounts?type=EMBEDDED_WALLET', {
      cookie: cookieOf(again),
    });
    expect(((await wallets.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toEqual([
      accountId,
    ]);
  });

  it('given no cookie, a forged one, a signed-out one or a wrong password, should answer 401 and reach no wallet', async () => {
    const { call, cookieOf } = setUp();
    const signUp = await call('/auth/sign-up', {
      method: 'POST',
      body: { email: 'ben@example.com', password: 'another long password' },
    });
    const cookie = cookieOf(signUp);
    expect((await call('/api/2025-10-13/auth/credentials')).status).toBe(401);
    expect(
      (await call('/api/2025-10-13/auth/credentials', { cookie: 'app_session=forged' })).status,
    ).toBe(401);
    expect(
      (
        await call('/auth/sign-in', {
          method: 'POST',
          body: { email: 'ben@example.com', password: 'wrong password!' },
        })
      ).status,
    ).toBe(401);
    await call('/auth/sign-out', { method: 'POST', cookie });
    expect((await call('/api/2025-10-13/auth/credentials', { cookie })).status).toBe(401);
  });

  it("given two users, should keep each to their own wallet (403 for the other's ids)", async () => {
    const { call, cookieOf } = setUp();
    const first = await call('/auth/sign-up', {
      method: 'POST',
      body: { email: 'cat@example.com', password: 'a long enough password' },
    });
    const second = await call('/auth/sign-up', {
      method: 'POST',
      body: { email: 'dan@example.com', password: 'a long enough password' },
    });
    const { accountId: catWallet } = (await first.json()) as { accountId: string };
    const foreign = await call(`/api/2025-10-13/auth/credentials?accountId=${catWallet}`, {
      cookie: cookieOf(second),
    });
    expect(foreign.status).toBe(403);
  });
});

describe('example: a cookie-session app served by @hono/node-server', () => {
  it('BFF-02: given raw ../ and %2e%2e targets on the socket, should answer 400 (nodeConnection hands the proxy the target as it arrived)', async () => {
    const { sandbox } = setUp();
    const app = createCookieSessionApp({
      origin: ORIGIN,
      upstream: {
        baseUrl: 'https://api.example.test/2025-10-13',
        clientId: 'example-client',
        clientSecret: 'example-secret-7f3a9c',
        fetch: (request) => sandbox.fetch(request),
      },
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const target of [
        '/api/2025-10-13/auth/credentials/../sessions',
        '/api/2025-10-13/auth/%2e%2e/customers',
      ]) {
        const status = await rawExchange(
          `http://127.0.0.1:${port}`,
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        );
        expect(status, target).toBe('HTTP/1.1 400 Bad Request');
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
