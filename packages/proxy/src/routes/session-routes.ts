import { Hono } from 'hono';
import { ApiError, invalidInput } from '../api-error.js';
import type { Binder } from '../auth/binder.js';
import { type DemoAuth, demoUserId } from '../auth/demo-auth.js';
import { StoreUnavailableError, type UserBinding } from '../stores/stores.js';
import type { ConnectionInfo } from '../types.js';
import { checkedBody } from './forward-service-request.js';

/** What the demo sign-in routes need. */
export interface SessionRouteDeps {
  auth: DemoAuth;
  binder: Binder;
  /**
   * Throws 429 when the client (by address; `email` undefined), the client and e-mail together,
   * or the e-mail from any address are over their budget; a flood from one address never spends
   * another client's (BFF-31), a flood on one e-mail from many addresses is bounded (BFF-52).
   */
  limitSignIn: (
    request: Request,
    connection: ConnectionInfo,
    email: string | undefined,
  ) => Promise<void>;
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

function publicView(user: UserBinding): Record<string, string> {
  return { email: user.email ?? '', customerId: user.customerId, accountId: user.accountId };
}

/**
 * The demo's own user routes under `basePath` (only with `demoAuth`): `POST /session {email}`
 * signs up (creating the customer upstream) or signs the same e-mail in again, with no proof
 * that the e-mail is the caller's, `GET /session` reports the user or 401,
 * `DELETE /session` signs out; any other method → 405. Not the wallet's authentication.
 */
export function sessionRoutes(deps: SessionRouteDeps): Hono<{ Bindings: ConnectionInfo }> {
  const app = new Hono<{ Bindings: ConnectionInfo }>();

  app.post('/session', async (c) => {
    await deps.limitSignIn(c.req.raw, c.env ?? {}, undefined);
    const body = await checkedBody({ key: 'POST /session', body: 'json' }, c.req.raw);
    const email = normalizeEmail(body.json?.email);
    await deps.limitSignIn(c.req.raw, c.env ?? {}, email);
    const user = await deps.binder.bind(await demoUserId(email), { email });
    const cookie = await deps.auth.issue(user);
    deps.onEvent('session.sign-in', { userId: user.userId });
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

  // Sign-out always clears the cookie (BFF-51). It needs no store read: a validly signed cookie
  // names its session. When the store cannot delete it, the answer is 503 (the session is not
  // ended on the server yet, so no success is claimed), still with the clearing Set-Cookie; this
  // instance refuses the session at once and deletes it once the store answers again.
  app.delete('/session', async (c) => {
    const cleared = deps.auth.cleared();
    const claims = await deps.auth.claims(c.req.raw);
    if (claims !== null) {
      try {
        await deps.auth.revoke(claims);
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) {
          throw error;
        }
        deps.onEvent('session.sign-out-pending', { userId: claims.sub });
        throw new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          'Signed out in this browser; the server ends the session once its store answers again',
          { headers: { 'Retry-After': '1', 'Set-Cookie': cleared } },
        );
      }
      deps.onEvent('session.sign-out', { userId: claims.sub });
    }
    return c.body(null, 204, { 'Set-Cookie': cleared });
  });

  app.all('/session', () => {
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Use GET, POST or DELETE on /session', {
      headers: { Allow: 'GET, POST, DELETE' },
    });
  });
  return app;
}
