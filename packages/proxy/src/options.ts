import { SIGNATURE_HEADER } from './http/forward-headers.js';
import type { ProxyLogger } from './logging/redact.js';
import {
  checkDemoUpstream,
  checkNames,
  fail,
  nonNegativeInteger,
  onlyLoopbackHttp,
  RESERVED_HEADERS,
  resolveBasePath,
  resolveBaseUrl,
  resolveOrigins,
  resolveSecret,
  toBasic,
} from './options-checks.js';
import { type ExtraBodyMembers, resolveExtraBodyMembers } from './routes/body-members.js';
import { SERVICE_ROUTES } from './routes/route-table.js';
import {
  type ClientAddressResolver,
  createClientAddressResolver,
  DEFAULT_TRUSTED_PROXIES_MAX_SHARE,
  type ForwardedHeader,
} from './security/client-address.js';
import type { ProxyStores } from './stores/stores.js';
import type { ConnectionInfo, ResolveUser } from './types.js';
import type { UpstreamOptions } from './upstream/upstream-options.js';

export { ProxyConfigError } from './options-checks.js';
export type { UpstreamOptions } from './upstream/upstream-options.js';

/** Rate-limit budgets (requests per rolling minute); 0 disables one. */
export interface RateLimitOptions {
  /** Per signed-in user on the service routes. @defaultValue 120 */
  requestsPerMinute?: number;
  /** Demo sign-in, per client address and e-mail together. @defaultValue 10 */
  signInPerMinute?: number;
  /** Demo sign-in, per client address (any e-mail). @defaultValue 60 */
  signInPerAddressPerMinute?: number;
  /**
   * Demo sign-in, per e-mail across every address (a distributed attempt on one account gains
   * nothing over a single client). @defaultValue 5
   */
  signInPerEmailPerMinute?: number;
}

/** `Strict-Transport-Security` on every response (set it where TLS ends in front of the proxy). */
export interface HstsOptions {
  /** @defaultValue 31536000 (one year) */
  maxAgeSeconds?: number;
  /** @defaultValue true */
  includeSubDomains?: boolean;
  /** @defaultValue false */
  preload?: boolean;
}

/**
 * The demo's e-mail-only sign-in: anyone who types an e-mail address signs in as that user.
 * For local demos against a sandbox only; the proxy refuses it with any other upstream.
 */
export interface DemoAuthOptions {
  /** Must be `true`: says out loud that sign-in needs no proof of the e-mail. */
  allowSignInByEmailOnly: true;
}

