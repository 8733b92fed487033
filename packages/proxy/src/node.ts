import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createProxy } from './create-proxy.js';
import type { ProxyOptions } from './options.js';
import type { ConnectionInfo } from './types.js';

export {
  createNodeFetch,
  type NodeFetch,
  type NodeFetchOptions,
  type PlainRequest,
  type PlainResponse,
} from './upstream/node-fetch.js';

/** Options of {@link startProxyServer}: the proxy's options plus where to listen. */
export interface StartProxyServerOptions extends ProxyOptions {
  port: number;
  /** Interface to bind. @defaultValue '127.0.0.1' */
  hostname?: string;
  /** Node's whole-request deadline; slow bodies get 408 (reliability catalogue BFF-09). @defaultValue 30000 */
  requestTimeoutMs?: number;
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
  const { port, hostname = '127.0.0.1', requestTimeoutMs = 30_000, ...proxyOptions } = options;
  const proxy = createProxy(proxyOptions);
  return await new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (request, env) => {
          const connection: ConnectionInfo = {};
          if ('incoming' in env) {
            const { socket, url } = env.incoming;
            if (socket.remoteAddress !== undefined) {
              connection.remoteAddress = socket.remoteAddress;
            }
            if (url !== undefined) {
              connection.rawUrl = url;
            }
          }
          return proxy.fetch(request, connection);
        },
        port,
        hostname,
        // Node checks request deadlines every 30 s by default, so a 408 for a slow body could
        // come up to 30 s late; check at least every second (reliability catalogue BFF-09).
        serverOptions: { connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs) },
      },
      (info: AddressInfo) => {
        resolve({
          server: server as Server,
          url: `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`,
          close: () => new Promise((done) => (server as Server).close(() => done())),
        });
      },
    ) as Server;
    server.requestTimeout = requestTimeoutMs;
    server.headersTimeout = Math.min(requestTimeoutMs, 20_000);
    server.once('error', reject);
  });
}
