import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProxyConfigError } from '../options-checks.js';
import {
  APP_USER_HEADER,
  createAdapterFixture,
  demoSignIn,
  errorCode,
} from '../testing/adapter-fixtures.js';
import { ORIGIN } from '../testing/proxy-harness.js';
import { createNextRouteHandlers } from './next-route-handlers.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** A request as Next hands it to a route handler (`request.url` with Next's own host). */
function nextRequest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`http://localhost:3000${path}`, init);
}

describe('createNextRouteHandlers', () => {
  it('given a bound user, should answer GET and POST of the allowlisted routes through the exported handlers', async () => {
    const fixture = createAdapterFixture();
    await fixture.bind('ann');
    const { GET, POST } = createNextRouteHandlers(fixture.options);
    const listed = await GET(
      nextRequest('/api/2025-10-13/auth/credentials', { headers: { [APP_USER_HEADER]: 'ann' } }),
    );
    expect(listed.status).toBe(200);
    const { data } = (await listed.json()) as { data: { id: string; type: string }[] };
    expect(data.map((credential) => credential.type)).toEqual(['EMAIL_OTP']);
    const challenged = await POST(
      nextRequest(`/api/2025-10-13/auth/credentials/${data[0]!.id}/challenge`, {
        method: 'POST',
        headers: { [APP_USER_HEADER]: 'ann', Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: '{}',
      }),
    );
    expect(challenged.status).toBe(200);
  });

  it('given a CORS preflight from an allowed origin, should answer it through OPTIONS', async () => {
    const { OPTIONS } = createNextRouteHandlers(createAdapterFixture().options);
    const response = await OPTIONS(
      nextRequest('/api/2025-10-13/auth/credentials', {
        method: 'OPTIONS',
        headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET' },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
  });

  it('BFF-02, BFF-44: given what survives in request.url (encoded separators, double encoding, bad escapes), should answer 400', async () => {
    const { GET } = createNextRouteHandlers(createAdapterFixture().options);
    for (const path of [
      '/api/2025-10-13/auth%2Fsessions',
      '/api/2025-10-13/auth%5Csessions',
      '/api/2025-10-13/auth/%252e%252e/customers',
      '/api/2025-10-13/auth/%zz',
    ]) {
      const response = await GET(nextRequest(path, { headers: { [APP_USER_HEADER]: 'x' } }));
      expect(response.status, path).toBe(400);
      expect(await errorCode(response)).toBe('INVALID_INPUT');
    }
  });

  it('given a route folder that does not match basePath, should answer 404 and tell the developer where to put the route', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { GET } = createNextRouteHandlers(createAdapterFixture().options);
    const response = await GET(nextRequest('/wallet-api/2025-10-13/auth/credentials'));
    expect(response.status).toBe(404);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('Put the route at app/api/[...path]/route.ts'),
    );
  });

  describe('client address (Next passes no socket address)', () => {
    const signIn = async (
      handlers: ReturnType<typeof createNextRouteHandlers>,
      forwardedFor: string,
    ) => (await handlers.POST(demoSignIn('http://localhost:3000', forwardedFor))).status;

    it("BFF-33: given clientAddressFrom 'last-forwarded-for', should key the sign-in limit on the entry the proxy in front appended, not on what the client wrote", async () => {
      const handlers = createNextRouteHandlers({
        ...createAdapterFixture().demoOptions,
        clientAddressFrom: 'last-forwarded-for',
      });
      expect(await signIn(handlers, '198.51.100.7, 203.0.113.1')).toBe(200);
      // The client changed its own (leftmost) entry: still the same address.
      expect(await signIn(handlers, '198.51.100.8, 203.0.113.1')).toBe(429);
      expect(await signIn(handlers, '203.0.113.2')).toBe(200);
    });

    it('BFF-33: given trustedProxies (a CDN before the load balancer), should skip their entries leftwards from the last one', async () => {
      const handlers = createNextRouteHandlers({
        ...createAdapterFixture().demoOptions,
        clientAddressFrom: 'last-forwarded-for',
        trustedProxies: ['192.0.2.0/24'],
      });
      expect(await signIn(handlers, '203.0.113.5, 192.0.2.10')).toBe(200);
      expect(await signIn(handlers, '203.0.113.5, 192.0.2.11')).toBe(429);
      expect(await signIn(handlers, '203.0.113.6, 192.0.2.10')).toBe(200);
    });

    it("BFF-33: given the default 'none', should ignore X-Forwarded-For entirely", async () => {
      const handlers = createNextRouteHandlers(createAdapterFixture().demoOptions);
      expect(await signIn(handlers, '203.0.113.1')).toBe(200);
      expect(await signIn(handlers, '203.0.113.2')).toBe(429);
    });
  });

  describe('misconfiguration', () => {
    it('BFF-45: given neither resolveUser nor demoAuth with cookieSecret, should throw ProxyConfigError naming both ways at start', () => {
      const { upstream } = createAdapterFixture();
      const start = () => createNextRouteHandlers({ upstream, allowedOrigins: [ORIGIN] });
      expect(start).toThrow(ProxyConfigError);
      expect(start).toThrow(/resolveUser.*cookieSecret/);
    });

    it('BFF-45: given trustedProxies without clientAddressFrom, a bad clientAddressFrom, or both clientAddress and clientAddressFrom, should name the options', () => {
      const { options } = createAdapterFixture();
      expect(() => createNextRouteHandlers({ ...options, trustedProxies: ['10.0.0.0/8'] })).toThrow(
        /trustedProxies needs clientAddressFrom/,
      );
      expect(() =>
        createNextRouteHandlers({
          ...options,
          clientAddressFrom: 'x-real-ip' as 'none',
        }),
      ).toThrow(/clientAddressFrom must be/);
      expect(() =>
        createNextRouteHandlers({
          ...options,
          clientAddressFrom: 'last-forwarded-for',
          clientAddress: () => '203.0.113.1',
        }),
      ).toThrow(/either clientAddress or clientAddressFrom/);
      expect(() =>
        createNextRouteHandlers({
          ...options,
          clientAddressFrom: 'last-forwarded-for',
          trustedProxies: ['not-an-ip'],
        }),
      ).toThrow(/trustedProxies entry "not-an-ip"/);
    });

    it('given next build (NEXT_PHASE), should load without the secrets and refuse them on the first request', async () => {
      vi.stubEnv('NEXT_PHASE', 'phase-production-build');
      const { upstream, options } = createAdapterFixture();
      const handlers = createNextRouteHandlers({
        ...options,
        upstream: { ...upstream, clientSecret: '' },
      });
      await expect(handlers.GET(nextRequest('/api/2025-10-13/auth/credentials'))).rejects.toThrow(
        /upstream\.clientSecret is missing/,
      );
    });
  });
});