/** Options of `createProxy`. */
export interface ProxyOptions {
  upstream: UpstreamOptions;
  /** Exact browser origins allowed (CSRF check and credentialed CORS); never `*`. */
  allowedOrigins: readonly string[];
  /**
   * The production user binding: authenticates the app's own user from a request (its session
   * cookie, bearer token…) and returns the bound customer and wallet, or `null`. See
   * `createWalletBindings` for the helpers that make and look up bindings. Either this or
   * `demoAuth` is required.
   */
  resolveUser?: ResolveUser;
  /** E-mail-only demo sign-in (`/session` routes); needs `cookieSecret`; sandbox upstreams only. */
  demoAuth?: DemoAuthOptions;
  /** HMAC key of the demo session cookie, ≥ 32 characters; required with `demoAuth`. */
  cookieSecret?: string;
  /** Mount path of the proxy's routes. @defaultValue '/api' */
  basePath?: string;
  /** Shared state (e.g. `createRedisStores` from `@wallet-auth/proxy/redis`). @defaultValue in memory */
  stores?: Partial<ProxyStores>;
  /**
   * Demo cookie settings. `secure` defaults to true (a `__Host-` cookie), except when every allowed
   * origin is plain-http loopback (`http://localhost:5173`, local development): WebKit refuses
   * `Secure` cookies over http, even on localhost, so the cookie is then `wallet-auth-session`
   * without `Secure` (still HttpOnly, SameSite=Strict, Path=/). Catalogue BFF-14, BFF-41.
   * @defaultValue `{ name: '__Host-wallet-auth-session', secure: true, maxAgeSeconds: 28800 }`
   */
  cookie?: { name?: string; secure?: boolean; maxAgeSeconds?: number };
  /** Upstream spelling of the stamp header (docs/protocol.md §1, §14). @defaultValue 'Service-Wallet-Signature' */
  signatureHeaderName?: string;
  /** Rate-limit budgets. @defaultValue `{ requestsPerMinute: 120, signInPerMinute: 10, signInPerAddressPerMinute: 60, signInPerEmailPerMinute: 5 }` */
  rateLimit?: RateLimitOptions;
  /**
   * Addresses or CIDR ranges of the load balancers in front of the proxy; only a request whose
   * socket peer is one of them has its `forwardedHeader` read. A range that trusts every address
   * (`0.0.0.0/0`, `::/0`) is refused. @defaultValue []
   */
  trustedProxies?: readonly string[];
  /**
   * The largest share of the IPv4, and of the IPv6, address space that `trustedProxies` may cover
   * together, private, CGNAT, loopback and link-local ranges not counted: a wider set lets any
   * client behind it choose its own address (BFF-49). Raise it deliberately, e.g. for a CDN's
   * published edge ranges. @defaultValue 1/65536 (one IPv4 `/16`)
   */
  trustedProxiesMaxShare?: number;
  /**
   * The one header your load balancers write the client's address to; the other is never read
   * (a balancer passes a client's own copy of it through). @defaultValue 'x-forwarded-for'
   */
  forwardedHeader?: ForwardedHeader;
  /** Custom client address (replaces `trustedProxies`), e.g. from a CDN's own header. */
  clientAddress?: (request: Request, connection: ConnectionInfo) => string | undefined;
  /** HSTS on every response; `false` only where nothing is served over HTTPS. @defaultValue true */
  hsts?: boolean | HstsOptions;
  /** Receives one redacted JSON-ready record per request and per notable event. */
  logger?: ProxyLogger;
  /** `() => epoch ms` for cookies, rate limits and caches. @defaultValue Date.now */
  clock?: () => number;
  /** Random source (tests inject a seeded one). @defaultValue crypto.getRandomValues */
  random?: (bytes: number) => Uint8Array;
  /** Also forward `POST /sandbox/internal-accounts/{id}/fund` for the user's wallet. @defaultValue false */
  allowSandboxFunding?: boolean;
  /** How long a credential/session list may answer "yes" for non-revoke calls. @defaultValue 5000 */
  ownershipCacheMs?: number;
  /**
   * Body members to forward beyond the kit's own, per route key (`SERVICE_ROUTES[n].key`), as
   * dotted paths of any JSON type: `{ 'PATCH /customers/{customerId}': ['fullName'] }`. Every
   * other member is refused with 400 naming it (BFF-47); `platformCustomerId` can never be added.
   * @defaultValue {}
   */
  extraBodyMembers?: Readonly<Record<string, readonly string[]>>;
}

/** Options after validation, with defaults filled in. */
export interface ResolvedProxyOptions {
  upstream: {
    baseUrl: URL;
    authorization: string;
    clientSecret: string;
    fetch: (request: Request) => Promise<Response>;
    timeoutMs: number;
  };
  allowedOrigins: ReadonlySet<string>;
  basePath: string;
  resolveUser: ResolveUser | undefined;
  /** Set when the e-mail-only demo sign-in is on. */
  demoCookieSecret: string | undefined;
  stores: Partial<ProxyStores>;
  cookie: { name: string; secure: boolean; maxAgeSeconds: number };
  signatureHeaderName: string;
  rateLimit: Required<RateLimitOptions>;
  clientAddress: (request: Request, connection: ConnectionInfo) => string | undefined;
  /** The `Strict-Transport-Security` value, or undefined for none. */
  hsts: string | undefined;
  logger: ProxyLogger | undefined;
  clock: () => number;
  random: (bytes: number) => Uint8Array;
  allowSandboxFunding: boolean;
  ownershipCacheMs: number;
  extraBodyMembers: ExtraBodyMembers;
}

