import { describe, expect, it } from 'vitest';
import { demoUserId } from '../auth/demo-auth.js';
import { createMemoryUserBindingStore } from '../stores/memory-stores.js';
import { API, createHarness, json, ORIGIN, PROXY_URL } from '../testing/proxy-harness.js';

const SESSION = `${PROXY_URL}/session`;
/** A deployment: the app also has an https origin, so the cookie is `__Host-` and Secure. */
const DEPLOYED = { proxy: { allowedOrigins: [ORIGIN, 'https://wallet.example'] } };

function signUp(
  harness: ReturnType<typeof createHarness>,
  email: string,
  headers: Record<string, string> = {},
) {
  return harness.call('POST', SESSION, { body: JSON.stringify({ email }), headers });
}

describe('demo session routes', () => {
  it('given a new e-mail, should create the customer upstream, bind its EMBEDDED_WALLET and set the session cookie', async () => {
    const harness = createHarness();
    const response = await signUp(harness, '  Alice@Example.com ');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({
      email: 'alice@example.com',
      customerId: expect.stringMatching(/^Customer:/),
      accountId: expect.stringMatching(/^InternalAccount:/),
    });
    // The customer list first: a user whose binding was lost gets their own customer back (BFF-55).
    expect(harness.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'GET /2025-10-13/customers',
      'POST /2025-10-13/customers',
      'GET /2025-10-13/customers/internal-accounts',
    ]);
    expect(JSON.parse(new TextDecoder().decode(harness.calls[1]!.body))).toEqual({
      customerType: 'INDIVIDUAL',
      email: 'alice@example.com',
      platformCustomerId: await demoUserId('alice@example.com'),
    });
    expect(new URL(harness.calls[0]!.url).searchParams.get('platformCustomerId')).toBe(
      await demoUserId('alice@example.com'),
    );
    expect(new URL(harness.calls[2]!.url).searchParams.get('type')).toBe('EMBEDDED_WALLET');
    const accounts = await json(
      await harness.call('GET', `/customers/internal-accounts?type=EMBEDDED_WALLET`),
    );
    expect((accounts.data as { id: string }[]).map((account) => account.id)).toEqual([
      body.accountId,
    ]);
  });

  it('BFF-14: given an https origin, should set a __Host- cookie that is HttpOnly, Secure, SameSite=Strict, Path=/ without Domain, and rotate it at every sign-in', async () => {
    const harness = createHarness(DEPLOYED);
    const first = await signUp(harness, 'bob@example.com');
    const cookie = first.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(
      /^__Host-wallet-auth-session=v1\.[\w-]+\.[\w-]+; Path=\/; Max-Age=28800; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(cookie).not.toMatch(/Domain/i);
    const firstBody = await json(first);
    const again = await signUp(harness, 'bob@example.com');
    expect(await json(again)).toEqual(firstBody);
    expect(again.headers.get('Set-Cookie')).not.toBe(cookie);
    expect(harness.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('given the cookie, GET /session should answer the user; without it, 401', async () => {
    const harness = createHarness();
    const created = await json(await signUp(harness, 'carol@example.com'));
    expect(await json(await harness.call('GET', SESSION))).toEqual(created);
    harness.cookie = undefined;
    const anonymous = await harness.call('GET', SESSION);
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: 'No valid session cookie',
    });
  });

  it('BFF-41: given only plain-http loopback origins (local development, where WebKit refuses Secure cookies), should set the cookie without Secure or __Host-, keeping HttpOnly, SameSite=Strict and Path=/; cookie.secure: true still wins', async () => {
    const local = await signUp(createHarness(), 'erin@example.com');
    expect(local.headers.get('Set-Cookie')).toMatch(
      /^wallet-auth-session=v1\.[\w-]+\.[\w-]+; Path=\/; Max-Age=28800; HttpOnly; SameSite=Strict$/,
    );
    const ipv4 = createHarness({ proxy: { allowedOrigins: [ORIGIN, 'http://127.0.0.1:5173'] } });
    expect((await signUp(ipv4, 'erin@example.com')).headers.get('Set-Cookie')).toMatch(
      /^wallet-auth-session=.*; HttpOnly; SameSite=Strict$/,
    );
    const forced = createHarness({ proxy: { cookie: { secure: true } } });
    expect((await signUp(forced, 'erin@example.com')).headers.get('Set-Cookie')).toMatch(
      /^__Host-wallet-auth-session=.*; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it('given DELETE /session, should clear the cookie and refuse the old cookie value afterwards', async () => {
    const harness = createHarness(DEPLOYED);
    await signUp(harness, 'dave@example.com');
    const oldCookie = harness.cookie!;
    const out = await harness.call('DELETE', SESSION);
    expect(out.status).toBe(204);
    expect(out.headers.get('Set-Cookie')).toBe(
      '__Host-wallet-auth-session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
    );
    const replay = await harness.call('GET', `${API}/auth/sessions`, {
      headers: { Cookie: oldCookie },
    });
    expect(replay.status).toBe(401);
    expect(harness.calls.filter((call) => call.url.includes('/auth/sessions'))).toHaveLength(0);
  });

  it('BFF-15: given a tampered, expired or duplicated cookie, should answer 401 and forward nothing', async () => {
    const harness = createHarness();
    await signUp(harness, 'erin@example.com');
    const good = harness.cookie!;
    harness.calls.length = 0;
    const tampered = `${good.slice(0, -2)}${good.endsWith('A') ? 'B' : 'A'}${good.slice(-1)}`;
    for (const cookie of [tampered, `${good}; ${good}`, 'wallet=1']) {
      expect(
        (await harness.call('GET', '/auth/credentials', { headers: { Cookie: cookie } })).status,
      ).toBe(401);
    }
    harness.clock.now += 8 * 3600 * 1000;
    expect(
      (await harness.call('GET', '/auth/credentials', { headers: { Cookie: good } })).status,
    ).toBe(401);
    expect(harness.calls).toHaveLength(0);
  });

  it('given a signed-in demo user, should scope wallet routes to their own account', async () => {
    const harness = createHarness();
    const user = await json(await signUp(harness, 'fay@example.com'));
    const credentials = await json(await harness.call('GET', '/auth/credentials'));
    expect(credentials.data).toEqual([
      expect.objectContaining({
        type: 'EMAIL_OTP',
        accountId: user.accountId,
        nickname: 'fay@example.com',
      }),
    ]);
  });

  it('given an invalid e-mail, a non-JSON body or a foreign origin, should refuse the sign-up and create nothing', async () => {
    const harness = createHarness();
    for (const email of [
      '',
      'not-an-email',
      'a@b',
      `${'x'.repeat(250)}@example.com`,
      'a b@example.com',
      'a@exa mple.com',
    ]) {
      const response = await signUp(harness, email);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        code: 'INVALID_INPUT',
        details: { errors: [{ field: 'email' }] },
      });
    }
    const form = await harness.call('POST', SESSION, {
      body: 'email=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const foreign = await signUp(harness, 'mallory@example.com', {
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const wrongMethod = await harness.call('PUT', SESSION, { body: '{}' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('Allow')).toBe('GET, POST, DELETE');
    expect(harness.calls).toHaveLength(0);
  });

  it('given two simultaneous sign-ups of one e-mail, should create one customer', async () => {
    const harness = createHarness();
    const [a, b] = await Promise.all([
      signUp(harness, 'gus@example.com'),
      signUp(harness, 'gus@example.com'),
    ]);
    expect(await json(a)).toEqual(await json(b));
    expect(harness.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('BFF-16: given a burst of sign-ups from one address, should answer 429 with Retry-After before the upstream', async () => {
    const harness = createHarness({ proxy: { rateLimit: { signInPerAddressPerMinute: 1 } } });
    const connection = { remoteAddress: '203.0.113.9' };
    const request = (email: string) =>
      new Request(SESSION, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await harness.proxy.fetch(request('h1@example.com'), connection)).status).toBe(200);
    const limited = await harness.proxy.fetch(request('h2@example.com'), connection);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(
      (await harness.proxy.fetch(request('h3@example.com'), { remoteAddress: '203.0.113.10' }))
        .status,
    ).toBe(200);
    expect(harness.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it("given an upstream that rejects the e-mail, should hand the service's 400 envelope back and store nobody", async () => {
    const store = createMemoryUserBindingStore();
    const harness = createHarness({
      proxy: { stores: { bindings: store } },
      alterResponse: (response, request) =>
        request.method === 'POST'
          ? new Response(
              '{"status":400,"code":"INVALID_INPUT","message":"Invalid request","details":{"errors":[{"field":"email"}]}}',
              {
                status: 400,
                headers: { 'Content-Type': 'application/json' },
              },
            )
          : response,
    });
    const response = await signUp(harness, 'ivan@example.com');
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await store.get(await demoUserId('ivan@example.com'))).toBeUndefined();
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it('BFF-21: should log the sign-in by an id derived from the e-mail, never the address itself', async () => {
    const harness = createHarness();
    await signUp(harness, 'nora.private@example.com');
    const signInLog = harness.logs.find((entry) => entry.event === 'session.sign-in');
    expect(signInLog).toMatchObject({
      level: 'info',
      userId: await demoUserId('nora.private@example.com'),
    });
    expect(JSON.stringify(harness.logs)).not.toContain('nora.private');
  });
});
