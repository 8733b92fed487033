import type { Sandbox } from '@wallet-auth/sandbox';
import { Hono } from 'hono';
import type { DemoIdentityProvider } from './oidc/demo-identity-provider.js';
import { createOidcPages } from './oidc/oidc-pages.js';

export interface DemoRoutesOptions {
  sandbox: Sandbox;
  origin: string;
  identityProvider: DemoIdentityProvider;
  /** Moves the emulator's clock forward; returns the new emulator time (epoch ms). */
  advanceClock: (ms: number) => number;
}

/**
 * Demo-only helpers under `/__sandbox/`: the emulator's public facts the page needs (the enclave
 * key it pins, the magic OTP hint) and a clock control for the end-to-end tests. Never part of the
 * proxy: a real deployment has no such routes.
 */
export function createDemoRoutes(options: DemoRoutesOptions): Hono {
  const app = new Hono().basePath('/__sandbox');
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
    if (c.req.header('Origin') !== options.origin) {
      return c.json({ status: 403, code: 'FORBIDDEN', message: 'Wrong origin' }, 403);
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
