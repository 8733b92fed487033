/**
 * HTTP Basic platform authentication (wire-format §1): every route, constant-time comparison,
 * 401 `UNAUTHORIZED` with `WWW-Authenticate: Basic realm="service"` when missing or wrong.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../api-error.js';
import { constantTimeEqual, fromUtf8, utf8 } from '../crypto/encoding.js';

function credentialsMatch(
  header: string | undefined,
  clientId: string,
  clientSecret: string,
): boolean {
  const match = header === undefined ? null : /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header);
  if (match === null) {
    return false;
  }
  let decoded: string | undefined;
  try {
    decoded = fromUtf8(Uint8Array.from(atob(match[1]!), (ch) => ch.charCodeAt(0)));
  } catch {
    return false;
  }
  const colon = decoded === undefined ? -1 : decoded.indexOf(':');
  if (decoded === undefined || colon < 0) {
    return false;
  }
  // Evaluate both comparisons so timing does not reveal which half was wrong.
  const idOk = constantTimeEqual(utf8(decoded.slice(0, colon)), utf8(clientId));
  const secretOk = constantTimeEqual(utf8(decoded.slice(colon + 1)), utf8(clientSecret));
  return idOk && secretOk;
}

/** Middleware rejecting requests without the platform's Basic credentials. */
export function basicAuth(clientId: string, clientSecret: string): MiddlewareHandler {
  return async (c, next) => {
    if (!credentialsMatch(c.req.header('Authorization'), clientId, clientSecret)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Missing or invalid API credentials', {
        reason: 'HTTP Basic credentials missing or wrong',
        headers: { 'WWW-Authenticate': 'Basic realm="service"' },
      });
    }
    await next();
  };
}
