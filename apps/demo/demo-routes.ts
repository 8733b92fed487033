import { securityHeaders } from '@wallet-auth/proxy';
import type { Sandbox } from '@wallet-auth/sandbox';
import { type Context, Hono } from 'hono';
import type { DemoIdentityProvider } from './oidc/demo-identity-provider.js';
import { createOidcPages } from './oidc/oidc-pages.js';

export interface DemoRoutesOptions {
  sandbox: Sandbox;
  origin: string;
  identityProvider: DemoIdentityProvider;
  /** Moves the emulator's clock forward; returns the new emulator time (epoch ms). */
  advanceClock: (ms: number) => number;
}

/** Why a clock request is refused, or undefined when it may move the clock. */
function clockRefusal(c: Context, origin: string): string | undefined {
  const url = new URL(origin);
  // DNS rebinding: a foreign name resolved to 127.0.0.1 arrives with its own Host.
  if (c.req.header('Host') !== url.host) {
    return 'Wrong host';
  }
  if (c.req.header('Origin') !== origin) {
    return 'Wrong origin';
  }
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin') {
    return 'Not a same-origin request';
  }
  // A custom header and a JSON body: a cross-site page would need a CORS preflight, never granted.
  if (c.req.header('X-Demo-Clock') !== 'advance') {
    return 'Missing X-Demo-Clock: advance';
  }
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
    return 'Content-Type must be application/json';
  }
  return undefined;
}

/**
 * Demo-only helpers under `/__sandbox/`: the emulator's public facts the page needs (the enclave
 * key it pins, the magic OTP hint) and a clock control for the end-to-end tests. Never part of the
 * proxy: a real deployment has no such routes. Every answer carries the page security headers
 * (nothing here may be framed).
 */
export function createDemoRoutes(options: DemoRoutesOptions): Hono {
  const app = new Hono().basePath('/__sandbox');
  const headers = securityHeaders();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) {
      c.res.headers.set(name, value);
    }
    c.res.headers.set('Cache-Control', 'no-store');
  });
  let merchantAccountId: string | null | undefined;
  // The "demo shop" a transfer pays: the platform's own USDC account (same currency as wallets).
  async function findMerchant(): Promise<string | null> {
    if (merchantAccountId === undefined) {
      const { clientId, clientSecret } = options.sandbox.options;
      const response = await options.sandbox.fetch(
        new Request(
          'http://sandbox.internal/2025-10-13/customers/internal-accounts?type=INTERNAL_CRYPTO&currency=USDC',
          { headers: { Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` } },
        ),
      );
      const body = (await response.json()) as {
        data?: { id: string; customerId?: string | null }[];
      };
      merchantAccountId = body.data?.find((account) => !account.customerId)?.id ?? null;
    }
    return merchantAccountId;
  }
  app.get('/info', async (c) =>
    c.json({
      enclavePublicKey: options.sandbox.enclavePublicKey,
      otpHint: '000000',
      oidc: {
        issuer: options.identityProvider.issuer,
        audience: options.identityProvider.audience,
      },
      merchantAccountId: await findMerchant(),
      now: options.sandbox.now(),
    }),
  );
  app.route(
    '/oidc',
    createOidcPages(options.identityProvider, () => options.sandbox.now()),
  );
  app.post('/clock', async (c) => {
    const refusal = clockRefusal(c, options.origin);
    if (refusal !== undefined) {
      return c.json({ status: 403, code: 'FORBIDDEN', message: refusal }, 403);
    }
    const body = (await c.req.json().catch(() => null)) as { advanceSeconds?: unknown } | null;
    const seconds = body?.advanceSeconds;
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      seconds > 86_400 * 30
    ) {
      return c.json(
        {
          status: 400,
          code: 'INVALID_INPUT',
          message: 'advanceSeconds must be a number from 0 to 2592000',
        },
        400,
      );
    }
    return c.json({ now: options.advanceClock(seconds * 1000) });
  });
  return app;
}
