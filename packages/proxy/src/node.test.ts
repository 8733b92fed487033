import { createSandbox } from '@wallet-auth/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxyServer, startProxyServer } from './node.js';
import { CLIENT_ID, CLIENT_SECRET, COOKIE_SECRET } from './testing/proxy-harness.js';
import { rawExchange } from './testing/raw-exchange.js';

describe('startProxyServer (loopback, ephemeral port)', () => {
  let running: RunningProxyServer;
  const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

  beforeAll(async () => {
    running = await startProxyServer({
      port: 0,
      upstream: {
        baseUrl: 'http://127.0.0.1/2025-10-13',
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        fetch: (request) => sandbox.fetch(request),
      },
      cookieSecret: COOKIE_SECRET,
      demoAuth: { allowSignInByEmailOnly: true },
      logger: () => undefined,
      allowedOrigins: ['http://localhost:5173'],
    });
  });

  afterAll(async () => {
    await running.close();
  });

  it('should bind loopback by default', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("BFF-02: given raw %2F, %252e%252e, %2e%2e or ../ targets, should answer 400 (the raw target is judged, not the adapter's resolved URL)", async () => {
    const request = (target: string) =>
      `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;
    for (const target of [
      '/api/2025-10-13/auth%2Fsessions',
      '/api/2025-10-13/auth/%252e%252e/customers',
      '/api/2025-10-13/auth/%2e%2e/customers',
      '/api/2025-10-13/%2e%2e/%2e%2e/2025-10-13/customers',
      '/api/2025-10-13/auth/../customers',
    ]) {
      expect(await rawExchange(running.url, request(target)), target).toBe(
        'HTTP/1.1 400 Bad Request',
      );
    }
  });

  it('BFF-01: given a raw backslash target, should refuse it', async () => {
    const status = await rawExchange(
      running.url,
      'GET /api/\\evil.example/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(status).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('BFF-23: given both Content-Length and Transfer-Encoding, or two Content-Length headers, should answer 400 from the parser', async () => {
    const both = await rawExchange(
      running.url,
      'POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    );
    expect(both).toMatch(/^HTTP\/1\.1 400 /);
    const twice = await rawExchange(
      running.url,
      'POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}',
    );
    expect(twice).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('given a forwarded answer through the Node adapter, should carry the security and CORS headers once each', async () => {
    const origin = 'http://localhost:5173';
    const signUp = await fetch(`${running.url}/api/session`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'adapter@example.com' }),
    });
    expect(signUp.ok).toBe(true);
    const cookie = signUp.headers.get('Set-Cookie')!.split(';')[0]!;
    const response = await fetch(`${running.url}/api/2025-10-13/auth/sessions`, {
      headers: { Cookie: cookie, Origin: origin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(response.headers.get('Vary')).toBe('Origin');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    // Plain http on the socket (TLS ends in front): HSTS still comes from the configuration.
    expect(response.headers.get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(Number(response.headers.get('Content-Length'))).toBe((await response.text()).length);
  });

  it('given a normal request, should answer through the proxy with its headers', async () => {
    const response = await fetch(`${running.url}/api/session`);
    expect(response.status).toBe(401);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
