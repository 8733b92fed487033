/**
 * Bench and load child: the sandbox emulator on an ephemeral 127.0.0.1 port (as `pnpm sandbox`
 * serves it, drops becoming real socket resets), rate limits off for load unless asked, the fault
 * knobs of catalogue EMU-05 (sandbox `faults`, plus resets of the signed OTP leg before or after
 * its commit), and what the EMU-06 invariant check needs: its sessions, the pending signed-retry
 * records, a TTL sweep after moving its clock, CPU time, and (with `monitor`) RSS and event-loop
 * samples.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import {
  createSandbox,
  type Sandbox,
  SandboxConnectionDropped,
  type SandboxFaultRule,
  type SandboxRateLimits,
} from '@wallet-auth/sandbox';
import { nodeSandboxCrypto } from '@wallet-auth/sandbox/node';
import { serveParent } from '../lib/child.js';
import { cpuMs, seededRandom } from '../lib/stats.js';

/** What the parent asks for in `start`. */
export interface EmulatorConfig {
  /** Sandbox `faults` rules (docs/protocol.md §14), e.g. PROCESSING on a share of signed verifies. */
  faultRules?: SandboxFaultRule[];
  /** Resets this share of signed OTP verify legs, half before and half after commit. */
  signedLegDropRate?: number;
  /** Share of signed OTP verify legs reset before they reach the handler (a reset between legs). */
  dropBeforeCommitRate?: number;
  /** Share of signed OTP verify legs reset after the handler committed (the answer is lost). */
  dropAfterCommitRate?: number;
  /** @defaultValue 9 */
  seed?: number;
  /** @defaultValue off (0) for load; the LOAD-4 flood keeps the emulator's own limits. */
  rateLimits?: Partial<SandboxRateLimits>;
  /** Samples RSS every 100 ms and the event-loop delay (load runs; off for the bench's timings). */
  monitor?: boolean;
}

/** Answer of `start`. */
export interface EmulatorInfo {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  enclavePublicKey: string;
}

/** One server-side session as the invariant check needs it. */
export interface EmulatorSession {
  id: string;
  accountId: string;
  credentialId: string;
  type: string;
  publicKey: string;
  revoked: boolean;
}

/** Memory right after a full GC: RSS, and what is still live (V8 heap used + external). */
export interface MemoryAfterGc {
  rssBytes: number;
  liveBytes: number;
}

/** Answer of `loopStats`: the event loop and resources since the last call (LOAD-5). */
export interface LoopStats {
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** `process.getActiveResourcesInfo().length`: sockets, timers, handles in use. */
  activeResources: number;
  rssBytes: number;
}

/** Answer of `snapshot`. */
export interface EmulatorSnapshot {
  sessions: EmulatorSession[];
  credentialIds: string[];
  pendingRequests: number;
  drops: { beforeCommit: number; afterCommit: number };
  rssBytes: number;
  /** Highest RSS sampled (every 100 ms) since `start` or the last `resetPeak`. */
  peakRssBytes: number;
  heapUsedBytes: number;
  /** User + system CPU time of this process since it started, in ms. */
  cpuMs: number;
}

const SIGNED_VERIFY = /^\/2025-10-13\/auth\/credentials\/[^/]+\/verify$/;

let sandbox: Sandbox | undefined;
let server: Server | undefined;
let offsetMs = 0;
let peakRss = 0;
const drops = { beforeCommit: 0, afterCommit: 0 };
const loop = monitorEventLoopDelay({ resolution: 10 });

