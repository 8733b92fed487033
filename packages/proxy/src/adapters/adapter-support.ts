/** Small pieces shared by the server adapters (Node middleware, Next route handlers). */
import { ApiError } from '../api-error.js';
import { envelope } from '../http/error-response.js';
import { splitRawUrl } from '../http/raw-path.js';

/**
 * Whether a request target (origin-form or absolute URL) lies under `basePath` (`''` = root).
 * Judged on the raw path: a target such as `/api/../x` is the proxy's to refuse.
 */
export function isUnderBasePath(target: string, basePath: string): boolean {
  const { path } = splitRawUrl(target);
  return basePath === '' || path === basePath || path.startsWith(`${basePath}/`);
}

/** The answer when the server around the proxy is set up wrongly: the envelope, no detail. */
export function misconfiguredResponse(): Response {
  return envelope(
    new ApiError(500, 'INTERNAL_ERROR', 'Internal error', {
      headers: { 'Cache-Control': 'no-store' },
    }),
  );
}
