/**
 * Section 4b: complete OTP sign-ins per second through proxy + emulator with N concurrent
 * simulated users, then the session invariant against the emulator's state (LOAD-1, LOAD-2).
 */

import { loadavg } from 'node:os';
import { type Summary, summarize } from '../lib/stats.js';
import type { RunRequest, RunResult } from '../load/driver-process.js';
import { checkSessionInvariant, type InvariantReport } from '../load/invariant.js';
import type { FlowRecord } from '../load/sim-user.js';
import type { EmulatorSnapshot } from '../servers/emulator-process.js';
import type { ProxyCounts } from '../servers/proxy-process.js';
import type { Topology } from './server-topology.js';

/** Figures of one load run. */
export interface LoadResult {
  label: string;
  users: number;
  /** Open-loop runs: the offered rate (flows started per second, whatever the servers do). */
  offeredPerSecond?: number;
  /** Open-loop runs: flows that found every user busy, and the longest such wait. */
  queued?: { flows: number; maxWaitMs: number };
  /** Flows of the warm-up loop (not in the figures, but in the invariant). */
  warmupFlows: number;
  windowMs: number;
  drainedMs: number;
  flows: number;
  successes: number;
  failuresByCode: Record<string, number>;
  flowsPerSecond: number;
  /** Durations of successful flows. */
  latencyMs: Summary | undefined;
  roundTripsPerSuccess: Summary | undefined;
  proxyStatuses: Record<string, number>;
  proxy5xx: number;
  upstreamCalls: number;
  emulatorDrops: EmulatorSnapshot['drops'];
  /** Signed legs sent again (after PROCESSING or a dropped connection). */
  signedResends: number;
  invariant: InvariantReport;
  rssMiB: { emulator: number; proxy: number };
  /** CPU ms per completed flow (successes and failures) in each process. */
  cpuMsPerFlow: { driver: number; proxy: number; emulator: number };
  /** Cores the three bench processes used on average during the measured loop. */
  benchCores: number;
  /** 1-minute load average of the machine before and after the measured loop (other work shows here). */
  loadAverage: { before: number; after: number };
}

/** A load run's figures and its flows (for the invariant of a later run on the same servers). */
export interface LoadOutcome {
  result: LoadResult;
  records: FlowRecord[];
}

/**
 * Runs a bounded warm-up loop (JIT, connection pools; not counted; none when `warmupMs` is 0),
 * then the measured loop on `topology`, and checks the invariant over both and `earlier` (the
 * flows of runs before them on the same emulator).
 */
export async function runLoad(
  topology: Topology,
  label: string,
  users: number,
  run: RunRequest,
  warmupMs: number,
  earlier: readonly FlowRecord[] = [],
): Promise<LoadOutcome> {
  const warmup =
    warmupMs === 0
      ? { records: [] }
      : await topology.driver.request<RunResult>(
          'run',
          { ...run, ratePerSecond: undefined, durationMs: warmupMs },
          warmupMs + run.flowTimeoutMs + 120_000,
        );
  await topology.proxy.request('reset');
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const emulatorBefore = await topology.emulator.request<EmulatorSnapshot>('snapshot');
  const proxyBefore = await topology.proxy.request<ProxyCounts>('snapshot');
  const result = await topology.driver.request<RunResult>(
    'run',
    run,
    run.durationMs + run.flowTimeoutMs + 120_000,
  );
  const loadAfter = loadavg()[0] ?? Number.NaN;
  const emulator = await topology.emulator.request<EmulatorSnapshot>('snapshot');
  const proxy = await topology.proxy.request<ProxyCounts>('snapshot');
  const accounts = new Set(result.accountIds);
  const sessions = emulator.sessions.filter(
    (session) => accounts.has(session.accountId) && session.type === 'EMAIL_OTP',
  );
  const invariant = checkSessionInvariant(
    [...earlier, ...warmup.records, ...result.records],
    sessions,
  );
  const successes = result.records.filter((record) => record.ok);
  const failuresByCode: Record<string, number> = {};
  for (const record of result.records) {
    if (!record.ok) {
      const code = record.errorCode ?? 'UNKNOWN';
      failuresByCode[code] = (failuresByCode[code] ?? 0) + 1;
    }
  }
  const proxy5xx = Object.entries(proxy.byStatus)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  const signedResends = result.records.reduce(
    (sum, record) => sum + Math.max(0, record.signedSends - 1),
    0,
  );
  const waits = result.records.flatMap((record) =>
    record.waitedMs === undefined ? [] : [record.waitedMs],
  );
  const figures: LoadResult = {
    label,
    users,
    ...(run.ratePerSecond === undefined
      ? {}
      : {
          offeredPerSecond: run.ratePerSecond,
          queued: { flows: waits.length, maxWaitMs: Math.max(0, ...waits) },
        }),
    warmupFlows: warmup.records.length,
    windowMs: result.windowMs,
    drainedMs: result.drainedMs,
    flows: result.records.length,
    successes: successes.length,
    failuresByCode,
    flowsPerSecond: successes.length / (result.drainedMs / 1000),
    latencyMs: successes.length === 0 ? undefined : summarize(successes.map((r) => r.durationMs)),
    roundTripsPerSuccess:
      successes.length === 0 ? undefined : summarize(successes.map((r) => r.roundTrips)),
    proxyStatuses: proxy.byStatus,
    proxy5xx,
    upstreamCalls: proxy.upstreamCalls,
    emulatorDrops: emulator.drops,
    signedResends,
    invariant,
    rssMiB: {
      emulator: emulator.rssBytes / 2 ** 20,
      proxy: proxy.rssBytes / 2 ** 20,
    },
    benchCores:
      (result.cpuMs + proxy.cpuMs - proxyBefore.cpuMs + emulator.cpuMs - emulatorBefore.cpuMs) /
      result.drainedMs,
    loadAverage: { before: loadBefore, after: loadAfter },
    cpuMsPerFlow: {
      driver: result.cpuMs / result.records.length,
      proxy: (proxy.cpuMs - proxyBefore.cpuMs) / result.records.length,
      emulator: (emulator.cpuMs - emulatorBefore.cpuMs) / result.records.length,
    },
  };
  return { result: figures, records: [...earlier, ...warmup.records, ...result.records] };
}
