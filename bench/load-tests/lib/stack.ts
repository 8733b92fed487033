/**
 * The processes of a load run on loopback: the emulator child, the proxy child in front of it and
 * (for the flow runs) the bench's load driver with its simulated users — the real kit in Node, one
 * demo cookie each. Started together, stopped together, by process id.
 */

import { type BenchChild, startChild } from '../../lib/child.js';
import type { PrepareRequest } from '../../load/driver-process.js';
import type { ProxyTarget } from '../../load/sim-user.js';
import type { EmulatorConfig, EmulatorInfo } from '../../servers/emulator-process.js';
import type { ProxyChildInfo } from '../../servers/proxy-child.js';

/** The browser origin the driver claims; the proxy allows exactly this one. */
export const LOAD_ORIGIN = 'http://localhost:5173';

/** A running emulator + proxy (+ driver). */
export interface LoadStack {
  emulator: BenchChild;
  proxy: BenchChild;
  driver: BenchChild | undefined;
  emulatorInfo: EmulatorInfo;
  proxyInfo: ProxyChildInfo;
  target: ProxyTarget;
  stop(): Promise<void>;
}

/** Options of {@link startLoadStack}. */
export interface LoadStackOptions {
  emulator: EmulatorConfig;
  /** Proxy per-user budget per minute; 0 disables. @defaultValue 0 */
  requestsPerMinute?: number;
  /** Simulated users to sign up through the proxy; 0 starts no driver. */
  users: number;
  runTag: string;
}

// Children of `bench/lib/child.ts` are named relative to `bench/`.
const EMULATOR = 'servers/emulator-process.ts';
const PROXY = 'servers/proxy-child.ts';
const DRIVER = 'load/driver-process.ts';

/** Starts the processes (the emulator with `--expose-gc` for memory figures, young generation capped). */
export async function startLoadStack(options: LoadStackOptions): Promise<LoadStack> {
  const started: BenchChild[] = [];
  const stop = async () => {
    await Promise.all(started.map((child) => child.stop()));
  };
  const previous = process.env.NODE_OPTIONS;
  try {
    // A 1 MiB semi-space caps V8's young generation, which otherwise grows to 3 × 16 MiB under a
    // flood's allocation rate and keeps those pages: LOAD-4's RSS growth was mostly that (live
    // memory grew ~6 MiB). Scavenges get more frequent; their cost follows survivors, not size.
    process.env.NODE_OPTIONS = [previous, '--expose-gc', '--max-semi-space-size=1']
      .filter(Boolean)
      .join(' ');
    const emulator = await startChild(EMULATOR);
    process.env.NODE_OPTIONS = previous;
    if (previous === undefined) {
      delete process.env.NODE_OPTIONS;
    }
    started.push(emulator);
    // The load runs' seed and samplers (the bench's own runs keep their seed, without samplers).
    const emulatorInfo = await emulator.request<EmulatorInfo>('start', {
      seed: 7,
      monitor: true,
      ...options.emulator,
    } satisfies EmulatorConfig);
    const proxy = await startChild(PROXY);
    started.push(proxy);
    const proxyInfo = await proxy.request<ProxyChildInfo>('start', {
      upstreamBaseUrl: emulatorInfo.baseUrl,
      clientId: emulatorInfo.clientId,
      clientSecret: emulatorInfo.clientSecret,
      origin: LOAD_ORIGIN,
      requestsPerMinute: options.requestsPerMinute ?? 0,
    });
    const target: ProxyTarget = {
      apiUrl: proxyInfo.apiUrl,
      origin: LOAD_ORIGIN,
      cookieName: proxyInfo.cookieName,
      enclavePublicKey: emulatorInfo.enclavePublicKey,
    };
    let driver: BenchChild | undefined;
    if (options.users > 0) {
      driver = await startChild(DRIVER);
      started.push(driver);
      await driver.request(
        'prepare',
        { target, users: options.users, runTag: options.runTag } satisfies PrepareRequest,
        300_000,
      );
    }
    return { emulator, proxy, driver, emulatorInfo, proxyInfo, target, stop };
  } catch (error) {
    if (previous === undefined) {
      delete process.env.NODE_OPTIONS;
    } else {
      process.env.NODE_OPTIONS = previous;
    }
    await stop();
    throw error;
  }
}
