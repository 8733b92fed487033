/**
 * The EMU-06 invariant check that ends every load run (reliability catalogue): every client success
 * is exactly one server session for that flow's key, and every server session was reported to a
 * client (success or reconciliation) — nothing lost, nothing duplicated; no session of a removed
 * credential; no pending challenge past its lifetime (the emulator's clock is moved past the
 * challenge lifetime and its grace period, then swept); memory bounded (live memory after a full GC,
 * with RSS reported beside it: V8 keeps heap pages it grew into, so RSS over-states what a run
 * left behind).
 */

import type { BenchChild } from '../../lib/child.js';
import { type ClientFlow, checkSessionInvariant } from '../../load/invariant.js';
import type { EmulatorSnapshot, MemoryAfterGc } from '../../servers/emulator-process.js';

/** The figures and the verdict of one check. */
export interface Emu06Report {
  ok: boolean;
  successes: number;
  reconciled: number;
  serverSessions: number;
  lost: string[];
  duplicated: string[];
  mismatched: string[];
  /** Sessions whose issuing credential no longer exists (must be none). */
  orphanSessions: string[];
  /** Signed-retry records remembered after the clock moved past lifetime + grace (must be 0). */
  pendingAfterSweep: number;
  /** RSS after a full GC at the end minus RSS after a full GC before the run, MiB. */
  rssGrowthMiB: number;
  /** Peak RSS sampled during the run minus the RSS before, MiB (includes uncollected garbage). */
  peakRssGrowthMiB: number;
  /** Live memory (V8 heap used + external, after a full GC) at the end minus before, MiB. */
  liveGrowthMiB: number;
  /** The bound `liveGrowthMiB` is held to (what a leak would break). */
  memoryBoundMiB: number;
}

/**
 * Runs the check against the emulator child. Call it last: it moves the emulator's clock.
 * @param flows - What the clients observed (successes, TEKs, reconciled session ids).
 * @param accountIds - The accounts the run used (other sessions are ignored).
 */
export async function checkEmu06(input: {
  emulator: BenchChild;
  flows: readonly ClientFlow[];
  accountIds: readonly string[];
  /** The emulator's `gc` answer before the run. */
  baseline: MemoryAfterGc;
  memoryBoundMiB: number;
  /** challengeLifetimeSeconds × 2 (lifetime + the tombstone grace), in ms. @defaultValue 600000 */
  sweepAfterMs?: number;
}): Promise<Emu06Report> {
  const snapshot = await input.emulator.request<EmulatorSnapshot>('snapshot');
  const after = await input.emulator.request<MemoryAfterGc>('gc');
  const accounts = new Set(input.accountIds);
  const sessions = snapshot.sessions.filter((session) => accounts.has(session.accountId));
  const verdict = checkSessionInvariant(input.flows, sessions);
  const credentials = new Set(snapshot.credentialIds);
  const orphanSessions = sessions
    .filter((session) => !session.revoked && !credentials.has(session.credentialId))
    .map((session) => session.id);
  const swept = await input.emulator.request<{ pendingRequests: number }>(
    'advanceAndSweep',
    (input.sweepAfterMs ?? 600_000) + 1000,
  );
  const mib = (bytes: number) => bytes / 2 ** 20;
  const rssGrowthMiB = mib(after.rssBytes - input.baseline.rssBytes);
  const peakRssGrowthMiB = mib(snapshot.peakRssBytes - input.baseline.rssBytes);
  const liveGrowthMiB = mib(after.liveBytes - input.baseline.liveBytes);
  return {
    ok:
      verdict.ok &&
      orphanSessions.length === 0 &&
      swept.pendingRequests === 0 &&
      liveGrowthMiB <= input.memoryBoundMiB,
    successes: verdict.successes,
    reconciled: verdict.reconciled,
    serverSessions: verdict.serverSessions,
    lost: verdict.lost,
    duplicated: verdict.duplicated,
    mismatched: verdict.mismatched,
    orphanSessions,
    pendingAfterSweep: swept.pendingRequests,
    rssGrowthMiB,
    peakRssGrowthMiB,
    liveGrowthMiB,
    memoryBoundMiB: input.memoryBoundMiB,
  };
}
