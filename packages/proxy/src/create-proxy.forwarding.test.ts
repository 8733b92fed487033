import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryQuoteLedger } from './stores/memory-stores.js';
import {
  API,
  CLIENT_ID,
  CLIENT_SECRET,
  createHarnessForUser,
  json,
  ORIGIN,
  STRANGER,
} from './testing/proxy-harness.js';

const BASIC = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
/** A well-formed stamp (docs/protocol.md §2) by a fixed key. */
const STAMP = stamp('payload to sign', createTestKey('01'.repeat(32)));
const REQUEST_ID = 'Request:6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const QUOTE_ID = 'Quote:7e2d3c4b-5a69-4f70-8b8c-9d0e1f2a3b4c';

afterEach(() => {
  vi.useRealTimers();
});

describe('forwarding', () => {
  it("given the internal-accounts list, should inject the user's customerId, keep known filters and send only platform credentials", async () => {
    const harness = createHarnessForUser(STRANGER);
    const response = await harness.call(
      'GET',
      '/customers/internal-accounts?limit=5&type=EMBEDDED_WALLET',
      {
        headers: {
          Authorization: 'Bearer browser-token',
          Cookie: 'a=b',
          'X-Forwarded-For': '1.2.3.4',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ data: [], hasMore: false });
    expect(harness.calls).toHaveLength(1);
    const [call] = harness.calls;
    expect(call!.url).toBe(
      `http://127.0.0.1/2025-10-13/customers/internal-accounts?customerId=${encodeURIComponent(STRANGER.customerId)}&type=EMBEDDED_WALLET&limit=5`,
    );
    expect(call!.headers).toEqual({ accept: 'application/json', authorization: BASIC });
  });

  it('BFF-07: given a signed retry, should forward the body byte for byte and exactly Content-Type, the stamp and Request-Id', async () => {
    // `note` is opted in (BFF-47) to carry escapes and non-ASCII beside the kit's own member.
    const harness = createHarnessForUser(STRANGER, {
      proxy: { extraBodyMembers: { 'PATCH /internal-accounts/{id}': ['note'] } },
    });
    // Odd spacing, key order, escapes and non-ASCII: any re-serialisation would change the bytes.
    const body = new TextEncoder().encode(
      '{ "privateEnabled" :true,\n"note":"caf\u00e9 \\u2028 \\/"}',
    );
    const response = await harness.call('PATCH', `/internal-accounts/${STRANGER.accountId}`, {
      body,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Service-Wallet-Signature': STAMP,
        'Request-Id': REQUEST_ID,
        Authorization: 'Basic c3RvbGVuOmNyZWRz',
        Cookie: 'session=abc',
        'X-Forwarded-Host': 'evil.example',
        'X-Stamp': 'second-spelling',
      },
    });
    expect(harness.calls).toHaveLength(1);
    const [call] = harness.calls;
    expect(call!.method).toBe('PATCH');
    expect(call!.url).toBe(`http://127.0.0.1/2025-10-13/internal-accounts/${STRANGER.accountId}`);
    expect(call!.body).toEqual(body);
    expect(call!.headers).toEqual({
      accept: 'application/json',
      authorization: BASIC,
      'content-type': 'application/json; charset=utf-8',
      'request-id': REQUEST_ID,
      'service-wallet-signature': STAMP,
    });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('given signatureHeaderName, should send the stamp under that name only, never both spellings', async () => {
    const harness = createHarnessForUser(STRANGER, {
      proxy: { signatureHeaderName: 'X-Wallet-Stamp' },
    });
    await harness.call('PATCH', `/internal-accounts/${STRANGER.accountId}`, {
      body: '{"privateEnabled":false}',
      headers: { 'Service-Wallet-Signature': STAMP, 'Request-Id': REQUEST_ID },
    });
    const call = harness.calls.at(-1)!;
    expect(call.headers['x-wallet-stamp']).toBe(STAMP);
    expect(call.headers).not.toHaveProperty('service-wallet-signature');
  });

  it("BFF-25: given quote execute of the user's own quote, should forward Idempotency-Key and a lone signature unchanged", async () => {
    const quoteLedger = createMemoryQuoteLedger();
    quoteLedger.record(STRANGER.userId, QUOTE_ID);
    const harness = createHarnessForUser(STRANGER, { proxy: { stores: { quotes: quoteLedger } } });
    await harness.call('POST', `/quotes/${QUOTE_ID}/execute`, {
      body: '{}',
      headers: { 'Service-Wallet-Signature': STAMP, 'Idempotency-Key': 'pay-2026-01-15-0001' },
    });
    expect(harness.calls).toHaveLength(1);
    expect(harness.calls[0]!.headers).toMatchObject({
      'idempotency-key': 'pay-2026-01-15-0001',
      'service-wallet-signature': STAMP,
    });
    expect(harness.calls[0]!.headers).not.toHaveProperty('request-id');
  });

  it('BFF-08 and BFF-16: given an upstream 429 with Retry-After, Set-Cookie and internal headers, should pass status, body and Retry-After only', async () => {
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: () =>
        new Response('{"status":429,"code":"RATE_LIMITED","message":"Slow down"}', {
          status: 429,
          headers: {
            'Content-Type': 'application/json',
            'Retry-After': '42',
            'Set-Cookie': 'upstream=1; Path=/',
            Server: 'internal-gateway/3.1',
            'X-Internal-Trace': 'trace-123',
            'Access-Control-Allow-Origin': '*',
          },
        }),
    });
    const response = await harness.call('GET', '/auth/sessions', { headers: { Origin: ORIGIN } });
    expect(response.status).toBe(429);
    expect(await response.text()).toBe(
      '{"status":429,"code":"RATE_LIMITED","message":"Slow down"}',
    );
    expect(response.headers.get('Retry-After')).toBe('42');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(response.headers.get('Server')).toBeNull();
    expect(response.headers.get('X-Internal-Trace')).toBeNull();
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(response.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('should give every proxy response the API security headers', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const response of [
      await harness.call('GET', '/customers/internal-accounts'),
      await harness.call('GET', '/nope'),
    ]) {
      expect(response.headers.get('Content-Security-Policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-site');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    }
  });

  it('BFF-08, BFF-12: given a forwarded answer and a refusal for the same origin and scheme, should give both the same security and CORS headers', async () => {
    const harness = createHarnessForUser(STRANGER);
    const decoration = (response: Response) =>
      Object.fromEntries(
        [...response.headers].filter(
          ([name]) => !['content-type', 'content-length', 'retry-after'].includes(name),
        ),
      );
    for (const scheme of ['http', 'https'] as const) {
      const url = (path: string) => `${scheme}://localhost:5173/api/2025-10-13${path}`;
      const forwarded = await harness.proxy.fetch(
        new Request(url('/auth/sessions'), { headers: { Origin: ORIGIN } }),
      );
      const refused = await harness.proxy.fetch(
        new Request(url('/nope'), { headers: { Origin: ORIGIN } }),
      );
      const bare = await harness.proxy.fetch(new Request(url('/auth/sessions')));
      expect([forwarded.status, refused.status, bare.status]).toEqual([200, 404, 200]);
      expect(decoration(forwarded)).toEqual(decoration(refused));
      expect(decoration(forwarded)).toMatchObject({
        'access-control-allow-origin': ORIGIN,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
        'cache-control': 'no-store',
      });
      expect(decoration(bare)).not.toHaveProperty('access-control-allow-origin');
      expect(decoration(bare)).toHaveProperty('x-frame-options', 'DENY');
      // HSTS comes from configuration (TLS usually ends in front), never from the scheme.
      expect(forwarded.headers.get('Strict-Transport-Security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('BFF-27: given an upstream 401 with a reason, should pass it as JSON data with nosniff', async () => {
    const envelope =
      '{"status":401,"code":"UNAUTHORIZED","message":"Authentication failed","reason":"<img src=x onerror=alert(1)>"}';
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: () =>
        new Response(envelope, { status: 401, headers: { 'Content-Type': 'application/json' } }),
    });
    const response = await harness.call('GET', '/auth/credentials');
    expect(response.status).toBe(401);
    expect(await response.text()).toBe(envelope);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('upstream failures', () => {
  it('BFF-18: given an upstream redirect to another host, should not follow it and answer 502 without the Location', async () => {
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: () =>
        new Response(null, { status: 302, headers: { Location: 'https://evil.example/steal' } }),
    });
    const response = await harness.call('GET', '/auth/sessions');
    expect(response.status).toBe(502);
    expect(response.headers.get('Location')).toBeNull();
    const body = await json(response);
    expect(body).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR' });
    expect((body.details as { correlationId: string }).correlationId).toMatch(/^[0-9a-f]{16}$/);
    expect(harness.calls).toHaveLength(1);
  });

  it('BFF-26: given an upstream body over 1 MiB, should answer 502', async () => {
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: () =>
        new Response(`{"data":"${'x'.repeat(1024 * 1024)}"}`, {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const response = await harness.call('GET', '/auth/sessions');
    expect(response.status).toBe(502);
  });

  it('BFF-27: given an upstream HTML body, should answer 502 rather than relay markup', async () => {
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: () =>
        new Response('<html>oops</html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
    });
    const response = await harness.call('GET', '/auth/sessions');
    expect(response.status).toBe(502);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.text()).not.toContain('<html>');
  });

  it('given platform credentials the service rejects, should answer 502 and never relay WWW-Authenticate to the browser', async () => {
    const harness = createHarnessForUser(STRANGER, {
      alterResponse: async (_response, request) =>
        harness.sandbox.fetch(
          new Request(request.url, { headers: { Authorization: 'Basic d3Jvbmc6d3Jvbmc=' } }),
        ),
    });
    const response = await harness.call('GET', '/customers/internal-accounts');
    expect(response.status).toBe(502);
    expect(response.headers.get('WWW-Authenticate')).toBeNull();
    expect(
      harness.logs.some(
        (entry) => entry.event === 'upstream.failure' && entry.kind === 'credentials-rejected',
      ),
    ).toBe(true);
  });

  it('BFF-17: given an upstream that never answers, should answer 504 at the deadline with a generic body', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let called!: () => void;
    const reached = new Promise<void>((resolve) => {
      called = resolve;
    });
    const harness = createHarnessForUser(STRANGER, {
      proxy: {
        upstream: {
          baseUrl: 'https://api.example.test/2025-10-13',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          timeoutMs: 2000,
          fetch: (request) =>
            new Promise((_, reject) => {
              called();
              request.signal.addEventListener('abort', () => reject(request.signal.reason));
            }),
        },
      },
    });
    const pending = harness.call('GET', '/auth/sessions');
    await reached;
    vi.advanceTimersByTime(2000);
    const response = await pending;
    expect(response.status).toBe(504);
    const body = await json(response);
    expect(body).toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      message: 'The wallet service is unavailable; try again later',
    });
  });

  it('BFF-17: given a refused connection, should answer 502 with a correlation id and no stack or secret', async () => {
    const harness = createHarnessForUser(STRANGER, {
      proxy: {
        upstream: {
          baseUrl: 'https://api.example.test/2025-10-13',
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          fetch: async () => {
            throw new TypeError(`connect ECONNREFUSED (auth ${CLIENT_SECRET})`);
          },
        },
      },
    });
    const response = await harness.call('GET', '/auth/sessions');
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(text).not.toContain('ECONNREFUSED');
    expect(text).not.toContain(CLIENT_SECRET);
    expect(JSON.stringify(harness.logs)).not.toContain(CLIENT_SECRET);
  });
});

describe('rate limit and logs', () => {
  it('BFF-16: given a burst over requestsPerMinute for one user, should answer 429 with Retry-After before the upstream', async () => {
    const harness = createHarnessForUser(STRANGER, {
      proxy: { rateLimit: { requestsPerMinute: 2 } },
    });
    expect((await harness.call('GET', '/auth/sessions')).status).not.toBe(429);
    expect((await harness.call('GET', '/auth/sessions')).status).not.toBe(429);
    const limited = await harness.call('GET', '/auth/sessions');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(await json(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(harness.calls).toHaveLength(2);
    harness.clock.now += 59_999;
    expect((await harness.call('GET', '/auth/sessions')).status).toBe(429);
    harness.clock.now += 1;
    expect((await harness.call('GET', '/auth/sessions')).status).not.toBe(429);
  });

  it('BFF-19 and BFF-21: across requests and failures, no response or log line should hold the secret, its Basic form, a stamp or a cookie', async () => {
    const harness = createHarnessForUser(STRANGER);
    const responses = [
      await harness.call('GET', '/customers/internal-accounts'),
      await harness.call('PATCH', `/internal-accounts/${STRANGER.accountId}`, {
        body: '{"privateEnabled":true}',
        headers: {
          'Service-Wallet-Signature': STAMP,
          'Request-Id': REQUEST_ID,
          Cookie: 'sid=cookie-value-123',
        },
      }),
      await harness.call('GET', '/nope'),
    ];
    const texts = await Promise.all(
      responses.map(async (response) => [...response.headers].join('\n') + (await response.text())),
    );
    const everything = texts.join('\n') + JSON.stringify(harness.logs);
    for (const secret of [CLIENT_SECRET, BASIC.slice(6), STAMP, 'cookie-value-123']) {
      expect(everything).not.toContain(secret);
    }
    expect(harness.logs.filter((entry) => entry.event === 'request')).toHaveLength(3);
    expect(harness.logs[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      status: 200,
      userId: STRANGER.userId,
    });
  });
});

describe('requests from another origin (CORS)', () => {
  it('given an allowed origin, should grant credentialed CORS for that origin only', async () => {
    const harness = createHarnessForUser(STRANGER);
    const response = await harness.proxy.fetch(
      new Request(`${API}/customers/internal-accounts`, { headers: { Origin: ORIGIN } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(response.headers.get('Vary')).toBe('Origin');
  });

  it("BFF-42: given a bearer-token app on another origin, should allow Authorization in the preflight and never forward the app's token", async () => {
    const harness = createHarnessForUser(STRANGER);
    const preflight = await harness.proxy.fetch(
      new Request(`${API}/customers/internal-accounts`, {
        method: 'OPTIONS',
        headers: {
          Origin: ORIGIN,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/);
    const response = await harness.proxy.fetch(
      new Request(`${API}/customers/internal-accounts`, {
        headers: { Origin: ORIGIN, Authorization: 'Bearer app-token-123' },
      }),
    );
    expect(response.status).toBe(200);
    expect(harness.calls.at(-1)?.headers.authorization).toBe(BASIC);
  });
});

describe('request log', () => {
  it("BFF-42: given trusted proxies, should log the client address they resolve, not the balancer's", async () => {
    const harness = createHarnessForUser(STRANGER, {
      proxy: { trustedProxies: ['10.0.0.0/8'] },
    });
    await harness.proxy.fetch(
      new Request(`${API}/customers/internal-accounts`, {
        headers: { 'X-Forwarded-For': '203.0.113.5' },
      }),
      { remoteAddress: '10.0.0.9' },
    );
    await harness.proxy.fetch(new Request(`${API}/customers/internal-accounts`), {
      remoteAddress: '198.51.100.7',
    });
    const requests = harness.logs.filter((entry) => entry.event === 'request');
    expect(requests.map((entry) => entry.clientAddress)).toEqual(['203.0.113.5', '198.51.100.7']);
  });
});
