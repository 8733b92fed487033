/**
 * Several proxy instances on Node's HTTP server (loopback, ephemeral ports) sharing one Redis,
 * in front of one in-process emulator (not shipped). Each instance has its own Redis connection,
 * as separate processes would. Users are bound with `createWalletBindings` over the shared
 * binding store; requests name their user in a test header (the app's own authentication).
 */
import type { Sandbox } from '@wallet-auth/sandbox';
import { createWalletBindings, type WalletBindings } from '../auth/wallet-bindings.js';
import { type RunningProxyServer, startProxyServer } from '../node.js';
import type { ProxyOptions } from '../options.js';
import { createRedisStores, type RedisStores } from '../redis/create-redis-stores.js';
import { CLIENT_ID, CLIENT_SECRET, COOKIE_SECRET, ORIGIN } from './proxy-harness.js';

/** The header the fleet's `resolveUser` reads (stands in for the app's session or token). */
export const FLEET_USER_HEADER = 'X-App-User';

export interface FleetInstance {
  running: RunningProxyServer;
  redis: RedisStores;
  bindings: WalletBindings;
  /** `http://127.0.0.1:<port>/api`. */
  apiUrl: string;
  alive: boolean;
}

export interface Fleet {
  instances: FleetInstance[];
  /** Closes instance `index` at once, dropping its open connections (a crashed process). */
  kill(index: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts `count` instances; `demo` turns on the e-mail-only demo sign-in instead of the header. */
export async function startFleet(options: {
  count: number;
  redisUrl: string;
  namespace: string;
  sandbox: Sandbox;
  demo?: boolean;
  proxy?: Partial<ProxyOptions>;
}): Promise<Fleet> {
  const upstream = {
    baseUrl: 'http://127.0.0.1/2025-10-13',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: (request: Request) => options.sandbox.fetch(request),
  };
  const instances: FleetInstance[] = [];
  for (let index = 0; index < options.count; index++) {
    const redis = await createRedisStores({ url: options.redisUrl, namespace: options.namespace });
    const bindings = createWalletBindings({ upstream, store: redis.stores.bindings });
    const running = await startProxyServer({
      port: 0,
      upstream,
      allowedOrigins: [ORIGIN],
      stores: redis.stores,
      logger: () => undefined,
      ...(options.demo === true
        ? {
            demoAuth: { allowSignInByEmailOnly: true },
            cookieSecret: COOKIE_SECRET,
            cookie: { secure: false },
          }
        : {
            resolveUser: bindings.resolveUser((request) => request.headers.get(FLEET_USER_HEADER)),
          }),
      ...options.proxy,
    });
    instances.push({ running, redis, bindings, apiUrl: `${running.url}/api`, alive: true });
  }
  async function kill(index: number): Promise<void> {
    const instance = instances[index]!;
    if (!instance.alive) {
      return;
    }
    instance.alive = false;
    const closed = instance.running.close();
    instance.running.server.closeAllConnections();
    await closed;
    await instance.redis.close();
  }
  return {
    instances,
    kill,
    async close() {
      for (let index = 0; index < instances.length; index++) {
        await kill(index);
      }
    },
  };
}
