/**
 * Bench child: the reference proxy on Node's HTTP server (`startProxyServer`, 127.0.0.1, an
 * ephemeral port) in front of the emulator process, with its structured logger on (records are
 * counted by status) and the per-user rate limit off for load; beside it, the bare forwarder that
 * gives the latency probe its floor (a second hop with nothing else).
 */
import { randomBytes } from 'node:crypto';
import {
  createNodeFetch,
  type PlainRequest,
  type RunningProxyServer,
  startProxyServer,
} from '@wallet-auth/proxy/node';
import { serveParent } from '../lib/child.js';
import { cpuMs } from '../lib/stats.js';
import { type BareForwarder, startBareForwarder } from './bare-forwarder.js';

/** What the parent asks for in `start`. */
export interface ProxyConfig {
  upstreamBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The browser origin the driver claims (CSRF check). */
  origin: string;
}

/** Answer of `start`. */
export interface ProxyInfo {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  /** Cookie name of the demo session (not `__Host-` on plain http). */
  cookieName: string;
  /** `http://127.0.0.1:<port>` of the bare forwarder in this process (the latency floor). */
  bareUrl: string;
}

/** Answer of `snapshot`: what the proxy saw since the last `reset`. */
export interface ProxyCounts {
  byStatus: Record<string, number>;
  upstreamCalls: number;
  rssBytes: number;
  /** User + system CPU time of this process since it started, in ms. */
  cpuMs: number;
}

let running: RunningProxyServer | undefined;
let bare: BareForwarder | undefined;
let byStatus: Record<string, number> = {};
let upstreamCalls = 0;

async function start(config: ProxyConfig): Promise<ProxyInfo> {
  // The Node entry's keep-alive transport (node:http), not undici's fetch: the cheaper upstream hop.
  const upstreamFetch = createNodeFetch();
  running = await startProxyServer({
    port: 0,
    upstream: {
      baseUrl: config.upstreamBaseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      // Counted on both of the transport's entries (the client prefers the plain `exchange`).
      fetch: Object.assign(
        (request: Request) => {
          upstreamCalls += 1;
          return upstreamFetch(request);
        },
        {
          exchange: (request: PlainRequest) => {
            upstreamCalls += 1;
            return upstreamFetch.exchange(request);
          },
        },
      ),
    },
    // The demo sign-in gives each simulated user its cookie (loopback emulator upstream).
    demoAuth: { allowSignInByEmailOnly: true },
    cookieSecret: randomBytes(32).toString('hex'),
    allowedOrigins: [config.origin],
    cookie: { secure: false },
    rateLimit: {
      requestsPerMinute: 0,
      signInPerMinute: 0,
      signInPerAddressPerMinute: 0,
      signInPerEmailPerMinute: 0,
    },
    logger: (entry) => {
      if (entry.event === 'request') {
        const key = String(entry.status);
        byStatus[key] = (byStatus[key] ?? 0) + 1;
      }
    },
  });
  bare = await startBareForwarder({
    upstreamOrigin: new URL(config.upstreamBaseUrl).origin,
    authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
  });
  return { apiUrl: `${running.url}/api`, cookieName: 'wallet-auth-session', bareUrl: bare.url };
}

serveParent({
  start: (payload) => start(payload as ProxyConfig),
  snapshot: (): ProxyCounts => ({
    byStatus: { ...byStatus },
    upstreamCalls,
    rssBytes: process.memoryUsage().rss,
    cpuMs: cpuMs(),
  }),
  reset: () => {
    byStatus = {};
    upstreamCalls = 0;
    return true;
  },
  close: async () => {
    running?.server.closeAllConnections();
    await Promise.all([running?.close(), bare?.close()]);
    return true;
  },
});