const OPTION_NAMES = new Set([
  'upstream',
  'cookieSecret',
  'allowedOrigins',
  'basePath',
  'resolveUser',
  'demoAuth',
  'stores',
  'cookie',
  'signatureHeaderName',
  'rateLimit',
  'trustedProxies',
  'trustedProxiesMaxShare',
  'clientAddress',
  'forwardedHeader',
  'hsts',
  'logger',
  'clock',
  'random',
  'allowSandboxFunding',
  'ownershipCacheMs',
  'extraBodyMembers',
]);
const STORE_NAMES = new Set(['rateLimits', 'sessions', 'quotes', 'ownership', 'bindings']);
const RATE_LIMIT_NAMES = new Set([
  'requestsPerMinute',
  'signInPerMinute',
  'signInPerAddressPerMinute',
  'signInPerEmailPerMinute',
]);
const HSTS_NAMES = new Set(['maxAgeSeconds', 'includeSubDomains', 'preload']);
const UPSTREAM_NAMES = new Set([
  'baseUrl',
  'clientId',
  'clientSecret',
  'fetch',
  'timeoutMs',
  'allowInsecureHttp',
]);
const RANDOM_POOL_BYTES = 4096;
let randomPool = new Uint8Array(0);
let randomOffset = 0;

/**
 * CSPRNG bytes served from a 4 KiB buffer refilled by `getRandomValues` (as Node's `randomUUID`
 * caches its entropy): one call into the system generator per ~500 requests instead of one each.
 * Every caller gets its own copy; a byte is never handed out twice.
 */
