import { expect, test } from '@playwright/test';
import { currentUser, newSignedInUser, uniqueEmail } from './support/demo-user.js';
import { API, apiUser, cookieOf } from './support/proxy-client.js';
import { rawRequest, rawSocketStatus } from './support/raw-http.js';

const SOME_UUID = '3f1c6e2a-1b2c-4d3e-8f90-123456789abc';

test.describe('the proxy: bad paths, bodies, origins and framing', () => {
  test('given paths outside the allowlist, should answer 400 or 404 and never forward them (BFF-01, BFF-02, BFF-03, BFF-04)', async ({
    page,
    baseURL,
  }) => {
    const user = await apiUser(page.request, baseURL!, 'paths');
    const headers = {
      Origin: baseURL!,
      Cookie: await cookieOf(page.context()),
      'Content-Type': 'application/json',
    };
    // Dot segments (plain or %2e-encoded) are resolved by the Node adapter before the proxy's
    // raw-path check, so they end as 404 on the resolved path; either way nothing is forwarded.
    const cases: [method: string, path: string, statuses: number[]][] = [
      ['GET', `${API}//evil.example/x`, [400]],
      ['GET', `${API}/\\evil.example/x`, [400]],
      ['GET', `${API}/auth/../customers`, [400, 404]],
      ['GET', `${API}/auth/%2e%2e/customers`, [400, 404]],
      ['POST', `${API}/../../__sandbox/clock`, [400, 404]],
      ['GET', `${API}/auth%2Fcredentials`, [400]],
      ['GET', `${API}/%252e%252e/customers`, [400]],
      [
        'POST',
        `${API}/sandbox/internal-accounts/${user.accountId}/fund/..%2f..%2f..%2fcustomers`,
        [400],
      ],
      ['POST', `${API}/customers`, [404]],
      ['POST', `${API}/internal-accounts`, [404]],
      ['POST', `${API}/transfer-in`, [404]],
      ['POST', `${API}/transfer-out`, [404]],
      ['GET', `${API}/webhooks`, [404]],
      ['POST', `${API}/sandbox/webhooks/test`, [404]],
      ['DELETE', `${API}/auth/credentials/not-an-id`, [400]],
      ['DELETE', `${API}/auth/sessions/AuthMethod:${SOME_UUID}`, [400]],
      ['GET', `${API}/customers/Customer:123`, [400]],
    ];
    const before = ((await (await page.request.get('/__sandbox/info')).json()) as { now: number })
      .now;
    for (const [method, path, statuses] of cases) {
      const response = await rawRequest(baseURL!, {
        method,
        path,
        headers,
        ...(method === 'POST' ? { body: '{"advanceSeconds":86400}' } : {}),
      });
      expect(statuses, `${method} ${path} answered ${response.status}`).toContain(response.status);
      if (response.body !== '') {
        expect(response.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
        expect(JSON.parse(response.body)).toMatchObject({ status: response.status });
      }
    }
    // The traversal into the demo's clock route did not move the emulator's clock.
    const after = ((await (await page.request.get('/__sandbox/info')).json()) as { now: number })
      .now;
    expect(after - before).toBeLessThan(60_000);
  });

  test('given bad bodies, should refuse them before the service (BFF-09, BFF-10, BFF-11)', async ({
    page,
    baseURL,
  }) => {
    const user = await apiUser(page.request, baseURL!, 'bodies');
    const path = `${API}/internal-accounts/${user.accountId}`;
    const base = { Origin: baseURL!, Cookie: await cookieOf(page.context()) };
    const send = (contentType: string | undefined, body: string) =>
      rawRequest(baseURL!, {
        method: 'PATCH',
        path,
        headers: { ...base, ...(contentType ? { 'Content-Type': contentType } : {}) },
        body,
      });
    expect((await send('text/plain', '{"privateEnabled":true}')).status).toBe(415);
    expect((await send('application/x-www-form-urlencoded', 'privateEnabled=true')).status).toBe(
      415,
    );
    expect((await send(undefined, '{"privateEnabled":true}')).status).toBe(415);
    expect((await send('application/json', '{"privateEnabled":tru')).status).toBe(400);
    expect((await send('application/json', '{"__proto__":{"polluted":1}}')).status).toBe(400);
    expect((await send('application/json', '{"constructor":{"prototype":{}}}')).status).toBe(400);
    expect(
      (await send('application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`)).status,
    ).toBe(400);
    const big = JSON.stringify({ privateEnabled: true, pad: 'x'.repeat(70_000) });
    expect((await send('application/json', big)).status).toBe(413);
    // Nothing reached the wallet: privacy is still off.
    const accounts = await page.request.get(
      `${API}/customers/internal-accounts?type=EMBEDDED_WALLET`,
    );
    const wallet = ((await accounts.json()) as { data: { privateEnabled?: boolean }[] }).data[0];
    expect(wallet?.privateEnabled ?? false).toBe(false);
  });

  test('given foreign origins and cross-site requests, should refuse them and never grant CORS to them (BFF-12, BFF-13)', async ({
    page,
    baseURL,
  }) => {
    const user = await apiUser(page.request, baseURL!, 'origin');
    const cookie = await cookieOf(page.context());
    const patch = (headers: Record<string, string>) =>
      rawRequest(baseURL!, {
        method: 'PATCH',
        path: `${API}/internal-accounts/${user.accountId}`,
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: '{"privateEnabled":true}',
      });
    for (const origin of ['http://evil.example', 'null', 'http://localhost:1']) {
      const response = await patch({ Origin: origin });
      expect(response.status, origin).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await patch({})).status).toBe(403);
    expect((await patch({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);

    const preflight = (origin: string, requestHeaders: string) =>
      rawRequest(baseURL!, {
        method: 'OPTIONS',
        path: `${API}/internal-accounts/${user.accountId}`,
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': requestHeaders,
        },
      });
    const foreign = await preflight('http://evil.example', 'content-type');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(baseURL!, 'content-type, x-evil')).status).toBe(403);
    const own = await preflight(baseURL!, 'content-type, service-wallet-signature, request-id');
    expect(own.status).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(baseURL);
    expect(own.headers['access-control-allow-credentials']).toBe('true');
  });

  test('given no app session, wrong methods or half a signed retry, should refuse before the service (BFF-15, BFF-22, SR-02, SR-21)', async ({
    page,
    request,
    baseURL,
  }) => {
    // `request` has no cookie: no app session.
    const anonymous = await request.get(`${API}/auth/sessions`);
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const user = await apiUser(page.request, baseURL!, 'methods');
    const headers = {
      Origin: baseURL!,
      Cookie: await cookieOf(page.context()),
      'Content-Type': 'application/json',
    };
    const privacyPath = `${API}/internal-accounts/${user.accountId}`;
    const put = await rawRequest(baseURL!, {
      method: 'PUT',
      path: privacyPath,
      headers,
      body: '{}',
    });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toContain('PATCH');
    const trace = await rawRequest(baseURL!, { method: 'TRACE', path: privacyPath, headers });
    expect(trace.status).toBe(405);

    const requestId = `Request:${SOME_UUID}`;
    const half: Record<string, string>[] = [
      { 'Request-Id': requestId },
      { 'Service-Wallet-Signature': 'e30' },
      { 'Request-Id': `Request:${'a'.repeat(10_000)}`, 'Service-Wallet-Signature': 'e30' },
      { 'Request-Id': 'Request:%0d%0aSet-Cookie: x=1', 'Service-Wallet-Signature': 'e30' },
    ];
    for (const extra of half) {
      const response = await rawRequest(baseURL!, {
        method: 'PATCH',
        path: privacyPath,
        headers: { ...headers, ...extra },
        body: '{"privateEnabled":true}',
      });
      expect(response.status, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  test('given malformed HTTP framing or a NUL in a header, should answer 400 (BFF-06, BFF-23)', async ({
    baseURL,
  }) => {
    const host = new URL(baseURL!).host;
    const both = [
      `POST ${API}/auth/credentials HTTP/1.1`,
      `Host: ${host}`,
      'Content-Type: application/json',
      'Content-Length: 2',
      'Transfer-Encoding: chunked',
      'Connection: close',
      '',
      '2',
      '{}',
      '0',
      '',
      '',
    ].join('\r\n');
    expect(await rawSocketStatus(baseURL!, both)).toBe(400);
    const twice = [
      `POST ${API}/auth/credentials HTTP/1.1`,
      `Host: ${host}`,
      'Content-Length: 2',
      'Content-Length: 3',
      'Connection: close',
      '',
      '{}',
    ].join('\r\n');
    expect(await rawSocketStatus(baseURL!, twice)).toBe(400);
    const nul = [
      `GET ${API}/auth/sessions HTTP/1.1`,
      `Host: ${host}`,
      'Request-Id: Request:\u0000x',
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    expect(await rawSocketStatus(baseURL!, nul)).toBe(400);
  });

  test('given a sign-up on the demo (plain http on localhost), should set an HttpOnly, SameSite cookie without Secure, which WebKit would refuse there, rotate it per sign-in and clear it at sign-out; responses are no-store (BFF-29, BFF-08)', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('cookie');
    const signIn = () =>
      page.request.post('/api/session', { headers: { Origin: baseURL! }, data: { email } });
    const first = await signIn();
    const setCookie = first.headers()['set-cookie'] ?? '';
    // The __Host- prefix needs Secure; the demo's only origin is http://localhost (BFF-14 holds
    // for https deployments, proxy unit tests).
    expect(setCookie).toMatch(/^wallet-auth-session=/);
    expect(setCookie).not.toMatch(/;\s*Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=(Strict|Lax)/i);
    expect(setCookie).toMatch(/;\s*Path=\//i);
    expect(setCookie).not.toMatch(/;\s*Domain=/i);
    expect(first.headers()['cache-control']).toContain('no-store');
    expect(first.headers()['x-content-type-options']).toBe('nosniff');
    expect(first.headers().server).toBeUndefined();
    const second = await signIn();
    const value = (header: string) => header.split(';')[0];
    expect(value(second.headers()['set-cookie'] ?? '')).not.toBe(value(setCookie));

    const user = await currentUser(page.request);
    const list = await page.request.get(`${API}/auth/credentials?accountId=${user.accountId}`);
    expect(list.status()).toBe(200);
    expect(list.headers()['cache-control']).toContain('no-store');
    expect(list.headers()['set-cookie']).toBeUndefined();

    const out = await page.request.delete('/api/session', { headers: { Origin: baseURL! } });
    expect(out.status()).toBe(204);
    expect(out.headers()['set-cookie']).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });

  test('given a whole signed-in session, should never show the platform secret to the browser (BFF-19)', async ({
    page,
  }) => {
    const bodies: string[] = [];
    page.on('response', (response) => {
      bodies.push(JSON.stringify(response.headers()));
      void response.text().then(
        (text) => bodies.push(text),
        () => undefined,
      );
    });
    await newSignedInUser(page, 'secret');
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(page.getByText('Test funds added.')).toBeVisible();
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
    for (const src of scripts) {
      bodies.push(await (await page.request.get(src)).text());
    }
    const secret = 'e2e-platform-secret-5b7f0c2e94d1a8';
    const basic = Buffer.from(`sandbox-client-id:${secret}`).toString('base64');
    const everything = [...bodies, await page.content()].join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(basic);
    expect(everything).not.toContain('sandbox-client-secret');
  });
});
