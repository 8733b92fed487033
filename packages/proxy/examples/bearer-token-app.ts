/**
 * Example: the proxy in an app whose users carry bearer tokens (JWTs from its identity
 * provider), verified with `jose`.
 *
 * `resolveUser` verifies `Authorization: Bearer <jwt>` (signature, issuer, audience, expiry,
 * one algorithm) and takes the user id from `sub`; the binding is made once, from the app's
 * own "create my wallet" endpoint, which verifies the same token.
 */

import type { HttpBindings } from '@hono/node-server';
import {
  createProxy,
  createWalletBindings,
  type ProxyStores,
  type UpstreamOptions,
} from '@wallet-auth/proxy';
import { nodeConnection } from '@wallet-auth/proxy/node';
import { Hono } from 'hono';
import { type CryptoKey, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** Served by `@hono/node-server`: `c.env.incoming` is Node's request (absent in tests). */
type NodeEnv = { Bindings: Partial<HttpBindings> };

export interface BearerTokenAppOptions {
  upstream: UpstreamOptions;
  origin: string;
  /** The identity provider's verification key, or a JWKS getter (`createRemoteJWKSet`). */
  key: CryptoKey | JWTVerifyGetKey;
  issuer: string;
  audience: string;
  stores?: Partial<ProxyStores>;
}

/** Creates the app: `POST /wallet` (bind the caller) and the proxy at `/api`. */
export function createBearerTokenApp(options: BearerTokenAppOptions): Hono<NodeEnv> {
  const bindings = createWalletBindings({
    upstream: options.upstream,
    ...(options.stores?.bindings === undefined ? {} : { store: options.stores.bindings }),
  });

  /** The verified token's subject and e-mail, or null for a missing or invalid token. */
  async function authenticate(request: Request): Promise<{ sub: string; email?: string } | null> {
    const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(request.headers.get('Authorization') ?? '');
    if (token === null) {
      return null;
    }
    try {
      const { payload } = await jwtVerify(token[1]!, options.key as CryptoKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['ES256'],
        requiredClaims: ['sub', 'exp'],
      });
      return typeof payload.sub === 'string' && payload.sub !== ''
        ? {
            sub: payload.sub,
            ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
          }
        : null;
    } catch {
      return null;
    }
  }

  const proxy = createProxy({
    upstream: options.upstream,
    allowedOrigins: [options.origin],
    ...(options.stores === undefined ? {} : { stores: options.stores }),
    resolveUser: bindings.resolveUser(async (request) => (await authenticate(request))?.sub),
  });

  const app = new Hono<NodeEnv>();
  app.post('/wallet', async (c) => {
    const identity = await authenticate(c.req.raw);
    if (identity === null) {
      return c.json({ message: 'Sign in first' }, 401);
    }
    const binding = await bindings.bind(
      identity.sub,
      identity.email === undefined ? {} : { email: identity.email },
    );
    return c.json({ customerId: binding.customerId, accountId: binding.accountId }, 200);
  });
  // On @hono/node-server, the socket's peer and the target as it arrived (raw-path checks).
  app.all('/api/*', (c) => proxy.fetch(c.req.raw, nodeConnection(c.env?.incoming)));
  return app;
}
