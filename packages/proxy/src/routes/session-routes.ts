import { Hono } from 'hono';
import { ApiError, invalidInput } from '../api-error.js';
import type { DemoAuth } from '../auth/demo-auth.js';
import { isResourceId } from '../ids.js';
import type { DemoUser, ProxyUser, UserStore } from '../types.js';
import type { UpstreamClient, UpstreamResponse } from '../upstream/upstream-client.js';
import { checkedBody } from './forward-service-request.js';

/** What the demo sign-up routes need. */
export interface SessionRouteDeps {
  auth: DemoAuth;
  store: UserStore;
  upstream: UpstreamClient;
  clock: () => number;
  newUserId: () => string;
  /** Throws 429 when the caller (by connection address) is over its limit. */
  limitSignIn: (request: Request, remoteAddress: string | undefined) => void;
  onEvent: (event: string, fields: Record<string, unknown>) => void;
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Normalises and validates a sign-up e-mail (trimmed, lowercase, ≤ 254 characters). */
export function normalizeEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (email.length > 254 || !EMAIL.test(email)) {
    throw invalidInput('Invalid e-mail address', [
      { field: 'email', constraint: { format: 'email' }, message: 'Must be an e-mail address' },
    ]);
  }
  return email;
}

function jsonOf(response: UpstreamResponse): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(response.body));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function passThrough(response: UpstreamResponse): Response {
  return new Response(response.body, {
    status: response.status,
    headers: { 'Content-Type': response.headers.get('Content-Type') ?? 'application/json' },
  });
}

/**
 * Creates the customer for a new e-mail (`POST /customers {customerType, email}`) and finds its
 * EMBEDDED_WALLET account (wire-format §11.6); a 4xx from the service is handed back as is.
 */
async function provision(
  upstream: UpstreamClient,
  email: string,
): Promise<Omit<ProxyUser, 'userId'> | Response> {
  const created = await upstream.send({
    method: 'POST',
    template: '/customers',
    contentType: 'application/json',
    body: new TextEncoder().encode(JSON.stringify({ customerType: 'INDIVIDUAL', email })),
  });
  if (created.status >= 400 && created.status < 500 && created.status !== 401) {
    return passThrough(created);
  }
  const customerId = jsonOf(created)?.id;
  if (created.status !== 201 || !isResourceId(customerId, 'Customer')) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'The service did not create the customer');
  }
  const listed = await upstream.send({
    method: 'GET',
    template: '/customers/internal-accounts',
    query: new URLSearchParams({ customerId, type: 'EMBEDDED_WALLET' }),
  });
  const data = jsonOf(listed)?.data;
  const wallet = Array.isArray(data)
    ? (data as Record<string, unknown>[]).find(
        (account) =>
          account.type === 'EMBEDDED_WALLET' && isResourceId(account.id, 'InternalAccount'),
      )
    : undefined;
  if (listed.status !== 200 || wallet === undefined) {
    throw new ApiError(502, 'UPSTREAM_ERROR', 'The service provisioned no EMBEDDED_WALLET account');
  }
  return { customerId, accountId: wallet.id as string };
}

function publicView(user: DemoUser): Record<string, string> {
  return { email: user.email, customerId: user.customerId, accountId: user.accountId };
}

/**
 * The demo's own user routes under `basePath`: `POST /session {email}` signs up (creating the
 * customer upstream) or signs the same e-mail in again, `GET /session` reports the user or 401,
 * `DELETE /session` signs out; any other method → 405. Not the wallet's authentication.
 */
export function sessionRoutes(
  deps: SessionRouteDeps,
): Hono<{ Bindings: { remoteAddress?: string } }> {
  const app = new Hono<{ Bindings: { remoteAddress?: string } }>();
  const signingUp = new Map<string, Promise<DemoUser | Response>>();

  async function signUp(email: string): Promise<DemoUser | Response> {
    const provisioned = await provision(deps.upstream, email);
    if (provisioned instanceof Response) {
      return provisioned;
    }
    const user = await deps.store.create({
      userId: deps.newUserId(),
      email,
      ...provisioned,
      createdAt: deps.clock(),
    });
    deps.onEvent('session.sign-up', { email, userId: user.userId, customerId: user.customerId });
    return user;
  }

  app.post('/session', async (c) => {
    deps.limitSignIn(c.req.raw, c.env?.remoteAddress);
    const body = await checkedBody({ key: 'POST /session', body: 'json' }, c.req.raw);
    const email = normalizeEmail(body.json?.email);
    let user: DemoUser | Response | undefined = await deps.store.findByEmail(email);
    if (user === undefined) {
      // Two tabs signing up the same e-mail at once create one customer, not two.
      let pending = signingUp.get(email);
      if (pending === undefined) {
        pending = signUp(email).finally(() => signingUp.delete(email));
        signingUp.set(email, pending);
      }
      user = await pending;
    }
    if (user instanceof Response) {
      return user;
    }
    const cookie = await deps.auth.issue(user);
    return c.json(publicView(user), 200, { 'Set-Cookie': cookie });
  });

  app.get('/session', async (c) => {
    const current = await deps.auth.current(c.req.raw);
    if (current === null) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Not signed in', {
        reason: 'No valid session cookie',
      });
    }
    return c.json(publicView(current.user), 200);
  });

  app.delete('/session', async (c) => {
    const current = await deps.auth.current(c.req.raw);
    if (current !== null) {
      deps.auth.revoke(current.claims);
      deps.onEvent('session.sign-out', { userId: current.user.userId });
    }
    return c.body(null, 204, { 'Set-Cookie': deps.auth.cleared() });
  });

  app.all('/session', () => {
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Use GET, POST or DELETE on /session', {
      headers: { Allow: 'GET, POST, DELETE' },
    });
  });
  return app;
}