function defaultRandom(bytes: number): Uint8Array {
  if (bytes > RANDOM_POOL_BYTES / 4) {
    return crypto.getRandomValues(new Uint8Array(bytes));
  }
  if (randomOffset + bytes > randomPool.length) {
    randomPool = crypto.getRandomValues(new Uint8Array(RANDOM_POOL_BYTES));
    randomOffset = 0;
  }
  const out = randomPool.slice(randomOffset, randomOffset + bytes);
  randomPool.fill(0, randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return out;
}

/** Validates the `upstream` options (also used by `createWalletBindings`). */
export function resolveUpstream(upstream: UpstreamOptions): ResolvedProxyOptions['upstream'] {
  if (typeof upstream !== 'object' || upstream === null) {
    fail('upstream is required: { baseUrl, clientId, clientSecret }');
  }
  checkNames(upstream, UPSTREAM_NAMES, 'upstream.');
  if (
    typeof upstream.clientId !== 'string' ||
    upstream.clientId === '' ||
    upstream.clientId.includes(':')
  ) {
    fail('upstream.clientId must be a non-empty string without ":"');
  }
  const clientSecret = resolveSecret(upstream.clientSecret);
  const baseUrl = resolveBaseUrl(upstream);
  const timeoutMs = nonNegativeInteger(upstream.timeoutMs, 'upstream.timeoutMs', 15_000);
  if (timeoutMs === 0) {
    fail('upstream.timeoutMs must be ≥ 1');
  }
  return {
    baseUrl,
    authorization: toBasic(upstream.clientId, clientSecret),
    clientSecret,
    fetch: upstream.fetch ?? ((request) => fetch(request)),
    timeoutMs,
  };
}

/** Validates `createProxy` options and fills in defaults; throws {@link ProxyConfigError}. */
export function resolveProxyOptions(options: ProxyOptions): ResolvedProxyOptions {
  if (typeof options !== 'object' || options === null) {
    fail('createProxy needs an options object');
  }
  checkNames(options, OPTION_NAMES, '');
  const upstream = resolveUpstream(options.upstream);
  const baseUrl = upstream.baseUrl;
  const clientSecret = upstream.clientSecret;
  const demoCookieSecret = resolveUserBinding(options, baseUrl, clientSecret);
  const allowedOrigins = resolveOrigins(options.allowedOrigins);
  const secure = options.cookie?.secure ?? !onlyLoopbackHttp(allowedOrigins);
  const cookieName =
    options.cookie?.name ?? (secure ? '__Host-wallet-auth-session' : 'wallet-auth-session');
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(cookieName)) {
    fail(`cookie.name "${cookieName}" is not a cookie name token`);
  }
  if (!secure && (cookieName.startsWith('__Host-') || cookieName.startsWith('__Secure-'))) {
    fail('cookie.secure: false cannot be combined with a __Host- or __Secure- cookie name');
  }
  const signatureHeaderName = options.signatureHeaderName ?? SIGNATURE_HEADER;
  if (
    !/^[A-Za-z0-9-]{1,64}$/.test(signatureHeaderName) ||
    RESERVED_HEADERS.has(signatureHeaderName.toLowerCase())
  ) {
    fail(`signatureHeaderName "${signatureHeaderName}" must be a free header name`);
  }
  const maxAgeSeconds = nonNegativeInteger(
    options.cookie?.maxAgeSeconds,
    'cookie.maxAgeSeconds',
    8 * 3600,
  );
  if (maxAgeSeconds < 60) {
    fail('cookie.maxAgeSeconds must be ≥ 60');
  }
  if (options.stores !== undefined) {
    checkNames(options.stores, STORE_NAMES, 'stores.');
  }
  if (options.rateLimit !== undefined) {
    checkNames(options.rateLimit, RATE_LIMIT_NAMES, 'rateLimit.');
  }
  return {
    upstream,
    allowedOrigins,
    basePath: resolveBasePath(options.basePath),
    resolveUser: options.resolveUser,
    demoCookieSecret,
    stores: options.stores ?? {},
    cookie: {
      name: cookieName,
      secure,
      maxAgeSeconds,
    },
    signatureHeaderName,
    rateLimit: {
      requestsPerMinute: nonNegativeInteger(
        options.rateLimit?.requestsPerMinute,
        'rateLimit.requestsPerMinute',
        120,
      ),
      signInPerMinute: nonNegativeInteger(
        options.rateLimit?.signInPerMinute,
        'rateLimit.signInPerMinute',
        10,
      ),
      signInPerAddressPerMinute: nonNegativeInteger(
        options.rateLimit?.signInPerAddressPerMinute,
        'rateLimit.signInPerAddressPerMinute',
        60,
      ),
      signInPerEmailPerMinute: nonNegativeInteger(
        options.rateLimit?.signInPerEmailPerMinute,
        'rateLimit.signInPerEmailPerMinute',
        5,
      ),
    },
    clientAddress: resolveClientAddress(options),
    hsts: resolveHsts(options.hsts),
    logger: options.logger,
    clock: options.clock ?? Date.now,
    random: options.random ?? defaultRandom,
    allowSandboxFunding: options.allowSandboxFunding === true,
    ownershipCacheMs: nonNegativeInteger(options.ownershipCacheMs, 'ownershipCacheMs', 5000),
    extraBodyMembers: resolveExtraBodyMembers(options.extraBodyMembers, SERVICE_ROUTES, fail),
  };
}

/**
 * Secure by default: a proxy needs a real user binding (`resolveUser`), or the loudly named
 * e-mail-only demo sign-in, which only a sandbox or loopback upstream may use (BFF-32).
 * Returns the demo cookie secret when the demo sign-in is on.
 */
