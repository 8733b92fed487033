import { Hono } from 'hono';
import { ApiError, invalidInput } from './api-error.js';
import { hex, type ProxyEnv } from './app-env.js';
import { createBinder } from './auth/binder.js';
import { createDemoAuth, type DemoAuth } from './auth/demo-auth.js';
import { createUserResolver } from './auth/resolve-user.js';
import { envelope, renderError } from './http/error-response.js';
import { checkRawPath, PATH_PROBLEM_TEXT, splitRawUrl } from './http/raw-path.js';
import { createResponseDecorations, isDecorated } from './http/response-headers.js';
import { createLog } from './logging/create-log.js';
import { type ProxyOptions, type ResolvedProxyOptions, resolveProxyOptions } from './options.js';
import { createOwnershipChecker } from './ownership/ownership-checker.js';
import { serviceRoutes } from './routes/route-table.js';
import { createServiceHandler } from './routes/service-handler.js';
import { sessionRoutes } from './routes/session-routes.js';
import { UNKNOWN_ADDRESS } from './security/client-address.js';
import { checkOrigin, isPreflight, preflightHeaders } from './security/origin-policy.js';
import { createRateLimit } from './security/rate-limit.js';
import { createCookieSigner } from './security/session-cookie.js';
import { guardStores } from './stores/guard-stores.js';
import { createMemoryStores } from './stores/memory-stores.js';
import type { ProxyStores } from './stores/stores.js';
import type { ConnectionInfo } from './types.js';
import { createUpstreamClient } from './upstream/upstream-client.js';

/** The API version segment the browser uses under `basePath` (docs/protocol.md §1). */
export const API_VERSION = '2025-10-13';

/** A mounted proxy: one web-standard fetch handler. */
export interface WalletAuthProxy {
  /** Answers one request; `connection` lets a server adapter pass the client address. */
  fetch(request: Request, connection?: ConnectionInfo): Promise<Response>;
}

/** Fills in memory stores where none were given. */
function allStores(config: ResolvedProxyOptions): ProxyStores {
  const memory = createMemoryStores({ clock: config.clock });
  return { ...memory, ...config.stores };
}

/**
 * Creates the reference backend proxy (BFF): it holds the platform credentials, authenticates
 * the app's user through `resolveUser`, and forwards only the allowlisted wallet routes for that
 * user's own customer and wallet (docs/protocol.md §12; reliability catalogue 2-BFF). Throws
 * `ProxyConfigError` at start for unsafe options, including a missing user binding.
 *
 * @example
 * const bindings = createWalletBindings({ upstream, store: stores.bindings });
 * const proxy = createProxy({
 *   upstream: { baseUrl: 'https://api.example/2025-10-13', clientId, clientSecret },
 *   allowedOrigins: ['https://app.example'],
 *   resolveUser: bindings.resolveUser(async (request) => (await mySession(request))?.userId),
 *   stores, // e.g. (await createRedisStores({ url })).stores; memory when omitted
 * });
 * serve({ fetch: (request) => proxy.fetch(request) });
 */
