import { SIGNATURE_HEADER } from './http/forward-headers.js';
import type { ProxyLogger } from './logging/redact.js';
import {
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
import type { QuoteLedger, ResolveUser, UserStore } from './types.js';

export { ProxyConfigError } from './options-checks.js';

/** Where and how the proxy reaches the service (it alone holds the platform credentials). */
export interface UpstreamOptions {
  /** `{base_url}` = `<origin>[/<prefix>]/2025-10-13` (wire-format §1). */
  baseUrl: string;
  /** Platform client id (HTTP Basic user; must not contain ":"). */
  clientId: string;
  /** Platform client secret; never sent to the browser or logged. */
  clientSecret: string;
  /** Transport, e.g. an in-process `sandbox.fetch`. @defaultValue globalThis.fetch */
  fetch?: (request: Request) => Promise<Response>;
  /** Upper bound on one upstream exchange, body included. @defaultValue 15000 */
  timeoutMs?: number;
  /** Permit a plain-http `baseUrl` that is not loopback with the built-in fetch (BFF-24). @defaultValue false */
  allowInsecureHttp?: boolean;
}

/** Options of `createProxy`. */
export interface ProxyOptions {
  upstream: UpstreamOptions;
  /** HMAC key of the demo session cookie, ≥ 32 characters; required unless `resolveUser` is given. */
  cookieSecret?: string;
  /** Exact browser origins allowed (CSRF check and credentialed CORS); never `*`. */
  allowedOrigins: readonly string[];
  /** Mount path of the proxy's routes. @defaultValue '/api' */
  basePath?: string;
  /** Integrator's user resolver; replaces the demo cookie, and the `/session` routes are then absent. */
  resolveUser?: ResolveUser;
  /** Store of demo users. @defaultValue createMemoryUserStore() */
  userStore?: UserStore;
  /**
   * Demo cookie settings. `secure` defaults to true (a `__Host-` cookie), except when every allowed
   * origin is plain-http loopback (`http://localhost:5173`, local development): WebKit refuses
   * `Secure` cookies over http, even on localhost, so the cookie is then `wallet-auth-session`
   * without `Secure` (still HttpOnly, SameSite=Strict, Path=/). Catalogue BFF-14, BFF-41.
   * @defaultValue `{ name: '__Host-wallet-auth-session', secure: true, maxAgeSeconds: 28800 }`
   */
  cookie?: { name?: string; secure?: boolean; maxAgeSeconds?: number };
  /** Upstream spelling of the stamp header (wire-format §1, §14). @defaultValue 'Service-Wallet-Signature' */
  signatureHeaderName?: string;
  /** Per-user (and per-address for sign-up) limit; 0 disables. @defaultValue `{ requestsPerMinute: 120 }` */
  rateLimit?: { requestsPerMinute?: number };
  /** Receives one redacted JSON-ready record per request and per notable event. */
  logger?: ProxyLogger;
  /** `() => epoch ms` for cookies, rate limits and caches. @defaultValue Date.now */
  clock?: () => number;
  /** Random source (tests inject a seeded one). @defaultValue crypto.getRandomValues */
  random?: (bytes: number) => Uint8Array;
  /** Also forward `POST /sandbox/internal-accounts/{id}/fund` for the user's wallet. @defaultValue false */
  allowSandboxFunding?: boolean;
  /** Where quotes created through the proxy are remembered. @defaultValue in memory */
  quoteLedger?: QuoteLedger;
  /** How long a credential/session list may answer "yes" for non-revoke calls. @defaultValue 5000 */
  ownershipCacheMs?: number;
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
  cookieSecret: string | undefined;
  allowedOrigins: ReadonlySet<string>;
  basePath: string;
  resolveUser: ResolveUser | undefined;
  userStore: UserStore | undefined;
  cookie: { name: string; secure: boolean; maxAgeSeconds: number };
  signatureHeaderName: string;
  requestsPerMinute: number;
  logger: ProxyLogger | undefined;
  clock: () => number;
  random: (bytes: number) => Uint8Array;
  allowSandboxFunding: boolean;
  quoteLedger: QuoteLedger | undefined;
  ownershipCacheMs: number;
}

const OPTION_NAMES = new Set([
  'upstream',
  'cookieSecret',
  'allowedOrigins',
  'basePath',
  'resolveUser',
  'userStore',
  'cookie',
  'signatureHeaderName',
  'rateLimit',
  'logger',
  'clock',
  'random',
  'allowSandboxFunding',
  'quoteLedger',
  'ownershipCacheMs',
]);
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

/** Validates `createProxy` options and fills in defaults; throws {@link ProxyConfigError}. */
export function resolveProxyOptions(options: ProxyOptions): ResolvedProxyOptions {
  if (typeof options !== 'object' || options === null) {
    fail('createProxy needs an options object');
  }
  checkNames(options, OPTION_NAMES, '');
  const upstream = options.upstream;
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
  if (options.resolveUser === undefined || options.cookieSecret !== undefined) {
    if (typeof options.cookieSecret !== 'string' || options.cookieSecret.length < 32) {
      fail('cookieSecret must be a string of at least 32 characters');
    }
    if (options.cookieSecret === clientSecret) {
      fail('cookieSecret must differ from upstream.clientSecret');
    }
  }
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
  const timeoutMs = nonNegativeInteger(upstream.timeoutMs, 'upstream.timeoutMs', 15_000);
  if (timeoutMs === 0) {
    fail('upstream.timeoutMs must be ≥ 1');
  }
  return {
    upstream: {
      baseUrl,
      authorization: toBasic(upstream.clientId, clientSecret),
      clientSecret,
      fetch: upstream.fetch ?? ((request) => fetch(request)),
      timeoutMs,
    },
    cookieSecret: options.cookieSecret,
    allowedOrigins,
    basePath: resolveBasePath(options.basePath),
    resolveUser: options.resolveUser,
    userStore: options.userStore,
    cookie: {
      name: cookieName,
      secure,
      maxAgeSeconds,
    },
    signatureHeaderName,
    requestsPerMinute: nonNegativeInteger(
      options.rateLimit?.requestsPerMinute,
      'rateLimit.requestsPerMinute',
      120,
    ),
    logger: options.logger,
    clock: options.clock ?? Date.now,
    random: options.random ?? defaultRandom,
    allowSandboxFunding: options.allowSandboxFunding === true,
    quoteLedger: options.quoteLedger,
    ownershipCacheMs: nonNegativeInteger(options.ownershipCacheMs, 'ownershipCacheMs', 5000),
  };
}
