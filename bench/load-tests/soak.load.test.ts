/**
 * LOAD-5 (reliability catalogue 3.2), nightly or manual: a soak of complete OTP sign-ins at about
 * 20 flows/s through proxy and emulator for 10 minutes (`LOAD5_MINUTES`). Per minute the emulator
 * reports its RSS, its active resources and the p99 of its event-loop delay
 * (`perf_hooks.monitorEventLoopDelay`): RSS must not trend up by 10 % or more, resources stay
 * stable, p99 < 50 ms; then the EMU-06 invariant check. Runs only with `LOAD_SOAK=1`
 * (`LOAD_SOAK=1 pnpm test:load soak`).
 */
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../load/driver-process.js';
import type { FlowRecord } from '../load/sim-user.js';
import type { LoopStats, MemoryAfterGc } from '../servers/emulator-process.js';
import { checkEmu06 } from './lib/invariant.js';
import { recordFigures } from './lib/report.js';
import { startLoadStack } from './lib/stack.js';

const MINUTES = Number(process.env.LOAD5_MINUTES ?? 10);
const FLOWS_PER_SECOND = 20;

describe('soak, nightly or manual', () => {
  it.runIf(process.env.LOAD_SOAK === '1')(
    `LOAD-5: given ${MINUTES} min of sign-ins at ${FLOWS_PER_SECOND} flows/s, should keep RSS flat (< 10 % trend), resources stable and event-loop p99 under 50 ms`,
    async () => {
      const stack = await startLoadStack({ emulator: {}, users: 8, runTag: 'load5' });
      try {
        const driver = stack.driver!;
        const baseline = await stack.emulator.request<MemoryAfterGc>('gc');
        await stack.emulator.request('loopStats');
        const records: FlowRecord[] = [];
        const minutes: (LoopStats & { flows: number })[] = [];
        let accountIds: string[] = [];
        for (let minute = 0; minute < MINUTES; minute++) {
          const started = performance.now();
          const result = await driver.request<RunResult>(
            'run',
            { durationMs: 60_000, maxFlows: FLOWS_PER_SECOND * 60, flowTimeoutMs: 30_000 },
            200_000,
          );
          records.push(...result.records);
          accountIds = result.accountIds;
          // Hold the rate: the rest of the minute is idle if the flows finished early.
          const rest = 60_000 - (performance.now() - started);
          if (rest > 0) {
            await new Promise((resolve) => setTimeout(resolve, rest));
          }
          const stats = await stack.emulator.request<LoopStats>('loopStats');
          minutes.push({ ...stats, flows: result.records.length });
        }
        const first = minutes[0]!;
        const last = minutes.at(-1)!;
        const rssTrend = (last.rssBytes - first.rssBytes) / first.rssBytes;
        const invariant = await checkEmu06({
          emulator: stack.emulator,
          flows: records,
          accountIds,
          baseline,
          memoryBoundMiB: 256,
        });
        recordFigures('LOAD-5', {
          minutes: MINUTES,
          flows: records.length,
          successes: records.filter((r) => r.ok).length,
          flowsPerMinute: minutes.map((m) => m.flows),
          rssMiBPerMinute: minutes.map((m) => Math.round(m.rssBytes / 2 ** 20)),
          rssTrendPercent: rssTrend * 100,
          activeResourcesPerMinute: minutes.map((m) => m.activeResources),
          eventLoopP99MsPerMinute: minutes.map((m) => Number(m.eventLoopDelayP99Ms.toFixed(1))),
          lost: invariant.lost.length,
          duplicated: invariant.duplicated.length,
          pendingAfterSweep: invariant.pendingAfterSweep,
          emulatorLiveGrowthMiB: invariant.liveGrowthMiB,
        });
        expect(rssTrend).toBeLessThan(0.1);
        expect(Math.max(...minutes.map((m) => m.activeResources))).toBeLessThanOrEqual(
          first.activeResources + 10,
        );
        for (const m of minutes) {
          expect(m.eventLoopDelayP99Ms).toBeLessThan(50);
        }
        expect(invariant).toMatchObject({
          ok: true,
          lost: [],
          duplicated: [],
          pendingAfterSweep: 0,
        });
      } finally {
        await stack.stop();
      }
    },
    (MINUTES + 5) * 60_000,
  );
});
