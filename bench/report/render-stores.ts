/** Renders section 5 (the proxy with its state in Redis). */
import { ms, table, verdict } from '../lib/markdown.js';
import type { StoresReport } from '../sections/proxy-stores.js';

/** The target of issue 18: Redis stores add at most 1.5 ms (median) over a direct call. */
export const REDIS_OVERHEAD_TARGET_MS = 1.5;

export function renderStores(report: StoresReport): string {
  return [
    '## 5. The proxy with shared state in Redis',
    '',
    `Measured ${report.measuredAt} (load average ${report.loadAverage.join(', ')} on the machine then: other work shares its cores, so compare the rows with each other rather than with section 4).`,
    '',
    'Interleaved sequential probe on loopback (one keep-alive socket per target): the same read straight to the emulator, through a proxy with memory stores and through a proxy with Redis stores (demo-session lookup, per-user sliding-window counter in Lua, every request). Then complete OTP sign-ins, users back to back, through one and through two proxy instances sharing one Redis (cookies work on either instance).',
    '',
    table(
      [
        'call',
        'direct p50',
        'memory p50',
        'Redis p50',
        'added (memory)',
        'added (Redis)',
        'non-2xx',
        'Redis ≤ 1.5 ms',
      ],
      report.overhead.map((row) => [
        row.call,
        `${ms(row.direct.median)} ms`,
        `${ms(row.memory.median)} ms`,
        `${ms(row.redis.median)} ms`,
        `${ms(row.memoryAddedMs)} ms`,
        `${ms(row.redisAddedMs)} ms`,
        String(row.non2xx),
        verdict(row.redisAddedMs <= REDIS_OVERHEAD_TARGET_MS),
      ]),
    ),
    '',
    table(
      ['proxy instances (Redis)', 'users', 'flows', 'failed', 'flows/s', 'p50', 'p99'],
      report.throughput.map((row) => [
        String(row.instances),
        String(row.users),
        String(row.flows),
        String(row.failed),
        row.flowsPerSecond.toFixed(1),
        row.flowMs === undefined ? '–' : `${ms(row.flowMs.median)} ms`,
        row.flowMs === undefined ? '–' : `${ms(row.flowMs.p99)} ms`,
      ]),
    ),
    '',
  ].join('\n');
}
