/**
 * Bench child: the sandbox emulator on an ephemeral 127.0.0.1 port (as `pnpm sandbox` serves it,
 * drops becoming real socket resets), rate limits off for load, optional seeded faults, and a
 * `snapshot` request exposing its sessions for the invariant check (catalogue EMU-06).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import {
  createSandbox,
  type Sandbox,
  SandboxConnectionDropped,
  type SandboxFaultRule,
} from '@wallet-auth/sandbox';
import { nodeSandboxCrypto } from '@wallet-auth/sandbox/node';
import { serveParent } from '../lib/child.js';
import { cpuMs, seededRandom } from '../lib/stats.js';

/** What the parent asks for in `start`. */
export interface EmulatorConfig {
  /** Sandbox fault rules (wire-format §14), e.g. PROCESSING on a share of signed verifies. */
  faultRules?: SandboxFaultRule[];
  /** Resets this share of signed OTP verify legs (the retry after the 202), half before and half after commit. */
  signedLegDropRate?: number;
  seed?: number;
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
  type: string;
  publicKey: string;
  revoked: boolean;
}

/** Answer of `snapshot`. */
export interface EmulatorSnapshot {
  sessions: EmulatorSession[];
  pendingRequests: number;
  drops: { beforeCommit: number; afterCommit: number };
  rssBytes: number;
  /** User + system CPU time of this process since it started, in ms. */
  cpuMs: number;
}

const SIGNED_VERIFY = /^\/2025-10-13\/auth\/credentials\/[^/]+\/verify$/;

let sandbox: Sandbox | undefined;
let server: Server | undefined;
const drops = { beforeCommit: 0, afterCommit: 0 };

function start(config: EmulatorConfig): Promise<EmulatorInfo> {
  const seed = config.seed ?? 9;
  const box = createSandbox({
    crypto: nodeSandboxCrypto,
    rateLimits: { challengesPerWindow: 0, verifyFailuresBeforeLock: 0 },
    ...(config.faultRules === undefined ? {} : { faults: { seed, rules: config.faultRules } }),
  });
  sandbox = box;
  const random = seededRandom(seed + 1);
  const dropRate = config.signedLegDropRate ?? 0;

  const handle = async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    if (
      dropRate > 0 &&
      request.method === 'POST' &&
      request.headers.has('Request-Id') &&
      SIGNED_VERIFY.test(new URL(request.url).pathname)
    ) {
      const draw = random();
      if (draw < dropRate / 2) {
        drops.beforeCommit += 1;
        env.incoming.socket.destroy();
        throw new SandboxConnectionDropped(false);
      }
      if (draw < dropRate) {
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
      // A `faults` drop rule (wire-format §14) becomes a real socket reset, as in the CLI.
      if (error instanceof SandboxConnectionDropped) {
        env.incoming.socket.destroy();
      }
      throw error;
    }
  };

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

function snapshot(): EmulatorSnapshot {
  if (sandbox === undefined) {
    throw new Error('not started');
  }
  return {
    sessions: [...sandbox.state.sessions.values()].map((session) => ({
      id: session.id,
      accountId: session.accountId,
      type: session.type,
      publicKey: session.publicKey,
      revoked: session.revoked,
    })),
    pendingRequests: sandbox.pendingRequestCount(),
    drops: { ...drops },
    rssBytes: process.memoryUsage().rss,
    cpuMs: cpuMs(),
  };
}

serveParent({
  start: (payload) => start(payload as EmulatorConfig),
  snapshot,
  close: () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server?.close(() => resolve());
    }),
});