export function createProxy(options: ProxyOptions): WalletAuthProxy {
  const config = resolveProxyOptions(options);
  const upstream = createUpstreamClient(config.upstream, config.signatureHeaderName);
  const log = createLog({
    logger: config.logger,
    clock: config.clock,
    secrets: [
      config.upstream.clientSecret,
      config.upstream.authorization.slice(6),
      config.demoCookieSecret ?? '',
    ],
    secretNames: [config.signatureHeaderName, config.cookie.name],
  });
  const stores = guardStores(allStores(config), (store, error) =>
    log('error', 'store.error', {
      store,
      message: error instanceof Error ? error.message : 'non-error thrown',
    }),
  );
  const ownership = createOwnershipChecker({
    upstream,
    quotes: stores.quotes,
    cache: stores.ownership,
    cacheMs: config.ownershipCacheMs,
  });
  const routes = serviceRoutes({ allowSandboxFunding: config.allowSandboxFunding });
  const rateLimit = createRateLimit({ store: stores.rateLimits, clock: config.clock });
  let demoAuth: DemoAuth | undefined;
  if (config.demoCookieSecret !== undefined) {
    demoAuth = createDemoAuth({
      signer: createCookieSigner(config.demoCookieSecret),
      sessions: stores.sessions,
      cookie: config.cookie,
      clock: config.clock,
      random: config.random,
    });
    const warning = {
      message:
        'demoAuth is on: anyone who types an e-mail address signs in as that user. For local demos against a sandbox only.',
      upstream: config.upstream.baseUrl.origin,
    };
    if (config.logger === undefined) {
      console.warn(`@wallet-auth/proxy: ${warning.message} (upstream ${warning.upstream})`);
    } else {
      log('warn', 'demo-auth.enabled', warning);
    }
  }
  const resolveUser = createUserResolver(config.resolveUser, demoAuth);
  const limit = (key: string) => rateLimit(key, config.rateLimit.requestsPerMinute);
  const servicePrefix = `${config.basePath}/${API_VERSION}`;
  // No origin, plus each allowed one.
  const decorations = createResponseDecorations({
    maxEntries: config.allowedOrigins.size + 1,
    hsts: config.hsts,
  });

  const app = new Hono<ProxyEnv>();

  // Every response, errors included, leaves with the API security headers, no-store and CORS
  // for an allowed origin; one redacted log record per request (BFF-08, BFF-21).
  app.use('*', async (c, next) => {
    const startedMs = config.clock();
    c.set('correlationId', hex(config.random(8)));
    await next();
    const decorate = (headers: Headers): void => {
      // CORS only when the route did not answer it itself (a preflight did).
      const corsOrigin = headers.has('Access-Control-Allow-Origin')
        ? undefined
        : c.get('corsOrigin');
      const decoration = decorations.for(corsOrigin);
      for (const [name, value] of Object.entries(decoration)) {
        headers.set(name, value);
      }
    };
    if (!isDecorated(c.res)) {
      try {
        // The proxy's own responses have mutable headers: decorate them in place (no copy).
        decorate(c.res.headers);
      } catch {
        const headers = new Headers(c.res.headers);
        decorate(headers);
        c.res = new Response(c.res.body, { status: c.res.status, headers });
      }
    }
    const status = c.res.status;
    log(status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info', 'request', {
      method: c.req.method,
      path: splitRawUrl(c.env?.rawUrl ?? c.req.url).path.slice(0, 300),
      status,
      durationMs: config.clock() - startedMs,
      correlationId: c.get('correlationId'),
      userId: c.get('userId'),
      upstreamStatus: c.get('upstreamStatus'),
      // The client as trustedProxies / clientAddress resolve it: who to look for in an incident.
      clientAddress: config.clientAddress(c.req.raw, c.env ?? {}) ?? UNKNOWN_ADDRESS,
    });
  });

  // CORS preflight, then the origin rule (CSRF) for everything else (BFF-12, BFF-13).
  app.use('*', async (c, next) => {
    if (isPreflight(c.req.method, c.req.raw.headers)) {
      const headers = preflightHeaders(c.req.raw.headers, config.allowedOrigins);
      if (headers === undefined) {
        throw new ApiError(403, 'FORBIDDEN', 'CORS preflight denied');
      }
      return c.body(null, 204, headers);
    }
    const verdict = checkOrigin(c.req.method, c.req.raw.headers, config.allowedOrigins);
    if (!verdict.ok) {
      throw new ApiError(403, 'FORBIDDEN', verdict.reason);
    }
    if (verdict.corsOrigin !== undefined) {
      c.set('corsOrigin', verdict.corsOrigin);
    }
    c.set('decoration', decorations.for(verdict.corsOrigin));
    await next();
  });

  // The raw path is judged before any router decodes it (BFF-01, BFF-02).
  app.use('*', async (c, next) => {
    const problem = checkRawPath(splitRawUrl(c.env?.rawUrl ?? c.req.url).path);
    if (problem !== undefined) {
      throw invalidInput(PATH_PROBLEM_TEXT[problem]);
    }
    await next();
  });

  if (demoAuth !== undefined) {
    app.route(
      config.basePath === '' ? '/' : config.basePath,
      sessionRoutes({
        auth: demoAuth,
        binder: createBinder({
          upstream,
          store: stores.bindings,
          clock: config.clock,
          onEvent: (event, fields) => log('info', event, fields),
        }),
        limitSignIn: async (request, connection, email) => {
          const address = config.clientAddress(request, connection) ?? UNKNOWN_ADDRESS;
          if (email === undefined) {
            await rateLimit(
              `sign-in address ${address}`,
              config.rateLimit.signInPerAddressPerMinute,
            );
            return;
          }
          await rateLimit(`sign-in ${address} ${email}`, config.rateLimit.signInPerMinute);
          // One e-mail from many addresses (BFF-52).
          await rateLimit(`sign-in email ${email}`, config.rateLimit.signInPerEmailPerMinute);
        },
        onEvent: (event, fields) => log('info', event, fields),
      }),
    );
  }

  app.all(
    `${servicePrefix}/*`,
    createServiceHandler({
      servicePrefix,
      routes,
      resolveUser,
      limit,
      upstream,
      ownership,
      quotes: stores.quotes,
      extraBodyMembers: config.extraBodyMembers,
    }),
  );

  app.notFound(() => envelope(new ApiError(404, 'NOT_FOUND', 'No such route')));

  app.onError((error, c) => {
    const rendered = renderError(error, c.get('correlationId'));
    if (rendered.log !== undefined) {
      log('error', rendered.log.event, rendered.log.fields);
    }
    return rendered.response;
  });

  return {
    fetch: async (request, connection = {}) => app.fetch(request, connection),
  };
}