function start(config: EmulatorConfig): Promise<EmulatorInfo> {
  const seed = config.seed ?? 9;
  if (config.monitor === true) {
    loop.enable();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    sampler.unref();
  }
  const box = createSandbox({
    crypto: nodeSandboxCrypto,
    clock: () => Date.now() + offsetMs,
    rateLimits: config.rateLimits ?? { challengesPerWindow: 0, verifyFailuresBeforeLock: 0 },
    ...(config.faultRules === undefined ? {} : { faults: { seed, rules: config.faultRules } }),
  });
  sandbox = box;
  const random = seededRandom(seed + 1);
  const half = (config.signedLegDropRate ?? 0) / 2;
  const before = config.dropBeforeCommitRate ?? half;
  const after = config.dropAfterCommitRate ?? half;

  const handle = async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    if (
      before + after > 0 &&
      request.method === 'POST' &&
      request.headers.has('Request-Id') &&
      SIGNED_VERIFY.test(new URL(request.url).pathname)
    ) {
      const draw = random();
      if (draw < before) {
        drops.beforeCommit += 1;
        env.incoming.socket.destroy();
        throw new SandboxConnectionDropped(false);
      }
      if (draw < before + after) {
        const response = await box.fetch(request);
        await response.arrayBuffer();
        drops.afterCommit += 1;
        env.incoming.socket.destroy();
        throw new SandboxConnectionDropped(true);
      }
    }
    try {
      return await box.fetch(request);
    } catch (error) {
      // A `faults` drop rule (docs/protocol.md §14) becomes a real socket reset, as in the CLI.
      if (error instanceof SandboxConnectionDropped) {
        env.incoming.socket.destroy();
      }
      throw error;
    }
  };

  peakRss = process.memoryUsage().rss;
  return new Promise((resolve, reject) => {
    const running = serve(
      { fetch: handle, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => {
        resolve({
          baseUrl: `http://127.0.0.1:${info.port}/2025-10-13`,
          clientId: box.options.clientId,
          clientSecret: box.options.clientSecret,
          enclavePublicKey: box.enclavePublicKey,
        });
      },
    ) as Server;
    running.keepAliveTimeout = 30_000;
    running.once('error', reject);
    server = running;
  });
}

function required(): Sandbox {
  if (sandbox === undefined) {
    throw new Error('not started');
  }
  return sandbox;
}

function snapshot(): EmulatorSnapshot {
  const box = required();
  const memory = process.memoryUsage();
  return {
    sessions: [...box.state.sessions.values()].map((session) => ({
      id: session.id,
      accountId: session.accountId,
      credentialId: session.credentialId,
      type: session.type,
      publicKey: session.publicKey,
      revoked: session.revoked,
    })),
    credentialIds: [...box.state.credentials.keys()],
    pendingRequests: box.pendingRequestCount(),
    drops: { ...drops },
    rssBytes: memory.rss,
    peakRssBytes: Math.max(peakRss, memory.rss),
    heapUsedBytes: memory.heapUsed,
    cpuMs: cpuMs(),
  };
}

/**
 * Moves the emulator's clock forward by `ms`, sends one request (any traffic runs the TTL
 * sweep, docs/protocol.md §11.3) and reports what is still remembered.
 */
async function advanceAndSweep(ms: number): Promise<{ pendingRequests: number }> {
  const box = required();
  offsetMs += ms;
  const auth = `Basic ${btoa(`${box.options.clientId}:${box.options.clientSecret}`)}`;
  await box.fetch(
    new Request('http://127.0.0.1/2025-10-13/customers/internal-accounts?limit=1', {
      headers: { Authorization: auth },
    }),
  );
  return { pendingRequests: box.pendingRequestCount() };
}

serveParent({
  start: (payload) => start(payload as EmulatorConfig),
  snapshot,
  resetPeak: () => {
    peakRss = process.memoryUsage().rss;
    return peakRss;
  },
  gc: (): MemoryAfterGc => {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    return { rssBytes: memory.rss, liveBytes: memory.heapUsed + memory.external };
  },
  advanceAndSweep: (payload) => advanceAndSweep(Number(payload)),
  loopStats: (): LoopStats => {
    const stats = {
      eventLoopDelayP99Ms: loop.percentile(99) / 1e6,
      eventLoopDelayMaxMs: loop.max / 1e6,
      activeResources: process.getActiveResourcesInfo().length,
      rssBytes: process.memoryUsage().rss,
    };
    loop.reset();
    return stats;
  },
  close: () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server?.close(() => resolve());
    }),
});
