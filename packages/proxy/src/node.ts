import type { IncomingMessage, Server } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createProxy } from './create-proxy.js';
import type { ProxyOptions } from './options.js';
import type { ConnectionInfo } from './types.js';

export {
  createNodeMiddleware,
  type NodeMiddleware,
} from './adapters/node-middleware.js';
export {
  createNodeFetch,
  type NodeFetch,
  type NodeFetchOptions,
  type PlainRequest,
  type PlainResponse,
} from './upstream/node-fetch.js';

/**
 * The connection of a Node request as the proxy reads it: the socket's peer (for
 * `trustedProxies`) and the request target exactly as it arrived (for the raw-path checks, which
 * must see `..` and `%2e%2e` before URL parsing resolves them). For apps that call
 * `proxy.fetch` themselves on a Node server, e.g. Hono on `@hono/node-server`.
 * @param incoming - Node's request (`c.env.incoming` on `@hono/node-server`); `undefined` gives `{}`.
 * @example
 * app.all('/api/*', (c) => proxy.fetch(c.req.raw, nodeConnection(c.env?.incoming)));
 */
export function nodeConnection(
  incoming: IncomingMessage | Http2ServerRequest | undefined,
): ConnectionInfo {
  const connection: ConnectionInfo = {};
  if (incoming?.socket.remoteAddress !== undefined) {
    connection.remoteAddress = incoming.socket.remoteAddress;
  }
  if (incoming?.url !== undefined) {
    connection.rawUrl = incoming.url;
  }
  return connection;
}

/** Deadlines of a Node HTTP server that mounts the proxy (reliability catalogue BFF-09, BFF-37). */
export interface ServerTimeouts {
  /** Whole request, body included; slow bodies get 408. @defaultValue 30000 */
  requestTimeoutMs?: number;
  /** Request line and headers. @defaultValue min(requestTimeoutMs, 20000) */
  headersTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this. @defaultValue 5000 */
  keepAliveTimeoutMs?: number;
}

/**
 * How often Node checks the deadlines: pass it when creating the server
 * (`createServer({ connectionsCheckingInterval }, handler)`); Node's default of 30 s lets a
 * slow body run up to 30 s past its deadline.
 */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * Applies request, header and keep-alive deadlines to a Node HTTP server, so a client that sends
 * slowly (or not at all) cannot hold a connection open. Use it on every server that mounts the
 * proxy, with `CONNECTIONS_CHECKING_INTERVAL_MS` at creation.
 *
 * @example
 * const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, handler);
 * hardenNodeServer(server);
 */
export function hardenNodeServer(server: Server, timeouts: ServerTimeouts = {}): Server {
  const requestTimeoutMs = timeouts.requestTimeoutMs ?? 30_000;
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = timeouts.headersTimeoutMs ?? Math.min(requestTimeoutMs, 20_000);
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs ?? 5_000;
  // Idle sockets (no request in flight) are closed as well, whatever the keep-alive state.
  server.timeout = Math.max(requestTimeoutMs, server.keepAliveTimeout) + 1_000;
  return server;
}

/** Options of {@link startProxyServer}: the proxy's options plus where to listen. */
export interface StartProxyServerOptions extends ProxyOptions, ServerTimeouts {
  port: number;
  /** Interface to bind. @defaultValue '127.0.0.1' */
  hostname?: string;
}

/** A running proxy server. */
export interface RunningProxyServer {
  server: Server;
  /** `http://<hostname>:<port>` actually bound. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the proxy on Node's HTTP server (loopback by default). Node's parser already refuses
 * conflicting `Content-Length`/`Transfer-Encoding` (BFF-23); the client address feeds the
 * sign-up rate limit.
 *
 * @example
 * const running = await startProxyServer({ port: 8787, upstream, cookieSecret, allowedOrigins });
 */
export async function startProxyServer(
  options: StartProxyServerOptions,
): Promise<RunningProxyServer> {
  const {
    port,
    hostname = '127.0.0.1',
    requestTimeoutMs = 30_000,
    headersTimeoutMs,
    keepAliveTimeoutMs,
    ...proxyOptions
  } = options;
  const proxy = createProxy(proxyOptions);
  return await new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (request, env) =>
          proxy.fetch(request, nodeConnection('incoming' in env ? env.incoming : undefined)),
        port,
        hostname,
        // Node checks request deadlines every 30 s by default, so a 408 for a slow body could
        // come up to 30 s late; check at least every second (reliability catalogue BFF-09).
        serverOptions: {
          connectionsCheckingInterval: Math.min(CONNECTIONS_CHECKING_INTERVAL_MS, requestTimeoutMs),
        },
      },
      (info: AddressInfo) => {
        resolve({
          server: server as Server,
          url: `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`,
          close: () => new Promise((done) => (server as Server).close(() => done())),
        });
      },
    ) as Server;
    hardenNodeServer(server, {
      requestTimeoutMs,
      ...(headersTimeoutMs === undefined ? {} : { headersTimeoutMs }),
      ...(keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs }),
    });
    server.once('error', reject);
  });
}
