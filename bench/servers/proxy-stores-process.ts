/**
 * Bench child for section 5: one proxy instance on Node's HTTP server in front of the emulator
 * process, with its state in memory or in a shared Redis (`createRedisStores`). The demo sign-in
 * gives the simulated users their cookies; the per-user limit is on with a budget no run reaches,
 * so every request still pays for its counter in the store.
 */
import {
  createNodeFetch,
  type RunningProxyServer,
  startProxyServer,
} from '@wallet-auth/proxy/node';
import { createRedisStores, type RedisStores } from '@wallet-auth/proxy/redis';
import { serveParent } from '../lib/child.js';
import { cpuMs } from '../lib/stats.js';

/** What the parent asks for in `start`. */
export interface StoresProxyConfig {
  upstreamBaseUrl: string;
  clientId: string;
  clientSecret: string;
  origin: string;
  /** The demo cookies' HMAC key, the same on every instance of a fleet. */
  cookieSecret: string;
  /** `redis://…` for shared stores; memory without. */
  redisUrl?: string;
  namespace?: string;
}

/** Answer of `start`. */
export interface StoresProxyInfo {
  apiUrl: string;
  cookieName: string;
}

let running: RunningProxyServer | undefined;
let redis: RedisStores | undefined;

async function start(config: StoresProxyConfig): Promise<StoresProxyInfo> {
  redis =
    config.redisUrl === undefined
      ? undefined
      : await createRedisStores({ url: config.redisUrl, namespace: config.namespace ?? 'bench' });
  running = await startProxyServer({
    port: 0,
    upstream: {
      baseUrl: config.upstreamBaseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      fetch: createNodeFetch(),
    },
    demoAuth: { allowSignInByEmailOnly: true },
    cookieSecret: config.cookieSecret,
    allowedOrigins: [config.origin],
    cookie: { secure: false },
    rateLimit: {
      requestsPerMinute: 10_000_000,
      signInPerMinute: 0,
      signInPerAddressPerMinute: 0,
      signInPerEmailPerMinute: 0,
    },
    ...(redis === undefined ? {} : { stores: redis.stores }),
    logger: () => undefined,
  });
  return { apiUrl: `${running.url}/api`, cookieName: 'wallet-auth-session' };
}

serveParent({
  start: (payload) => start(payload as StoresProxyConfig),
  snapshot: () => ({ rssBytes: process.memoryUsage().rss, cpuMs: cpuMs() }),
  close: async () => {
    running?.server.closeAllConnections();
    await running?.close();
    await redis?.close();
    return true;
  },
});
