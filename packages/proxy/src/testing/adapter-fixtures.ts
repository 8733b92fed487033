/**
 * Fixtures for the server-adapter tests (not shipped): an in-process sandbox upstream, wallet
 * bindings made the production way, and proxy options whose `resolveUser` reads the app's user
 * from a stand-in session header.
 */
import { createSandbox } from '@wallet-auth/sandbox';
import { createWalletBindings } from '../auth/wallet-bindings.js';
import type { ProxyOptions, UpstreamOptions } from '../options.js';
import { CLIENT_ID, CLIENT_SECRET, COOKIE_SECRET, ORIGIN } from './proxy-harness.js';

/** Stands in for the app's own session cookie in these tests. */
export const APP_USER_HEADER = 'X-App-User';

export interface AdapterFixture {
  upstream: UpstreamOptions;
  /** Production-shape options: `resolveUser` from the bindings. */
  options: ProxyOptions;
  /** Demo sign-in options (for the sign-in limits keyed on the client address). */
  demoOptions: ProxyOptions;
  /** Binds `userId` (with an e-mail, so the wallet has an EMAIL_OTP credential). */
  bind(userId: string): Promise<{ accountId: string }>;
}

export function createAdapterFixture(): AdapterFixture {
  const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const upstream: UpstreamOptions = {
    baseUrl: 'http://127.0.0.1/2025-10-13',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: (request) => sandbox.fetch(request),
  };
  const bindings = createWalletBindings({ upstream });
  const common = { upstream, allowedOrigins: [ORIGIN], logger: () => undefined };
  return {
    upstream,
    options: {
      ...common,
      resolveUser: bindings.resolveUser((request) => request.headers.get(APP_USER_HEADER)),
    },
    demoOptions: {
      ...common,
      demoAuth: { allowSignInByEmailOnly: true },
      cookieSecret: COOKIE_SECRET,
      rateLimit: { signInPerAddressPerMinute: 1 },
    },
    async bind(userId) {
      const binding = await bindings.bind(userId, { email: `${userId}@example.com` });
      return { accountId: binding.accountId };
    },
  };
}

/** Reads the envelope of an error answer. */
export async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code;
}

/** A demo sign-in (`POST {base}/api/session`) for a fresh e-mail, from `forwardedFor`. */
export function demoSignIn(base: string, forwardedFor: string): Request {
  return new Request(`${base}/api/session`, {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      'Content-Type': 'application/json',
      'X-Forwarded-For': forwardedFor,
    },
    body: JSON.stringify({ email: `${crypto.randomUUID()}@example.com` }),
  });
}
