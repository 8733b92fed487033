/**
 * The reconcile steps of `reconcile.ts`, with their code fetched on first use: a lost terminal
 * answer is rare, so the list reading behind it stays out of the sign-in's first load (the
 * `on-demand.ts` chunk). Same parameters and outcomes as the eager versions.
 */
import { loadOnDemand } from '../internal/load-chunk.js';
import type {
  reconcileNewCredential as NewCredential,
  reconcileNewSession as NewSession,
  reconcileRefresh as Refresh,
  reconcileRemoval as Removal,
} from './reconcile.js';
import type { ReconcileStep } from './signed-retry.js';

type OnDemand = Awaited<ReturnType<typeof loadOnDemand>>;

function onDemand<A extends unknown[]>(
  pick: (chunk: OnDemand) => (...args: A) => ReconcileStep,
): (...args: A) => ReconcileStep {
  return (...args) =>
    async (context) =>
      pick(await loadOnDemand())(...args)(context);
}

/** `reconcileNewSession` (a lost OTP verify), loaded on first use. */
export const reconcileNewSession: typeof NewSession = onDemand((c) => c.reconcileNewSession);
/** `reconcileRefresh` (a lost refresh), loaded on first use. */
export const reconcileRefresh: typeof Refresh = onDemand((c) => c.reconcileRefresh);
/** `reconcileNewCredential` (a lost credential add), loaded on first use. */
export const reconcileNewCredential: typeof NewCredential = onDemand(
  (c) => c.reconcileNewCredential,
);
/** `reconcileRemoval` (a lost revoke), loaded on first use. */
export const reconcileRemoval: typeof Removal = onDemand((c) => c.reconcileRemoval);
