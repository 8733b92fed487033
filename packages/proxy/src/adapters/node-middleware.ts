/**
 * The proxy as Node `(req, res, next?)` middleware for Express, Connect, Fastify (raw request and
 * reply) and plain `node:http`. The request target is read as it arrived on the socket, so the
 * raw-path checks see `..`, `%2e%2e` and `\` before any URL parser resolves them (BFF-01, BFF-02).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createProxy } from '../create-proxy.js';
import type { ProxyOptions } from '../options.js';
import { resolveBasePath } from '../options-checks.js';
import type { ConnectionInfo } from '../types.js';
import { isUnderBasePath, misconfiguredResponse } from './adapter-support.js';

/**
 * Node middleware: handles requests under `basePath` and calls `next()` for any other path (or
 * answers 404 when there is no `next`, as under a plain `node:http` server).
 */
export type NodeMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** What Express and Connect add to the request: the target before a mount path was cut off. */
interface MountedRequest extends IncomingMessage {
  originalUrl?: string;
}

/** Written once per middleware when a body parser ran before it. */
const BODY_ALREADY_READ =
  '@wallet-auth/proxy: the request body was read before the wallet proxy saw it (a body parser such as express.json() or body-parser runs first). Mount createNodeMiddleware before any body parser: the proxy forwards bodies byte for byte.';

/**
 * Creates the proxy as Node middleware. Validates the options at once: a misconfigured proxy
 * throws `ProxyConfigError` here, at start, naming the option.
 *
 * Mount it before any body parser. Under Express or Connect it may be mounted at the root
 * (`app.use(wallet)`) or at a path (`app.use('/api', wallet)`: the original URL is used); under
 * Fastify call it from an `onRequest` hook with `request.raw`/`reply.raw` after `reply.hijack()`.
 * The client address is the socket's peer, or (from `trustedProxies`) what they forwarded.
 *
 * @example
 * const wallet = createNodeMiddleware({ upstream, allowedOrigins, resolveUser, trustedProxies });
 * app.use(wallet);           // Express, before express.json()
 * createServer(wallet);      // plain node:http (404 outside basePath)
 */
export function createNodeMiddleware(options: ProxyOptions): NodeMiddleware {
  const proxy = createProxy(options);
  const basePath = resolveBasePath(options.basePath);
  const listener = getRequestListener(
    (request, env) => {
      const connection: ConnectionInfo = {};
      const { socket, url } = env.incoming as IncomingMessage;
      if (socket?.remoteAddress !== undefined) {
        connection.remoteAddress = socket.remoteAddress;
      }
      if (url !== undefined) {
        connection.rawUrl = url;
      }
      return proxy.fetch(request, connection);
    },
    // Embedded in someone else's server: leave the global Request and Response alone.
    { overrideGlobalObjects: false },
  );
  let warned = false;

  return (req: MountedRequest, res, next) => {
    const target = req.originalUrl ?? req.url ?? '/';
    if (next !== undefined && !isUnderBasePath(target, basePath)) {
      next();
      return;
    }
    if (req.readableEnded) {
      if (!warned) {
        warned = true;
        console.error(BODY_ALREADY_READ);
      }
      void writeResponse(res, misconfiguredResponse());
      return;
    }
    // Express cuts the mount path off `req.url`; the proxy routes on the full target.
    req.url = target;
    listener(req, res).catch((error: unknown) => {
      if (next === undefined) {
        res.destroy(error instanceof Error ? error : undefined);
      } else {
        next(error);
      }
    });
  };
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}
