/**
 * Hono's `bodyLimit` with its header-only decisions taken first (docs/protocol.md §1: 64 KiB bodies):
 * GET and HEAD carry no body, and a `Content-Length` without `Transfer-Encoding` is the size, as
 * `bodyLimit` itself rules. Only then is `request.body` touched, which on @hono/node-server turns
 * the lazy request into a web-stream one and costs the route its fast body read.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** The size check of `bodyLimit`, deciding from the headers when they suffice. */
export function limitBody(maxSize: number, onError: () => never): MiddlewareHandler {
  const limiter = bodyLimit({ maxSize, onError });
  return async (c: Context, next: Next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') {
      return next();
    }
    const headers = c.req.raw.headers;
    if (headers.has('content-length') && !headers.has('transfer-encoding')) {
      return Number.parseInt(headers.get('content-length') || '0', 10) > maxSize
        ? onError()
        : next();
    }
    return limiter(c, next);
  };
}