function resolveUserBinding(
  options: ProxyOptions,
  baseUrl: URL,
  clientSecret: string,
): string | undefined {
  const demo = options.demoAuth;
  if (options.resolveUser === undefined && demo === undefined) {
    fail(
      'createProxy needs a user binding: pass resolveUser (your own sign-in; see createWalletBindings), ' +
        'or, for a local demo against a sandbox only, demoAuth: { allowSignInByEmailOnly: true } with cookieSecret',
    );
  }
  if (options.resolveUser !== undefined && typeof options.resolveUser !== 'function') {
    fail(
      'resolveUser must be a function (request) => Promise<{ userId, customerId, accountId } | null>',
    );
  }
  if (demo === undefined) {
    if (options.cookieSecret !== undefined) {
      fail('cookieSecret is only used by demoAuth; remove it or enable demoAuth');
    }
    return undefined;
  }
  if (options.resolveUser !== undefined) {
    fail('pass either resolveUser or demoAuth, not both');
  }
  if (typeof demo !== 'object' || demo === null || demo.allowSignInByEmailOnly !== true) {
    fail(
      'demoAuth must be { allowSignInByEmailOnly: true } (sign-in without any proof of the e-mail)',
    );
  }
  checkNames(demo, new Set(['allowSignInByEmailOnly']), 'demoAuth.');
  checkDemoUpstream(baseUrl);
  if (typeof options.cookieSecret !== 'string' || options.cookieSecret.length < 32) {
    fail('cookieSecret must be a string of at least 32 characters (demoAuth)');
  }
  if (options.cookieSecret === clientSecret) {
    fail('cookieSecret must differ from upstream.clientSecret');
  }
  return options.cookieSecret;
}

function resolveClientAddress(
  options: ProxyOptions,
): (request: Request, connection: ConnectionInfo) => string | undefined {
  if (options.clientAddress !== undefined) {
    if (typeof options.clientAddress !== 'function') {
      fail('clientAddress must be a function (request, connection) => string | undefined');
    }
    if (options.trustedProxies !== undefined || options.trustedProxiesMaxShare !== undefined) {
      fail('pass either clientAddress or trustedProxies (and trustedProxiesMaxShare), not both');
    }
    return options.clientAddress;
  }
  const resolver = resolveTrustedProxies(
    options.trustedProxies,
    options.forwardedHeader,
    options.trustedProxiesMaxShare,
  );
  return (request, connection) => resolver(request.headers, connection.remoteAddress);
}

/** Validates `trustedProxies` and makes its resolver; throws {@link ProxyConfigError}. */
export function resolveTrustedProxies(
  trustedProxies: unknown,
  forwardedHeader: unknown = 'x-forwarded-for',
  maxShare: unknown = DEFAULT_TRUSTED_PROXIES_MAX_SHARE,
): ClientAddressResolver {
  const trusted = trustedProxies ?? [];
  if (!Array.isArray(trusted) || !trusted.every((entry) => typeof entry === 'string')) {
    fail('trustedProxies must be a list of IP addresses or CIDR ranges');
  }
  if (forwardedHeader !== 'x-forwarded-for' && forwardedHeader !== 'forwarded') {
    fail(
      `forwardedHeader must be 'x-forwarded-for' or 'forwarded', got ${String(forwardedHeader)}`,
    );
  }
  if (typeof maxShare !== 'number' || !(maxShare > 0 && maxShare < 1)) {
    fail(`trustedProxiesMaxShare must be a number between 0 and 1, got ${String(maxShare)}`);
  }
  try {
    return createClientAddressResolver(trusted, forwardedHeader, maxShare);
  } catch (error) {
    fail((error as Error).message);
  }
}

function resolveHsts(hsts: ProxyOptions['hsts']): string | undefined {
  if (hsts === false) {
    return undefined;
  }
  const settings = hsts === undefined || hsts === true ? {} : hsts;
  if (typeof settings !== 'object' || settings === null) {
    fail('hsts must be true, false or { maxAgeSeconds, includeSubDomains, preload }');
  }
  checkNames(settings, HSTS_NAMES, 'hsts.');
  const maxAge = nonNegativeInteger(settings.maxAgeSeconds, 'hsts.maxAgeSeconds', 31_536_000);
  return [
    `max-age=${maxAge}`,
    ...(settings.includeSubDomains === false ? [] : ['includeSubDomains']),
    ...(settings.preload === true ? ['preload'] : []),
  ].join('; ');
}
