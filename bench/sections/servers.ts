/**
 * Section 4 end to end: a clean topology (proxy latency, then the LOAD-1 run) and a faulted one
 * (10 % of signed verifies answered PROCESSING once, 5 % of signed-leg connections reset, half
 * before and half after the commit), each started fresh and stopped afterwards.
 */
import type { SandboxFaultRule } from '@wallet-auth/sandbox';
import { type LoadResult, runLoad } from './load.js';
import { type LatencyPair, measureProxyLatency } from './proxy-latency.js';
import { startTopology } from './server-topology.js';

/** Everything section 4 measured. */
export interface ServersReport {
  latency: LatencyPair[];
  clean: LoadResult;
  /** Open-loop runs on the clean servers, one per offered rate (absent from older reports). */
  paced?: LoadResult[];
  faulted: LoadResult;
  faults: { processingRate: number; signedLegDropRate: number };
}

/** Sizes of the runs: `quick` for iteration and smoke tests, full for the report. */
export interface ServersSettings {
  users: number;
  loadMs: number;
  sequentialCount: number;
  autocannonSeconds: number;
  /** Unmeasured load before each measured run. */
  warmupMs: number;
  /** Offered rates (flows/s) of the open-loop runs after the clean closed-loop one. */
  pacedRates: number[];
}

/** The settings of `--quick` and of the full bench. */
export function serversSettings(quick: boolean): ServersSettings {
  return quick
    ? {
        users: 200,
        loadMs: 8000,
        sequentialCount: 300,
        autocannonSeconds: 2,
        warmupMs: 3000,
        pacedRates: [TARGET_RATE],
      }
    : {
        users: 200,
        loadMs: 60_000,
        sequentialCount: 2000,
        autocannonSeconds: 10,
        warmupMs: 10_000,
        pacedRates: [100, TARGET_RATE],
      };
}

/** The throughput target, flows/s (offered in the open-loop run). */
export const TARGET_RATE = 150;
const PROCESSING_RATE = 0.1;
const DROP_RATE = 0.05;
const FLOW_TIMEOUT_MS = 30_000;

/** Runs section 4; `log` receives progress lines. */
export async function benchServers(
  settings: ServersSettings,
  log: (line: string) => void,
): Promise<ServersReport> {
  log(`servers: clean topology, ${settings.users} users`);
  const clean = await startTopology({}, settings.users, 'clean');
  let latency: LatencyPair[];
  let cleanLoad: LoadResult;
  const paced: LoadResult[] = [];
  try {
    log('servers: proxy latency (sequential probe, autocannon c=1 and c=10)');
    latency = await measureProxyLatency(clean, {
      sequentialCount: settings.sequentialCount,
      autocannonSeconds: settings.autocannonSeconds,
      connections: [1, 10],
    });
    log(`servers: clean load, ${settings.loadMs / 1000} s`);
    const closed = await runLoad(
      clean,
      'clean',
      settings.users,
      {
        durationMs: settings.loadMs,
        maxFlows: 1_000_000,
        flowTimeoutMs: FLOW_TIMEOUT_MS,
      },
      settings.warmupMs,
    );
    cleanLoad = closed.result;
    let earlier = closed.records;
    for (const rate of settings.pacedRates) {
      log(`servers: open loop at ${rate} flows/s, ${settings.loadMs / 1000} s`);
      const open = await runLoad(
        clean,
        `paced ${rate}/s`,
        settings.users,
        {
          durationMs: settings.loadMs,
          maxFlows: 1_000_000,
          flowTimeoutMs: FLOW_TIMEOUT_MS,
          ratePerSecond: rate,
        },
        0,
        earlier,
      );
      paced.push(open.result);
      earlier = open.records;
    }
  } finally {
    await clean.stop();
  }

  const verify = 'POST /auth/credentials/{id}/verify';
  const rules: SandboxFaultRule[] = [
    { route: verify, rate: PROCESSING_RATE, kind: 'processing', times: 1 },
  ];
  log('servers: faulted topology');
  const faulted = await startTopology(
    { faultRules: rules, signedLegDropRate: DROP_RATE, seed: 20_251_013 },
    settings.users,
    'faults',
  );
  let faultedLoad: LoadResult;
  try {
    log(`servers: faulted load, ${settings.loadMs / 1000} s`);
    ({ result: faultedLoad } = await runLoad(
      faulted,
      'faults',
      settings.users,
      {
        durationMs: settings.loadMs,
        maxFlows: 1_000_000,
        flowTimeoutMs: FLOW_TIMEOUT_MS,
      },
      settings.warmupMs,
    ));
  } finally {
    await faulted.stop();
  }
  return {
    latency,
    clean: cleanLoad,
    paced,
    faulted: faultedLoad,
    faults: { processingRate: PROCESSING_RATE, signedLegDropRate: DROP_RATE },
  };
}
