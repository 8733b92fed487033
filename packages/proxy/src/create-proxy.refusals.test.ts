import { describe, expect, it } from 'vitest';
import {
  API,
  createHarnessForUser,
  json,
  ORIGIN,
  PROXY_URL,
  rawRequest,
  STRANGER,
} from './testing/proxy-harness.js';

const UUID = '11111111-2222-4333-8444-555555555555';
const FOREIGN_ACCOUNT = `InternalAccount:${UUID}`;
const FOREIGN_CUSTOMER = `Customer:${UUID}`;

async function expectEnvelope(
  response: Response,
  status: number,
  code: string,
): Promise<Record<string, unknown>> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  const body = await json(response);
  expect(body).toMatchObject({ status, code });
  expect(typeof body.message).toBe('string');
  return body;
}

describe('refusals: nothing reaches the upstream', () => {
  it('BFF-01: given //host, /\\host or an absolute URL in the path, should answer 400 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const path of ['//evil.example/x', '/http:%2F%2Fevil.example/x', '/%5Cevil.example/x']) {
      await expectEnvelope(await harness.call('GET', path), 400, 'INVALID_INPUT');
    }
    // `new Request` turns a raw backslash into "/", so "/\\host" arrives as "//host" (the raw
    // backslash is covered by the matcher tests); either way the empty segment is refused.
    await expectEnvelope(
      await harness.call('GET', `${PROXY_URL}//evil.example/x`),
      400,
      'INVALID_INPUT',
    );
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-02: given ../, %2e%2e, %2F or %252e%252e in the raw target a Node adapter hands over, should answer 400 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const attempts = [
      '/auth/%2e%2e/customers/internal-accounts',
      '/auth/.%2E/.%2e/sandbox/internal-accounts/x/fund',
      '/auth/../customers/internal-accounts',
      '/auth%2Fcredentials',
      '/auth/%252e%252e/customers',
      '/\\evil.example/x',
    ];
    for (const path of attempts) {
      await expectEnvelope(
        await harness.proxy.fetch(rawRequest('GET', `${API}${path}`)),
        400,
        'INVALID_INPUT',
      );
    }
    await expectEnvelope(
      await harness.proxy.fetch(rawRequest('GET', `${PROXY_URL}/%2e%2e/session`)),
      400,
      'INVALID_INPUT',
    );
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-02: given the adapter passes the raw target beside a URL it already normalised, should judge the raw target (400, nothing forwarded)', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const raw of [
      '/api/2025-10-13/auth/../customers/internal-accounts',
      '/api/2025-10-13/auth/%2e%2e/customers/internal-accounts',
      '/api/2025-10-13/\\evil.example/x',
    ]) {
      // What @hono/node-server builds from `incoming.url`: the dot segments already resolved.
      const normalised = new Request(new URL(raw, 'http://localhost:5173'), {
        headers: { Origin: ORIGIN },
      });
      await expectEnvelope(
        await harness.proxy.fetch(normalised, { rawUrl: raw }),
        400,
        'INVALID_INPUT',
      );
    }
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-02: given a "../" that the URL parser resolves before the proxy sees it, should still only reach allowlisted routes', async () => {
    const harness = createHarnessForUser(STRANGER);
    await expectEnvelope(
      await harness.call('POST', `${API}/../../customers`, { body: '{}' }),
      404,
      'NOT_FOUND',
    );
    await expectEnvelope(
      await harness.call('POST', `${API}/auth/%2e%2e/customers`, { body: '{}' }),
      404,
      'NOT_FOUND',
    );
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-03: given platform routes off the allowlist (customers, transfers, rule-based accounts, sandbox tools), should answer 404 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const attempts: [string, string][] = [
      ['POST', '/customers'],
      ['GET', '/customers'],
      ['POST', '/internal-accounts'],
      ['POST', '/transfer-in'],
      ['POST', '/transfer-out'],
      ['POST', '/verifications'],
      ['POST', `/sandbox/internal-accounts/${STRANGER.accountId}/fund`],
      ['GET', '/config'],
    ];
    for (const [method, path] of attempts) {
      await expectEnvelope(
        await harness.call(method, path, method === 'GET' ? {} : { body: '{}' }),
        404,
        'NOT_FOUND',
      );
    }
    await expectEnvelope(await harness.call('GET', `${PROXY_URL}/nothing-here`), 404, 'NOT_FOUND');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-04: given path ids without the right prefix or UUID, should answer 400 INVALID_INPUT and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const body = await expectEnvelope(
      await harness.call('POST', `/auth/credentials/Session:${UUID}/challenge`, { body: '{}' }),
      400,
      'INVALID_INPUT',
    );
    expect(body.details).toEqual({
      errors: [
        { field: 'id', constraint: { pattern: '^AuthMethod:<uuid>$' }, message: 'Malformed id' },
      ],
    });
    await expectEnvelope(
      await harness.call('DELETE', '/auth/sessions/Session:123'),
      400,
      'INVALID_INPUT',
    );
    await expectEnvelope(await harness.call('GET', '/customers/Customer'), 400, 'INVALID_INPUT');
    expect(harness.calls).toHaveLength(0);
  });

  it("BFF-05: given another user's wallet, customer or quote in a path, query or body, should answer 403 FORBIDDEN and forward nothing", async () => {
    const harness = createHarnessForUser(STRANGER);
    const attempts: [string, string, string | undefined][] = [
      ['POST', `/internal-accounts/${FOREIGN_ACCOUNT}/export`, '{"clientPublicKey":"04ab"}'],
      ['PATCH', `/internal-accounts/${FOREIGN_ACCOUNT}`, '{"privateEnabled":true}'],
      ['GET', `/customers/${FOREIGN_CUSTOMER}`, undefined],
      ['PATCH', `/customers/${FOREIGN_CUSTOMER}`, '{"email":"mallory@example.com"}'],
      ['GET', `/auth/credentials?accountId=${FOREIGN_ACCOUNT}`, undefined],
      ['GET', `/auth/sessions?accountId=${FOREIGN_ACCOUNT}`, undefined],
      ['GET', `/customers/internal-accounts?customerId=${FOREIGN_CUSTOMER}`, undefined],
      ['POST', '/auth/credentials', `{"type":"EMAIL_OTP","accountId":"${FOREIGN_ACCOUNT}"}`],
      [
        'POST',
        '/quotes',
        `{"source":{"sourceType":"ACCOUNT","accountId":"${FOREIGN_ACCOUNT}"},"destination":{"destinationType":"ACCOUNT","accountId":"${STRANGER.accountId}"},"lockedCurrencySide":"SENDING","lockedCurrencyAmount":100}`,
      ],
      ['POST', `/quotes/Quote:${UUID}/execute`, '{}'],
    ];
    for (const [method, path, body] of attempts) {
      await expectEnvelope(
        await harness.call(method, path, body === undefined ? {} : { body }),
        403,
        'FORBIDDEN',
      );
    }
    expect(harness.calls).toHaveLength(0);
  });

  it("BFF-05: given the user's own ids in another case, should treat them as the user's (ids compare as the service compares them)", async () => {
    const harness = createHarnessForUser(STRANGER);
    const upper = `InternalAccount:${STRANGER.accountId.slice('InternalAccount:'.length).toUpperCase()}`;
    const response = await harness.call('GET', `/auth/credentials?accountId=${upper}`);
    expect(response.status).not.toBe(403);
    expect(harness.calls).toHaveLength(1);
  });

  it('BFF-09: given a body over 64 KiB (declared or streamed without a length), should answer 413 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const big = JSON.stringify({ privateEnabled: true, pad: 'x'.repeat(70 * 1024) });
    await expectEnvelope(
      await harness.call('PATCH', `/internal-accounts/${STRANGER.accountId}`, { body: big }),
      413,
      'INVALID_INPUT',
    );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 80; index++) {
          controller.enqueue(new Uint8Array(1024).fill(0x20));
        }
        controller.close();
      },
    });
    const streamed = await harness.proxy.fetch(
      new Request(`${API}/internal-accounts/${STRANGER.accountId}`, {
        method: 'PATCH',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit),
    );
    await expectEnvelope(streamed, 413, 'INVALID_INPUT');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-10: given text/plain, a form type or no Content-Type on a JSON route, should answer 415 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const path = `/internal-accounts/${STRANGER.accountId}`;
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      await expectEnvelope(
        await harness.call('PATCH', path, {
          body: '{"privateEnabled":true}',
          headers: { 'Content-Type': contentType },
        }),
        415,
        'INVALID_INPUT',
      );
    }
    const bare = await harness.proxy.fetch(
      new Request(`${API}${path}`, {
        method: 'PATCH',
        headers: { Origin: ORIGIN },
        body: new Uint8Array([0x7b, 0x7d]),
      }),
    );
    await expectEnvelope(bare, 415, 'INVALID_INPUT');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-11: given malformed JSON, deep nesting, duplicate or __proto__ members, should answer 400 and leave Object.prototype alone', async () => {
    const harness = createHarnessForUser(STRANGER);
    const path = `/internal-accounts/${STRANGER.accountId}`;
    for (const body of [
      '{"privateEnabled":',
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      '{"privateEnabled":true,"privateEnabled":false}',
      '{"__proto__":{"polluted":true}}',
      '[true]',
    ]) {
      await expectEnvelope(await harness.call('PATCH', path, { body }), 400, 'INVALID_INPUT');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(harness.calls).toHaveLength(0);
  });

  it('given a body on DELETE or GET-like routes, or a query on a route without one, should answer 400 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    await expectEnvelope(
      await harness.call('DELETE', `/auth/sessions/Session:${UUID}`, { body: '{}' }),
      400,
      'INVALID_INPUT',
    );
    await expectEnvelope(
      await harness.call('PATCH', `/internal-accounts/${STRANGER.accountId}?debug=1`, {
        body: '{"privateEnabled":true}',
      }),
      400,
      'INVALID_INPUT',
    );
    const unknown = await expectEnvelope(
      await harness.call(
        'GET',
        '/customers/internal-accounts?type=EMBEDDED_WALLET&type=INTERNAL_FIAT&admin=1',
      ),
      400,
      'INVALID_INPUT',
    );
    expect(unknown.details).toEqual({
      errors: [
        { field: 'type', message: 'Must be given at most once' },
        { field: 'admin', message: 'Unknown query parameter' },
      ],
    });
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-12: given a cross-site form POST (foreign Origin, or none) carrying the cookie, should answer 403 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const path = `/internal-accounts/${STRANGER.accountId}/export`;
    await expectEnvelope(
      await harness.call('POST', path, {
        body: '{"clientPublicKey":"04"}',
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: 's=1' },
      }),
      403,
      'FORBIDDEN',
    );
    const noOrigin = await harness.proxy.fetch(
      new Request(`${API}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    await expectEnvelope(noOrigin, 403, 'FORBIDDEN');
    const crossSiteGet = await harness.proxy.fetch(
      new Request(`${API}/auth/sessions`, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    );
    await expectEnvelope(crossSiteGet, 403, 'FORBIDDEN');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-13: given a foreign or null Origin, or a foreign preflight, should give no CORS grant and never "*"', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5174']) {
      const response = await harness.proxy.fetch(
        new Request(`${API}/auth/sessions`, { headers: { Origin: origin } }),
      );
      expect(response.status).toBe(403);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
    const preflight = await harness.proxy.fetch(
      new Request(`${API}/auth/sessions`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
      }),
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const badHeader = await harness.proxy.fetch(
      new Request(`${API}/auth/sessions`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-admin',
        },
      }),
    );
    expect(badHeader.status).toBe(403);
    const allowed = await harness.proxy.fetch(
      new Request(`${API}/auth/sessions`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'DELETE',
          'Access-Control-Request-Headers': 'content-type, service-wallet-signature, request-id',
        },
      }),
    );
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-15: given no signed-in user, should answer 401 UNAUTHORIZED with a reason and forward nothing', async () => {
    const harness = createHarnessForUser(null);
    const body = await expectEnvelope(
      await harness.call('GET', '/auth/sessions'),
      401,
      'UNAUTHORIZED',
    );
    expect(body.reason).toBe('No signed-in app user');
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-22: given PUT on a POST route or DELETE on a list, should answer 405 with Allow and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const put = await harness.call('PUT', `/quotes/Quote:${UUID}/execute`, { body: '{}' });
    await expectEnvelope(put, 405, 'METHOD_NOT_ALLOWED');
    expect(put.headers.get('Allow')).toBe('POST');
    const del = await harness.call('DELETE', '/customers/internal-accounts');
    await expectEnvelope(del, 405, 'METHOD_NOT_ALLOWED');
    expect(del.headers.get('Allow')).toBe('GET');
    const sessionPut = await harness.call('PUT', `${PROXY_URL}/session`, { body: '{}' });
    expect(sessionPut.status).toBe(404); // resolveUser mode: no demo session routes at all
    expect(harness.calls).toHaveLength(0);
  });

  it('SR-02 and SR-21 at the proxy: given a lone signature or a malformed Request-Id, should answer 400 and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const path = `/internal-accounts/${STRANGER.accountId}`;
    await expectEnvelope(
      await harness.call('PATCH', path, {
        body: '{"privateEnabled":true}',
        headers: { 'Service-Wallet-Signature': 'abc' },
      }),
      400,
      'INVALID_INPUT',
    );
    const reflected = await harness.call('PATCH', path, {
      body: '{"privateEnabled":true}',
      headers: { 'Service-Wallet-Signature': 'abc', 'Request-Id': `Request:${'z'.repeat(10_000)}` },
    });
    await expectEnvelope(reflected, 400, 'INVALID_INPUT');
    expect([...reflected.headers.values()].join('\n')).not.toContain('zzzz');
    expect(harness.calls).toHaveLength(0);
  });
});
