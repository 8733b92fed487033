/**
 * Example: the proxy in an app that signs its users in with its own cookie sessions.
 *
 * The app owns sign-up and sign-in (here: e-mail + password, scrypt-hashed, a random session id
 * in an HttpOnly cookie). At sign-up it binds the new user to a customer and wallet with
 * `createWalletBindings`; the proxy's `resolveUser` reads the app's own session and looks the
 * binding up. Swap the in-memory maps for your database and `stores` for `createRedisStores`.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import {
  createProxy,
  createWalletBindings,
  type ProxyStores,
  type UpstreamOptions,
} from '@wallet-auth/proxy';
import { nodeConnection } from '@wallet-auth/proxy/node';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** Served by `@hono/node-server`: `c.env.incoming` is Node's request (absent in tests). */
type NodeEnv = { Bindings: Partial<HttpBindings> };

export interface CookieSessionAppOptions {
  upstream: UpstreamOptions;
  /** The app's origin (CSRF check and CORS of the proxy). */
  origin: string;
  /** Shared stores; memory when omitted (one process). */
  stores?: Partial<ProxyStores>;
}

const SESSION_COOKIE = 'app_session';

/** Creates the app: `/auth/sign-up`, `/auth/sign-in`, `/auth/sign-out` and the proxy at `/api`. */
export function createCookieSessionApp(options: CookieSessionAppOptions): Hono<NodeEnv> {
  const users = new Map<string, { id: string; email: string; salt: Buffer; hash: Buffer }>();
  const sessions = new Map<string, string>(); // session id → user id
  const bindings = createWalletBindings({
    upstream: options.upstream,
    ...(options.stores?.bindings === undefined ? {} : { store: options.stores.bindings }),
  });
  const proxy = createProxy({
    upstream: options.upstream,
    allowedOrigins: [options.origin],
    ...(options.stores === undefined ? {} : { stores: options.stores }),
    // The app's own authentication, then the stored binding (null → 401 from the proxy).
    resolveUser: bindings.resolveUser((request) => {
      const id = /(?:^|;\s*)app_session=([A-Za-z0-9_-]+)/.exec(request.headers.get('Cookie') ?? '');
      return id === null ? null : sessions.get(id[1]!);
    }),
  });

  const app = new Hono<NodeEnv>();
  const startSession = (c: Parameters<typeof setCookie>[0], userId: string) => {
    const id = randomBytes(32).toString('base64url');
    sessions.set(id, userId);
    setCookie(c, SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure: true,
    });
  };

  app.post('/auth/sign-up', async (c) => {
    const { email, password } = await c.req.json<{ email: string; password: string }>();
    if ([...users.values()].some((user) => user.email === email) || password.length < 12) {
      return c.json({ message: 'Cannot sign up with these details' }, 400);
    }
    const salt = randomBytes(16);
    const user = {
      id: `usr_${randomBytes(12).toString('hex')}`,
      email,
      salt,
      hash: scryptSync(password, salt, 32),
    };
    users.set(user.id, user);
    // One customer and wallet per app user; safe to call again (it returns the same binding).
    const binding = await bindings.bind(user.id, { email });
    startSession(c, user.id);
    return c.json({ accountId: binding.accountId }, 201);
  });

  app.post('/auth/sign-in', async (c) => {
    const { email, password } = await c.req.json<{ email: string; password: string }>();
    const user = [...users.values()].find((candidate) => candidate.email === email);
    if (user === undefined || !timingSafeEqual(scryptSync(password, user.salt, 32), user.hash)) {
      return c.json({ message: 'Wrong e-mail or password' }, 401);
    }
    startSession(c, user.id);
    return c.body(null, 204);
  });

  app.post('/auth/sign-out', (c) => {
    const id = getCookie(c, SESSION_COOKIE);
    if (id !== undefined) {
      sessions.delete(id);
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
    return c.body(null, 204);
  });

  // On @hono/node-server, the socket's peer and the target as it arrived (raw-path checks).
  app.all('/api/*', (c) => proxy.fetch(c.req.raw, nodeConnection(c.env?.incoming)));
  return app;
}
