/**
 * The three bench processes of section 4 on loopback: emulator, proxy in front of it, and the
 * load driver with its simulated users. Started together, stopped together.
 */
import { type BenchChild, startChild } from '../lib/child.js';
import type { PrepareRequest } from '../load/driver-process.js';
import type { ProxyTarget } from '../load/sim-user.js';
import type { EmulatorConfig, EmulatorInfo } from '../servers/emulator-process.js';
import type { ProxyInfo } from '../servers/proxy-process.js';

/** The browser origin the driver claims; the proxy allows exactly this one. */
export const BENCH_ORIGIN = 'http://localhost:5173';

/** A running emulator + proxy + driver. */
export interface Topology {
  emulator: BenchChild;
  proxy: BenchChild;
  driver: BenchChild;
  emulatorInfo: EmulatorInfo;
  proxyInfo: ProxyInfo;
  target: ProxyTarget;
  stop(): Promise<void>;
}

/** Starts the processes and signs `users` simulated users up through the proxy. */
export async function startTopology(
  config: EmulatorConfig,
  users: number,
  runTag: string,
): Promise<Topology> {
  const started: BenchChild[] = [];
  const stop = async () => {
    await Promise.all(started.map((child) => child.stop()));
  };
  try {
    const emulator = await startChild('servers/emulator-process.ts');
    started.push(emulator);
    const emulatorInfo = await emulator.request<EmulatorInfo>('start', config);
    const proxy = await startChild('servers/proxy-process.ts');
    started.push(proxy);
    const proxyInfo = await proxy.request<ProxyInfo>('start', {
      upstreamBaseUrl: emulatorInfo.baseUrl,
      clientId: emulatorInfo.clientId,
      clientSecret: emulatorInfo.clientSecret,
      origin: BENCH_ORIGIN,
    });
    const driver = await startChild('load/driver-process.ts');
    started.push(driver);
    const target: ProxyTarget = {
      apiUrl: proxyInfo.apiUrl,
      origin: BENCH_ORIGIN,
      cookieName: proxyInfo.cookieName,
      enclavePublicKey: emulatorInfo.enclavePublicKey,
    };
    await driver.request('prepare', { target, users, runTag } satisfies PrepareRequest, 300_000);
    return { emulator, proxy, driver, emulatorInfo, proxyInfo, target, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
