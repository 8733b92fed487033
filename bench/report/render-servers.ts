/** Section 4 of `bench/REPORT.md`: proxy latency and OTP sign-in load on loopback. */
import { ms, table, verdict } from '../lib/markdown.js';
import type { LoadResult } from '../sections/load.js';
import { type ServersReport, TARGET_RATE } from '../sections/servers.js';

/** The headline figures of section 4 (for the targets table). */
export interface ServerHeadlines {
  overheadMedianMs: number;
  cleanFlowsPerSecond: number;
  cleanP99Ms: number;
  /** The open-loop run at the target rate, when the report has one. */
  atTarget: { achievedPerSecond: number; p99Ms: number } | undefined;
  lostOrDuplicated: number;
}

/** An open-loop run keeps up when it completes what was offered (within 2 %, the drain included). */
export function keptUp(r: LoadResult): boolean {
  return r.offeredPerSecond !== undefined && r.flowsPerSecond >= r.offeredPerSecond * 0.98;
}

/** Extracts the headline figures: the added median of the sequential GET probe, and the clean run. */
export function serverHeadlines(report: ServersReport): ServerHeadlines {
  const read = report.latency[0];
  const atTarget = report.paced?.find((r) => r.offeredPerSecond === TARGET_RATE);
  const bad = (r: LoadResult) =>
    r.invariant.lost.length + r.invariant.duplicated.length + r.invariant.mismatched.length;
  return {
    overheadMedianMs:
      read === undefined
        ? Number.NaN
        : read.proxied.sequential.latencyMs.median - read.direct.sequential.latencyMs.median,
    cleanFlowsPerSecond: report.clean.flowsPerSecond,
    cleanP99Ms: report.clean.latencyMs?.p99 ?? Number.NaN,
    atTarget:
      atTarget === undefined
        ? undefined
        : {
            achievedPerSecond: atTarget.flowsPerSecond,
            p99Ms: atTarget.latencyMs?.p99 ?? Number.NaN,
          },
    lostOrDuplicated: [report.clean, ...(report.paced ?? []), report.faulted].reduce(
      (sum, r) => sum + bad(r),
      0,
    ),
  };
}

/** Flows/s the measured CPU cost allows on 2 dedicated cores (driver, proxy and emulator together). */
function ceiling(r: LoadResult): number {
  const perFlow = r.cpuMsPerFlow.driver + r.cpuMsPerFlow.proxy + r.cpuMsPerFlow.emulator;
  return 2000 / perFlow;
}

/** The same for the servers alone (proxy and emulator), as if the users' devices were elsewhere. */
function serversCeiling(r: LoadResult): number {
  return 2000 / (r.cpuMsPerFlow.proxy + r.cpuMsPerFlow.emulator);
}

function loadRow(r: LoadResult): (string | number)[] {
  const failures = Object.entries(r.failuresByCode)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  const inv = r.invariant;
  return [
    r.label,
    r.users,
    (r.drainedMs / 1000).toFixed(1),
    r.flows,
    r.successes,
    r.flowsPerSecond.toFixed(1),
    r.latencyMs === undefined ? 'n/a' : ms(r.latencyMs.median),
    r.latencyMs === undefined ? 'n/a' : ms(r.latencyMs.p99),
    r.proxy5xx,
    failures === '' ? '0' : failures,
    `${inv.serverSessions} = ${inv.successes} + ${inv.reconciled}`,
    `${inv.lost.length} / ${inv.duplicated.length} / ${inv.mismatched.length}`,
  ];
}

function pacedRow(r: LoadResult): (string | number)[] {
  const inv = r.invariant;
  const failed = r.flows - r.successes;
  return [
    r.label,
    r.offeredPerSecond ?? 'n/a',
    r.flowsPerSecond.toFixed(1),
    r.flows,
    r.latencyMs === undefined ? 'n/a' : ms(r.latencyMs.median),
    r.latencyMs === undefined ? 'n/a' : ms(r.latencyMs.p99),
    r.queued === undefined ? 'n/a' : `${r.queued.flows} (max ${ms(r.queued.maxWaitMs)} ms)`,
    `${r.cpuMsPerFlow.driver.toFixed(1)} / ${r.cpuMsPerFlow.proxy.toFixed(1)} / ${r.cpuMsPerFlow.emulator.toFixed(1)}`,
    r.benchCores.toFixed(2),
    failed,
    `${inv.lost.length} / ${inv.duplicated.length} / ${inv.mismatched.length}`,
  ];
}

