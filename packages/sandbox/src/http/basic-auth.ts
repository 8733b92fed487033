/**
 * HTTP Basic platform authentication (docs/protocol.md §1): every route, constant-time comparison,
 * 401 `UNAUTHORIZED` with `WWW-Authenticate: Basic realm="service"` when missing or wrong.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../api-error.js';
import { constantTimeEqual, fromUtf8, utf8 } from '../crypto/encoding.js';

const BASIC = /^Basic ([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a binary string (what `atob` returns), one per char code. */
function binaryBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

function credentialsMatch(
  header: string | undefined,
  clientId: Uint8Array,
  clientSecret: Uint8Array,
): boolean {
  const match = header === undefined ? null : BASIC.exec(header);
  if (match === null) {
    return false;
  }
  let decoded: string | undefined;
  try {
    decoded = fromUtf8(binaryBytes(atob(match[1]!)));
  } catch {
    return false;
  }
  const colon = decoded === undefined ? -1 : decoded.indexOf(':');
  if (decoded === undefined || colon < 0) {
    return false;
  }
  // Evaluate both comparisons so timing does not reveal which half was wrong.
  const idOk = constantTimeEqual(utf8(decoded.slice(0, colon)), clientId);
  const secretOk = constantTimeEqual(utf8(decoded.slice(colon + 1)), clientSecret);
  return idOk && secretOk;
}

/** Middleware rejecting requests without the platform's Basic credentials. */
export function basicAuth(clientId: string, clientSecret: string): MiddlewareHandler {
  const expectedId = utf8(clientId);
  const expectedSecret = utf8(clientSecret);
  return async (c, next) => {
    if (!credentialsMatch(c.req.header('Authorization'), expectedId, expectedSecret)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Missing or invalid API credentials', {
        reason: 'HTTP Basic credentials missing or wrong',
        headers: { 'WWW-Authenticate': 'Basic realm="service"' },
      });
    }
    await next();
  };
}
