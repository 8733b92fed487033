/**
 * Start-up checks of `createProxy` options: each refuses an unsafe or malformed value with a
 * {@link ProxyConfigError} so a misconfigured proxy never starts (fail closed, BFF-20, BFF-24).
 */
import { parseIp } from './security/client-address.js';
import type { UpstreamOptions } from './upstream/upstream-options.js';

/** Thrown by `createProxy` when the configuration is unsafe or malformed (fail closed, BFF-20). */
export class ProxyConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxyConfigError';
  }
}

const PLACEHOLDER_SECRETS = new Set([
  'changeme',
  'change-me',
  'change_me',
  'secret',
  'password',
  'client-secret',
  'clientsecret',
  'your-client-secret',
  'your_client_secret',
  'replace-me',
  'placeholder',
  'todo',
  'xxx',
  'xxxx',
  'test',
  'undefined',
  'null',
]);
/** Header names `signatureHeaderName` may not take. */
export const RESERVED_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'request-id',
  'idempotency-key',
  'accept',
  'origin',
]);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Throws {@link ProxyConfigError} with `message`. */
export function fail(message: string): never {
  throw new ProxyConfigError(message);
}

/** Rejects option names outside `allowed` (a typo never falls back to a default). */
export function checkNames(value: object, allowed: Set<string>, where: string): void {
  for (const name of Object.keys(value)) {
    if (!allowed.has(name)) {
      fail(`Unknown proxy option "${where}${name}". Allowed: ${[...allowed].join(', ')}`);
    }
  }
}

/** Parses `upstream.baseUrl` (docs/protocol.md §1 `{base_url}`) and applies the transport rule of BFF-24. */
export function resolveBaseUrl(upstream: UpstreamOptions): URL {
  let url: URL;
  try {
    url = new URL(upstream.baseUrl);
  } catch {
    fail(`upstream.baseUrl "${upstream.baseUrl}" is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    fail('upstream.baseUrl must be http(s)');
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    fail('upstream.baseUrl must not carry credentials, a query or a fragment');
  }
  if (!/\/2025-10-13\/?$/.test(url.pathname)) {
    fail(
      'upstream.baseUrl must end with the API version segment "/2025-10-13" (docs/protocol.md §1)',
    );
  }
  // With an injected transport the scheme says nothing about where bytes go; with the built-in
  // fetch, Basic credentials must not cross a network in clear text (BFF-24).
  if (
    url.protocol === 'http:' &&
    !LOOPBACK.has(url.hostname) &&
    upstream.fetch === undefined &&
    upstream.allowInsecureHttp !== true
  ) {
    fail(
      'upstream.baseUrl must be https (or loopback); set upstream.allowInsecureHttp to override',
    );
  }
  return url;
}

/**
 * The e-mail-only demo sign-in may only front an emulator on this machine, judged by address
 * (BFF-53): the upstream's host must be a loopback address written as one (`127.0.0.0/8`,
 * `[::1]`, or their IPv4-mapped form). A host name proves nothing about where its requests go
 * (`localhost.`, `*.localhost` or a name with a `sandbox` label can resolve to production), and
 * with an injected `upstream.fetch` the address is still the one the transport is told to reach.
 */
export function checkDemoUpstream(baseUrl: URL): void {
  const host = baseUrl.hostname.replace(/^\[(.*)\]$/, '$1');
  const bytes = parseIp(host);
  const loopback =
    bytes !== undefined &&
    (bytes.length === 4 ? bytes[0] === 127 : bytes.every((byte, i) => byte === (i === 15 ? 1 : 0)));
  if (!loopback) {
    fail(
      `demoAuth (sign-in by e-mail only) refuses upstream ${baseUrl.origin}: its host is not a loopback address. ` +
        'Point it at a local emulator by address (http://127.0.0.1:<port>/2025-10-13), or use resolveUser with your own sign-in',
    );
  }
}

/** Refuses a missing, empty or placeholder client secret (BFF-20). */
export function resolveSecret(secret: unknown): string {
  if (typeof secret !== 'string' || secret.trim() === '') {
    fail('upstream.clientSecret is missing or empty');
  }
  if (
    PLACEHOLDER_SECRETS.has(secret.trim().toLowerCase()) ||
    /^(<.*>|\$\{.*\}|\{\{.*\}\})$/.test(secret.trim())
  ) {
    fail('upstream.clientSecret is a placeholder, not a real secret');
  }
  return secret;
}

/** `Basic base64(clientId ":" clientSecret)` over UTF-8 (docs/protocol.md §1 "Platform auth"). */
export function toBasic(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return `Basic ${btoa(binary)}`;
}

/** Checks that every allowed origin is an exact origin (never `*` or `null`, BFF-13). */
export function resolveOrigins(origins: unknown): ReadonlySet<string> {
  if (!Array.isArray(origins) || origins.length === 0) {
    fail('allowedOrigins must list at least one origin');
  }
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = typeof origin === 'string' ? new URL(origin) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || parsed.origin !== origin || parsed.origin === 'null') {
      fail(
        `allowedOrigins entry "${String(origin)}" is not an exact origin like "https://app.example"`,
      );
    }
  }
  return new Set(origins as string[]);
}

/**
 * Whether every allowed origin is plain http on a loopback host (local development): the pages,
 * and so the proxy they call on their own origin, are then reached over plain http only, where
 * WebKit refuses a `Secure` cookie even on localhost (Chromium and Gecko accept it there), and
 * where `Secure` protects nothing (no network between browser and proxy). Catalogue BFF-41.
 * @param origins - The resolved `allowedOrigins`.
 */
export function onlyLoopbackHttp(origins: ReadonlySet<string>): boolean {
  return [...origins].every((origin) => {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  });
}

/** Normalises `basePath` (`''` for the root) and refuses traversal or odd characters. */
export function resolveBasePath(basePath: string | undefined): string {
  const value = basePath ?? '/api';
  if (value === '' || value === '/') {
    return '';
  }
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value) || /\/\.\.?(\/|$)/.test(value)) {
    fail(
      `basePath "${value}" must look like "/api" (segments of unreserved characters, no trailing "/")`,
    );
  }
  return value;
}

/** An optional integer option ≥ 0, or `fallback`. */
export function nonNegativeInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(`${name} must be an integer ≥ 0`);
  }
  return value;
}