function costRow(r: LoadResult): (string | number)[] {
  return [
    r.label,
    `${r.cpuMsPerFlow.driver.toFixed(1)} / ${r.cpuMsPerFlow.proxy.toFixed(1)} / ${r.cpuMsPerFlow.emulator.toFixed(1)}`,
    r.benchCores.toFixed(2),
    `${r.loadAverage.before.toFixed(1)} → ${r.loadAverage.after.toFixed(1)}`,
    ceiling(r).toFixed(0),
    serversCeiling(r).toFixed(0),
  ];
}

function pacedVerdict(h: ServerHeadlines): string {
  if (h.atTarget === undefined) {
    return 'no open-loop run in this report';
  }
  const { achievedPerSecond, p99Ms } = h.atTarget;
  const met = achievedPerSecond >= TARGET_RATE * 0.98 && p99Ms <= 1000;
  return `${ms(p99Ms)} ms at ${TARGET_RATE} flows/s offered (${achievedPerSecond.toFixed(1)} completed), ${verdict(met)}`;
}

/** The open-loop table: users arrive on a schedule, as real ones do, whatever the servers' speed. */
function pacedSection(report: ServersReport): string[] {
  const paced = report.paced ?? [];
  if (paced.length === 0) {
    return [];
  }
  return [
    `Open loop, on the clean servers after the run above: flows start on a fixed schedule at the offered rate, each on a free user of the same ${report.clean.users}; a flow that finds every user busy waits for one. A flow's time counts from its scheduled start, so a late start is charged to the servers (no coordinated omission). This is the target's reading: the throughput the servers sustain while p99 stays ≤ 1 s. A run "keeps up" when it completes within 2 % of what was offered.`,
    '',
    table(
      [
        'run',
        'offered flows/s',
        'completed flows/s',
        'flows',
        'p50 ms',
        'p99 ms',
        'waited for a free user',
        'CPU ms per flow: driver / proxy / emulator',
        'cores used',
        'failed flows',
        'lost / dup / key mismatch',
      ],
      paced.map(pacedRow),
      [1, 2, 3, 4, 5, 8, 9],
    ),
    '',
    paced
      .map(
        (r) =>
          `${r.label}: ${keptUp(r) ? 'kept up' : 'did not keep up (it completed fewer flows per second than were offered, so its wait grew through the run)'}.`,
      )
      .join(' '),
    '',
  ];
}

