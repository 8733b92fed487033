import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProxyConfigError } from '../options-checks.js';
import {
  APP_USER_HEADER,
  createAdapterFixture,
  demoSignIn,
  errorCode,
} from '../testing/adapter-fixtures.js';
import { ORIGIN } from '../testing/proxy-harness.js';
import { rawExchange, rawGet } from '../testing/raw-exchange.js';
import { createNodeMiddleware } from './node-middleware.js';

const servers: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

async function listen(handler: RequestListener): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((done) => server.close(done)) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The user's credentials through the server, as the browser would ask for them. */
function credentials(base: string, user: string): Promise<Response> {
  return fetch(`${base}/api/2025-10-13/auth/credentials`, {
    headers: { [APP_USER_HEADER]: user, Origin: ORIGIN },
  });
}

/** Leg 1 of an EMAIL_OTP challenge: a POST whose body the proxy must forward unchanged. */
async function challenge(base: string, user: string): Promise<Response> {
  const listed = (await (await credentials(base, user)).json()) as { data: { id: string }[] };
  return fetch(`${base}/api/2025-10-13/auth/credentials/${listed.data[0]!.id}/challenge`, {
    method: 'POST',
    headers: { [APP_USER_HEADER]: user, Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: '{}',
  });
}

describe('createNodeMiddleware', () => {
  describe('under plain node:http', () => {
    it("given a bound user, should forward the wallet's allowlisted routes", async () => {
      const fixture = createAdapterFixture();
      await fixture.bind('ann');
      const base = await listen(createNodeMiddleware(fixture.options));
      const response = await credentials(base, 'ann');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { type: string }[] };
      expect(body.data.map((credential) => credential.type)).toEqual(['EMAIL_OTP']);
      expect((await challenge(base, 'ann')).status).toBe(200);
    });

    it('BFF-01, BFF-02: given raw .., %2e%2e, %252e and backslash targets, should answer 400 (the socket target is judged)', async () => {
      const fixture = createAdapterFixture();
      const base = await listen(createNodeMiddleware(fixture.options));
      for (const target of [
        '/api/2025-10-13/auth/credentials/../sessions',
        '/api/2025-10-13/auth/%2e%2e/customers',
        '/api/2025-10-13/auth/%252e%252e/customers',
        '/api/2025-10-13/auth%2Fsessions',
        '/api/\\evil.example/x',
      ]) {
        expect(await rawExchange(base, rawGet(target)), target).toMatch(/^HTTP\/1\.1 400 /);
      }
    });

    it("given a path outside basePath and no next(), should answer the proxy's 404 envelope", async () => {
      const base = await listen(createNodeMiddleware(createAdapterFixture().options));
      const response = await fetch(`${base}/elsewhere`);
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('NOT_FOUND');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    });

    it('given no signed-in user, should answer 401 and forward nothing', async () => {
      const base = await listen(createNodeMiddleware(createAdapterFixture().options));
      const response = await fetch(`${base}/api/2025-10-13/auth/credentials`);
      expect(response.status).toBe(401);
    });
  });

  describe('under Express 5', () => {
    it("given the middleware at the root before express.json(), should serve basePath and pass every other path to the app's routes", async () => {
      const fixture = createAdapterFixture();
      await fixture.bind('bob');
      const app = express();
      app.use(createNodeMiddleware(fixture.options));
      app.use(express.json());
      app.post('/auth/echo', (req, res) => {
        res.json({ echoed: req.body });
      });
      const base = await listen(app);
      expect((await credentials(base, 'bob')).status).toBe(200);
      expect((await challenge(base, 'bob')).status).toBe(200);
      const own = await fetch(`${base}/auth/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"a":1}',
      });
      expect(await own.json()).toEqual({ echoed: { a: 1 } });
    });

    it('given the middleware mounted at /api, should route on the original URL', async () => {
      const fixture = createAdapterFixture();
      await fixture.bind('cy');
      const app = express();
      app.use('/api', createNodeMiddleware(fixture.options));
      const base = await listen(app);
      expect((await credentials(base, 'cy')).status).toBe(200);
    });

    it('BFF-43: given express.json() mounted before it, should answer 500 without forwarding and tell the developer to mount the proxy first', async () => {
      const fixture = createAdapterFixture();
      await fixture.bind('dee');
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const app = express();
      app.use(express.json());
      app.use(createNodeMiddleware(fixture.options));
      const base = await listen(app);
      const response = await challenge(base, 'dee');
      expect(response.status).toBe(500);
      expect(await errorCode(response)).toBe('INTERNAL_ERROR');
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('Mount createNodeMiddleware before any body parser'),
      );
    });
  });

  describe('under Fastify 5', () => {
    it('given an onRequest hook that hijacks the reply, should serve basePath before Fastify parses the body', async () => {
      const fixture = createAdapterFixture();
      await fixture.bind('eve');
      const wallet = createNodeMiddleware(fixture.options);
      const app = Fastify();
      app.addHook('onRequest', (request, reply, done) => {
        if (!request.url.startsWith('/api/')) {
          done();
          return;
        }
        reply.hijack();
        wallet(request.raw, reply.raw);
      });
      app.post('/auth/echo', async (request) => ({ echoed: request.body }));
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push(app);
      expect((await credentials(base, 'eve')).status).toBe(200);
      expect((await challenge(base, 'eve')).status).toBe(200);
      const own = await fetch(`${base}/auth/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"b":2}',
      });
      expect(await own.json()).toEqual({ echoed: { b: 2 } });
    });
  });

  describe('client address', () => {
    const signIn = async (base: string, forwardedFor: string) =>
      (await fetch(demoSignIn(base, forwardedFor))).status;

    it('BFF-33: given the socket peer in trustedProxies, should key the sign-in limit on the forwarded client', async () => {
      const fixture = createAdapterFixture();
      const base = await listen(
        createNodeMiddleware({ ...fixture.demoOptions, trustedProxies: ['127.0.0.1'] }),
      );
      expect(await signIn(base, '203.0.113.1')).toBe(200);
      expect(await signIn(base, '203.0.113.2')).toBe(200);
      expect(await signIn(base, '203.0.113.1')).toBe(429);
    });

    it('BFF-33: given a peer outside trustedProxies, should ignore X-Forwarded-For and key on the socket peer', async () => {
      const fixture = createAdapterFixture();
      const base = await listen(createNodeMiddleware(fixture.demoOptions));
      expect(await signIn(base, '203.0.113.1')).toBe(200);
      expect(await signIn(base, '203.0.113.2')).toBe(429);
    });
  });

  describe('misconfiguration at start', () => {
    it('BFF-45: given neither resolveUser nor demoAuth with cookieSecret, should throw ProxyConfigError naming both ways', () => {
      const { upstream } = createAdapterFixture();
      const start = () => createNodeMiddleware({ upstream, allowedOrigins: [ORIGIN] });
      expect(start).toThrow(ProxyConfigError);
      expect(start).toThrow(/resolveUser.*cookieSecret/);
    });

    it('BFF-45: given an unknown option, a bad basePath or a bad trustedProxies entry, should name the option', () => {
      const { options } = createAdapterFixture();
      expect(() =>
        createNodeMiddleware({ ...options, basepath: '/api' } as typeof options),
      ).toThrow(/"basepath"/);
      expect(() => createNodeMiddleware({ ...options, basePath: 'api/' })).toThrow(/basePath/);
      expect(() => createNodeMiddleware({ ...options, trustedProxies: ['10.0.0.0/33'] })).toThrow(
        /trustedProxies entry "10\.0\.0\.0\/33"/,
      );
    });
  });
});
