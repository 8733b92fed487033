/**
 * Load child: the reference proxy on Node's HTTP server (`startProxyServer`, 127.0.0.1, an
 * ephemeral port) in front of the emulator child, its structured log counted by status, the
 * upstream calls counted per route, and the per-user rate limit as configured (off for the flow
 * runs, on for the LOAD-4 flood).
 */
import { randomBytes } from 'node:crypto';
import { type RunningProxyServer, startProxyServer } from '@wallet-auth/proxy/node';
import { serveParent } from '../lib/child.js';

/** What the parent asks for in `start`. */
export interface ProxyChildConfig {
  upstreamBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The browser origin the driver claims (CSRF check). */
  origin: string;
  /** Per-user (and per-address sign-up) budget; 0 disables. @defaultValue 0 */
  requestsPerMinute?: number;
}

/** Answer of `start`. */
export interface ProxyChildInfo {
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  cookieName: string;
}

/** Answer of `snapshot`: what the proxy saw since the last `reset`. */
export interface ProxyChildCounts {
  byStatus: Record<string, number>;
  upstreamCalls: number;
  upstreamByPath: Record<string, number>;
  rssBytes: number;
}

let running: RunningProxyServer | undefined;
let byStatus: Record<string, number> = {};
let upstreamCalls = 0;
let upstreamByPath: Record<string, number> = {};

async function start(config: ProxyChildConfig): Promise<ProxyChildInfo> {
  running = await startProxyServer({
    port: 0,
    upstream: {
      baseUrl: config.upstreamBaseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      fetch: (request) => {
        upstreamCalls += 1;
        const path = new URL(request.url).pathname
          .replace(/^\/2025-10-13/, '')
          .replace(/[A-Za-z]+:[0-9a-f-]{36}/g, '{id}');
        const key = `${request.method} ${path}`;
        upstreamByPath[key] = (upstreamByPath[key] ?? 0) + 1;
        return fetch(request);
      },
    },
    // The demo sign-in gives each simulated user its cookie (loopback emulator upstream); every
    // user signs up from 127.0.0.1, so the per-address sign-in budgets are off here.
    demoAuth: { allowSignInByEmailOnly: true },
    cookieSecret: randomBytes(32).toString('hex'),
    allowedOrigins: [config.origin],
    cookie: { secure: false },
    rateLimit: {
      requestsPerMinute: config.requestsPerMinute ?? 0,
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
  return { apiUrl: `${running.url}/api`, cookieName: 'wallet-auth-session' };
}

serveParent({
  start: (payload) => start(payload as ProxyChildConfig),
  snapshot: (): ProxyChildCounts => ({
    byStatus: { ...byStatus },
    upstreamCalls,
    upstreamByPath: { ...upstreamByPath },
    rssBytes: process.memoryUsage().rss,
  }),
  reset: () => {
    byStatus = {};
    upstreamCalls = 0;
    upstreamByPath = {};
    return true;
  },
  close: async () => {
    running?.server.closeAllConnections();
    await running?.close();
    return true;
  },
});