/** Renders section 4. */
export function renderServers(report: ServersReport): string {
  const latencyRows: (string | number)[][] = [];
  for (const pair of report.latency) {
    const d = pair.direct.sequential.latencyMs;
    const p = pair.proxied.sequential.latencyMs;
    latencyRows.push([
      pair.call,
      'sequential, interleaved with the other sides, 1 socket each (µs timer)',
      `${ms(d.median)} / ${ms(d.p99)}`,
      `${ms(p.median)} / ${ms(p.p99)}`,
      `${ms(p.median - d.median)} / ${ms(p.p99 - d.p99)}`,
      '–',
    ]);
    pair.direct.autocannon.forEach((direct, index) => {
      const proxied = pair.proxied.autocannon[index];
      if (proxied === undefined) {
        return;
      }
      latencyRows.push([
        pair.call,
        `autocannon c=${direct.connections}, ${direct.durationSeconds} s (1 ms buckets)`,
        `${direct.latencyMs.p50} / ${direct.latencyMs.p99}`,
        `${proxied.latencyMs.p50} / ${proxied.latencyMs.p99}`,
        `${proxied.latencyMs.p50 - direct.latencyMs.p50} / ${proxied.latencyMs.p99 - direct.latencyMs.p99}`,
        `${direct.requestsPerSecond.toFixed(0)} → ${proxied.requestsPerSecond.toFixed(0)}`,
      ]);
    });
  }
  // The floor: what a forwarder doing nothing else adds, from the same interleaved rounds.
  const floorRows = report.latency.map((pair) => {
    const d = pair.direct.sequential.latencyMs.median;
    const b = pair.bare.sequential.latencyMs.median;
    const p = pair.proxied.sequential.latencyMs.median;
    return [pair.call, ms(d), ms(b), ms(b - d), ms(p - d), ms(p - b)];
  });
  const read = report.latency[0];
  const h = serverHeadlines(report);
  const floorText =
    read === undefined
      ? ''
      : ` Of the read's ${ms(h.overheadMedianMs)} ms, ${ms(read.bare.sequential.latencyMs.median - read.direct.sequential.latencyMs.median)} ms is what any second loopback hop costs on this machine (a bare \`node:http\` forwarder in the proxy's process: platform credentials added, status, \`Content-Type\` and body passed back, nothing else); the proxy's own work (Hono, cookie, allowlist, ownership, headers, logging) is the rest.`;
  const { clean, faulted } = report;
  return [
    '## 4. Servers on loopback',
    '',
    'Three processes on 127.0.0.1: the emulator (`createSandbox`, rate limits off, on `@hono/node-server` like `pnpm sandbox`), the proxy (`startProxyServer`, its structured logger on, per-user limit off) calling the emulator over HTTP, and the driver (autocannon, or the simulated users: the real kit in Node with a memory key store and a demo cookie each).',
    '',
    '### Proxy overhead (median / p99, ms)',
    '',
    table(
      [
        'call',
        'probe',
        'emulator direct',
        'through the proxy',
        'added by the proxy',
        'req/s direct → proxied',
      ],
      latencyRows,
    ),
    '',
    'The floor (medians, ms; the same sequential rounds, which interleave all three):',
    '',
    table(
      [
        'call',
        'emulator direct',
        'through a bare forwarder',
        'added by a bare forwarder (floor)',
        'added by the proxy',
        'the proxy over the floor',
      ],
      floorRows,
    ),
    '',
    `Target ≤ 1 ms added median (sequential read probe): ${ms(h.overheadMedianMs)} ms — ${verdict(h.overheadMedianMs <= 1)}.${floorText} Direct calls carry the platform's Basic credentials; proxied ones a user's cookie (HMAC check, route allowlist, ownership check cached 5 s, forwarding over a second HTTP hop, logging). The sequential probe alternates a direct, a proxied and a bare-forwarded request, so the medians come from the same seconds of the machine; autocannon runs direct, then proxied. p99 differences are not stable run to run (a negative one means the direct side met more interference from other work on the machine than the proxied one).`,
    '',
    '### Complete OTP sign-ins (challenge → verify 202 → signed retry → session)',
    '',
    `Each simulated user runs sign-ins back to back for ${(clean.windowMs / 1000).toFixed(0)} s (flows started in the window finish; per-flow limit 30 s), after an unmeasured warm-up (${clean.warmupFlows} and ${faulted.warmupFlows} flows, whose sessions are in the invariant too). "faults": ${(report.faults.processingRate * 100).toFixed(0)} % of accepted signed verifies answered PROCESSING once (sandbox \`faults\`), and ${(report.faults.signedLegDropRate * 100).toFixed(0)} % of signed-leg connections reset by the emulator between the legs (${faulted.emulatorDrops.beforeCommit} before, ${faulted.emulatorDrops.afterCommit} after the commit). After an ambiguous failure the driver lists the account's sessions, as an app would (docs/protocol.md §11.3).`,
    '',
    table(
      [
        'run',
        'users',
        'wall s',
        'flows',
        'sessions',
        'flows/s',
        'p50 ms',
        'p99 ms',
        'proxy 5xx',
        'failed flows',
        'server = successes + reconciled',
        'lost / dup / key mismatch',
      ],
      [loadRow(clean), loadRow(faulted)],
      [1, 2, 3, 4, 5, 6, 7, 8],
    ),
    '',
    table(
      [
        'run',
        'CPU ms per flow: driver / proxy / emulator',
        'cores used by the bench',
        'load avg before → after',
        'CPU-bound ceiling on 2 free cores, flows/s',
        'the same, servers alone (driver elsewhere)',
      ],
      [costRow(clean), costRow(faulted)],
      [2, 4, 5],
    ),
    '',
    ...pacedSection(report),
    `Targets: ≥ ${TARGET_RATE} flows/s — ${clean.flowsPerSecond.toFixed(1)} with 200 users back to back, ${verdict(clean.flowsPerSecond >= TARGET_RATE)}; p99 ≤ 1 s — ${pacedVerdict(h)}; closed loop ${ms(h.cleanP99Ms)} ms (200 users back to back: by Little's law their mean wait is 200 / throughput, so below 1 s only above 200 flows/s); 0 lost or duplicated sessions (every run) — ${h.lostOrDuplicated}, ${verdict(h.lostOrDuplicated === 0)}; 0 proxy 5xx in the clean run — ${clean.proxy5xx}, ${verdict(clean.proxy5xx === 0)}. Signed resends in the faults run: ${faulted.signedResends}. Server RSS after the runs: emulator ${clean.rssMiB.emulator.toFixed(0)} / ${faulted.rssMiB.emulator.toFixed(0)} MiB, proxy ${clean.rssMiB.proxy.toFixed(0)} / ${faulted.rssMiB.proxy.toFixed(0)} MiB.`,
    '',
    "The invariant: an OTP session authorises its flow's TEK, so each emulator session is tied to one flow by its public key (read from the stamp the driver sent). Every success must be exactly one emulator session with that key; every emulator session must be a success or a session the driver found by listing after a failure; no key may hold two sessions.",
    '',
  ].join('\n');
}
