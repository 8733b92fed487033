/**
 * CSRF and CORS: the browser's `Origin` must be one of `allowedOrigins`; state-changing requests
 * must carry it; a cross-site `Sec-Fetch-Site` without an allowed origin is refused
 * (reliability catalogue BFF-12, BFF-13). Allowed origins get credentialed CORS, never `*`.
 */

/**
 * Request headers a browser may send to the proxy (CORS `Access-Control-Allow-Headers`).
 * `Authorization` carries an app's own bearer token to its `resolveUser` when the app runs on
 * another origin; the proxy never forwards it (the platform's credentials replace it).
 */
export const ALLOWED_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Service-Wallet-Signature',
  'Request-Id',
  'Idempotency-Key',
];
/** Methods the proxy ever answers to a browser. */
export const ALLOWED_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'];

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Verdict of {@link checkOrigin}: allowed (with the origin to echo in CORS) or refused. */
export type OriginVerdict =
  | { ok: true; corsOrigin: string | undefined }
  | { ok: false; reason: string };

/** Applies the origin rule to a request's method and headers. */
export function checkOrigin(
  method: string,
  headers: Headers,
  allowedOrigins: ReadonlySet<string>,
): OriginVerdict {
  const origin = headers.get('Origin');
  if (origin !== null) {
    return allowedOrigins.has(origin)
      ? { ok: true, corsOrigin: origin }
      : { ok: false, reason: 'Origin is not allowed' };
  }
  if (!SAFE_METHODS.has(method)) {
    return { ok: false, reason: 'Origin header is required on state-changing requests' };
  }
  if (headers.get('Sec-Fetch-Site') === 'cross-site') {
    return { ok: false, reason: 'Cross-site request without an allowed origin' };
  }
  return { ok: true, corsOrigin: undefined };
}

/** CORS headers for a response to an allowed origin. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

/** True for a CORS preflight (OPTIONS with `Access-Control-Request-Method`). */
export function isPreflight(method: string, headers: Headers): boolean {
  return method === 'OPTIONS' && headers.has('Access-Control-Request-Method');
}

/**
 * Headers answering a preflight, or `undefined` when it must be denied: foreign or `null`
 * origin, a method off the list, or a request header outside {@link ALLOWED_REQUEST_HEADERS}.
 */
export function preflightHeaders(
  headers: Headers,
  allowedOrigins: ReadonlySet<string>,
): Record<string, string> | undefined {
  const origin = headers.get('Origin');
  const method = headers.get('Access-Control-Request-Method') ?? '';
  const requested = (headers.get('Access-Control-Request-Headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const allowedHeaders = new Set(ALLOWED_REQUEST_HEADERS.map((name) => name.toLowerCase()));
  if (
    origin === null ||
    !allowedOrigins.has(origin) ||
    !ALLOWED_METHODS.includes(method) ||
    !requested.every((name) => allowedHeaders.has(name))
  ) {
    return undefined;
  }
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
  };
}
