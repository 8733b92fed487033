import { Hono } from 'hono';
import { ApiError, invalidInput } from './api-error.js';
import { hex, type ProxyEnv } from './app-env.js';
import { createDemoAuth } from './auth/demo-auth.js';
import { createMemoryUserStore } from './auth/memory-user-store.js';
import { createUserResolver } from './auth/resolve-user.js';
import { envelope, renderError } from './http/error-response.js';
import { checkRawPath, PATH_PROBLEM_TEXT, splitRawUrl } from './http/raw-path.js';
import { createResponseDecorations, isDecorated } from './http/response-headers.js';
import { createLog } from './logging/create-log.js';
import { type ProxyOptions, resolveProxyOptions } from './options.js';
import { createOwnershipChecker } from './ownership/ownership-checker.js';
import { createMemoryQuoteLedger } from './ownership/quote-ledger.js';
import { serviceRoutes } from './routes/route-table.js';
import { createServiceHandler } from './routes/service-handler.js';
import { sessionRoutes } from './routes/session-routes.js';
import { checkOrigin, isPreflight, preflightHeaders } from './security/origin-policy.js';
import { createRateLimiter } from './security/rate-limit.js';
import { createCookieSigner } from './security/session-cookie.js';
import type { ConnectionInfo } from './types.js';
import { createUpstreamClient } from './upstream/upstream-client.js';

/** The API version segment the browser uses under `basePath` (wire-format §1). */
export const API_VERSION = '2025-10-13';

/** A mounted proxy: one web-standard fetch handler. */
export interface WalletAuthProxy {
  /** Answers one request; `connection` lets a server adapter pass the client address. */
  fetch(request: Request, connection?: ConnectionInfo): Promise<Response>;
}

/**
 * Creates the reference backend proxy (BFF): it holds the platform credentials, authenticates
 * the app's user, and forwards only the allowlisted wallet routes for that user's own customer
 * and wallet (wire-format §12; reliability catalogue 2-BFF). Throws `ProxyConfigError` at start
 * for unsafe options.
 *
 * @example
 * const proxy = createProxy({
 *   upstream: { baseUrl: 'https://api.example/2025-10-13', clientId, clientSecret },
 *   cookieSecret, allowedOrigins: ['https://app.example'],
 * });
 * serve({ fetch: (request) => proxy.fetch(request) });
 */
export function createProxy(options: ProxyOptions): WalletAuthProxy {
  const config = resolveProxyOptions(options);
  const upstream = createUpstreamClient(config.upstream, config.signatureHeaderName);
  const quotes = config.quoteLedger ?? createMemoryQuoteLedger();
  const ownership = createOwnershipChecker({
    upstream,
    quotes,
    clock: config.clock,
    cacheMs: config.ownershipCacheMs,
  });
  const routes = serviceRoutes({ allowSandboxFunding: config.allowSandboxFunding });
  const limiter = createRateLimiter({ requestsPerMinute: config.requestsPerMinute });
  const log = createLog({
    logger: config.logger,
    clock: config.clock,
    secrets: [
      config.upstream.clientSecret,
      config.upstream.authorization.slice(6),
      config.cookieSecret ?? '',
    ],
    secretNames: [config.signatureHeaderName, config.cookie.name],
  });
  const store = config.userStore ?? createMemoryUserStore();
  const demoAuth =
    config.resolveUser === undefined
      ? createDemoAuth({
          signer: createCookieSigner(config.cookieSecret!),
          store,
          cookie: config.cookie,
          clock: config.clock,
          random: config.random,
        })
      : undefined;
  const resolveUser = createUserResolver(config.resolveUser, demoAuth);
  const limit = (key: string): void => {
    const verdict = limiter.take(key, config.clock());
    if (!verdict.ok) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many requests; retry later', {
        headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      });
    }
  };
  const servicePrefix = `${config.basePath}/${API_VERSION}`;
  // Two schemes times (no origin + each allowed one).
  const decorations = createResponseDecorations(2 * (config.allowedOrigins.size + 1));

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
      const decoration = decorations.for(c.req.url.startsWith('https:'), corsOrigin);
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
    c.set('decoration', decorations.for(c.req.url.startsWith('https:'), verdict.corsOrigin));
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
        store,
        upstream,
        clock: config.clock,
        newUserId: () => `user_${hex(config.random(16))}`,
        limitSignIn: (_request, remoteAddress) => limit(`address ${remoteAddress ?? 'unknown'}`),
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
      quotes,
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
