/**
 * Security headers: a locked-down set for the proxy's own JSON responses, and
 * {@link securityHeaders} for the integrator's HTML pages (a strict `'self'` CSP without
 * `unsafe-inline` or `unsafe-eval`, reliability catalogue UI-08).
 */

/** CSP directives {@link contentSecurityPolicy} knows, in output order. */
export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'worker-src'
  | 'manifest-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/** Options of {@link securityHeaders}. */
export interface SecurityHeadersOptions {
  /** Extra sources per directive, appended to the defaults (e.g. `{ 'connect-src': ['https://api.example'] }`). */
  csp?: Partial<Record<CspDirective, readonly string[]>>;
  /** Adds `require-trusted-types-for 'script'`. @defaultValue false */
  trustedTypes?: boolean;
  /** Adds `Strict-Transport-Security` (serve over HTTPS only). @defaultValue false */
  hsts?: boolean;
}

const PAGE_DEFAULTS: Record<CspDirective, readonly string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The CSP of the proxy's own responses: JSON only, nothing may load or frame it. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';

/** Builds the page CSP: the strict defaults plus any extra sources; `'none'` drops out when extended. */
export function contentSecurityPolicy(options: SecurityHeadersOptions = {}): string {
  const directives = (Object.keys(PAGE_DEFAULTS) as CspDirective[]).map((name) => {
    const extra = options.csp?.[name] ?? [];
    for (const source of extra) {
      if (/[;,\s]/.test(source) || source === '') {
        throw new TypeError(
          `CSP source "${source}" for ${name} must be one token without ";" or ","`,
        );
      }
    }
    const base =
      extra.length > 0
        ? PAGE_DEFAULTS[name].filter((source) => source !== "'none'")
        : PAGE_DEFAULTS[name];
    return `${name} ${[...new Set([...base, ...extra])].join(' ')}`;
  });
  if (options.trustedTypes === true) {
    directives.push("require-trusted-types-for 'script'");
  }
  return directives.join('; ');
}

/**
 * Headers for the integrator's HTML pages: CSP (see {@link contentSecurityPolicy}), `nosniff`,
 * `no-referrer`, no framing, same-origin resources, COOP that still lets OAuth popups report
 * back, and a Permissions-Policy that keeps WebAuthn for the page itself.
 *
 * @example
 * for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), publickey-credentials-get=(self), publickey-credentials-create=(self)',
    ...(options.hsts === true ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * Headers on every proxy response (JSON API; `Cache-Control: no-store` per docs/protocol.md §1).
 * HSTS comes from configuration, not from the request's scheme: TLS usually ends in front of
 * the proxy, which then sees plain http.
 */
export function apiSecurityHeaders(options: { hsts: string | undefined }): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-site',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.hsts === undefined ? {} : { 'Strict-Transport-Security': options.hsts }),
  };
}
