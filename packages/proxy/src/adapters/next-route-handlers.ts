/**
 * The proxy as a Next.js App Router catch-all route handler (`app/api/[...path]/route.ts`).
 *
 * What Next still shows a route handler, measured with `next build && next start` (Next 16):
 * `request.url` keeps percent escapes (`%2F`, `%252e`, `%5C`), so encoded separators, double
 * encoding, bad escapes and control characters are still refused (BFF-02). Next resolves `.`,
 * `..` and `%2e%2e` segments before the handler runs and answers `//` and `\` with a redirect to
 * the cleaned path; no header keeps the original target. See the README ("Next.js") for what that
 * leaves open. Next passes no socket address either; see {@link NextRouteHandlerOptions}.
 */
import { createProxy, type WalletAuthProxy } from '../create-proxy.js';
import { type ProxyOptions, resolveTrustedProxies } from '../options.js';
import { fail, resolveBasePath } from '../options-checks.js';
import type { ConnectionInfo } from '../types.js';
import { isUnderBasePath } from './adapter-support.js';

/** Where the Next adapter finds the client address (Next gives route handlers no socket). */
export type NextClientAddressSource = 'last-forwarded-for' | 'none';

/** Options of {@link createNextRouteHandlers}: the proxy's, plus where the client address is. */
export interface NextRouteHandlerOptions extends ProxyOptions {
  /**
   * `next start` keeps an incoming `X-Forwarded-For` as it is and writes the socket address
   * there only when the header is absent, so a client that reaches Next directly can put any
   * address in it.
   *
   * - `'last-forwarded-for'`: every request reaches Next through a reverse proxy you run that
   *   appends the address it saw (nginx `$proxy_add_x_forwarded_for`, a cloud load balancer; a
   *   platform that overwrites the header with the client address, such as Vercel, also fits).
   *   The rightmost entry is the peer; entries in `trustedProxies` (e.g. a CDN in front of that
   *   proxy) are skipped leftwards from there.
   * - `'none'`: no client address; the demo sign-in's per-address limits then share one key.
   *
   * @defaultValue 'none'
   */
  clientAddressFrom?: NextClientAddressSource;
}

/** A Next route handler: `(request) => Response`. */
export type NextRouteHandler = (request: Request) => Promise<Response>;

/** The exports of `app/api/[...path]/route.ts`. */
export interface NextRouteHandlers {
  GET: NextRouteHandler;
  POST: NextRouteHandler;
  PATCH: NextRouteHandler;
  DELETE: NextRouteHandler;
  OPTIONS: NextRouteHandler;
}

const SOURCES = new Set<string>(['last-forwarded-for', 'none']);

/** `next build` loads every route module; secrets often exist only where the app runs. */
function isNextBuild(): boolean {
  return (
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
      ?.NEXT_PHASE === 'phase-production-build'
  );
}

/** Turns the adapter's options into the proxy's: the client address becomes a `clientAddress`. */
function toProxyOptions(options: NextRouteHandlerOptions): ProxyOptions {
  const { clientAddressFrom = 'none', ...proxyOptions } = options;
  if (typeof clientAddressFrom !== 'string' || !SOURCES.has(clientAddressFrom)) {
    fail(
      `clientAddressFrom must be 'last-forwarded-for' or 'none', got ${String(clientAddressFrom)}`,
    );
  }
  if (clientAddressFrom === 'none') {
    if ((proxyOptions.trustedProxies ?? []).length > 0) {
      fail(
        "trustedProxies needs clientAddressFrom: 'last-forwarded-for' on Next (route handlers get no socket address); set it, or remove trustedProxies",
      );
    }
    return proxyOptions;
  }
  if (proxyOptions.clientAddress !== undefined) {
    fail("pass either clientAddress or clientAddressFrom: 'last-forwarded-for', not both");
  }
  const { trustedProxies, trustedProxiesMaxShare, ...rest } = proxyOptions;
  const resolve = resolveTrustedProxies(trustedProxies, 'x-forwarded-for', trustedProxiesMaxShare);
  return {
    ...rest,
    // Only X-Forwarded-For: a `Forwarded` header the proxy in front passed through is the client's.
    clientAddress: (request) => {
      const forwardedFor = request.headers.get('X-Forwarded-For');
      const peer = forwardedFor?.split(',').at(-1)?.trim();
      if (forwardedFor === null || peer === undefined || peer === '') {
        return undefined;
      }
      return resolve(new Headers({ 'X-Forwarded-For': forwardedFor }), peer);
    },
  };
}

/**
 * Creates the route handlers of a catch-all route. Validates the options at once (a
 * misconfigured proxy throws `ProxyConfigError` naming the option when Next first loads the
 * route); during `next build` the proxy is made on the first request instead, so the build needs
 * no secrets. The folder must match `basePath` (default `/api` → `app/api/[...path]/route.ts`).
 *
 * @example
 * // app/api/[...path]/route.ts
 * import { createNextRouteHandlers } from '@wallet-auth/proxy/next';
 * export const { GET, POST, PATCH, DELETE, OPTIONS } = createNextRouteHandlers({
 *   upstream, allowedOrigins: ['https://app.example'], resolveUser,
 *   clientAddressFrom: 'last-forwarded-for', // behind your load balancer
 * });
 */
export function createNextRouteHandlers(options: NextRouteHandlerOptions): NextRouteHandlers {
  if (typeof options !== 'object' || options === null) {
    fail('createNextRouteHandlers needs an options object');
  }
  const proxyOptions = toProxyOptions(options);
  const basePath = resolveBasePath(proxyOptions.basePath);
  let proxy: WalletAuthProxy | undefined = isNextBuild() ? undefined : createProxy(proxyOptions);
  let warned = false;

  const handle: NextRouteHandler = async (request) => {
    proxy ??= createProxy(proxyOptions);
    if (!warned && !isUnderBasePath(request.url, basePath)) {
      warned = true;
      console.error(
        `@wallet-auth/proxy/next: a request for ${new URL(request.url).pathname} reached the wallet proxy, whose basePath is "${basePath}". Put the route at app${basePath}/[...path]/route.ts, or set basePath to the route's folder.`,
      );
    }
    const connection: ConnectionInfo = { rawUrl: request.url };
    return proxy.fetch(request, connection);
  };
  return { GET: handle, POST: handle, PATCH: handle, DELETE: handle, OPTIONS: handle };
}
