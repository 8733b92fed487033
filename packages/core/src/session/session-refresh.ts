/**
 * The session refresh, single-flight across tabs: backoff after a failure (catalogue SES-03), the
 * session that was due is compared with the key slot inside the lock (SES-04), and a result that
 * arrives after a sign-out is discarded and revoked, or swept afterwards (SES-05). The exchange
 * itself (session-refresh-exchange.ts) is loaded on first use; the backoff lives here, so a chunk
 * that cannot be fetched counts as a failed refresh like any other.
 */
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { loadOnDemand } from '../on-demand/on-demand.js';
import { refreshRetryDelay } from './refresh-backoff.js';
import type { ActiveSession } from './session-record.js';
import type { RefreshContext } from './session-refresh-exchange.js';

/** Creates the refresh procedure of one session manager (one per tab). */
export function createSessionRefresher(ctx: RefreshContext) {
  /** Failed refreshes of one session and the earliest next try (catalogue SES-03). */
  let retry: { sessionId: string; failures: number; notBefore: number } | undefined;

  function noteFailure(sessionId: string, error: unknown) {
    const failures = retry?.sessionId === sessionId ? retry.failures + 1 : 1;
    const retryAfter =
      isWalletAuthError(error) && error.code === 'RATE_LIMITED'
        ? Number(error.details?.retryAfterSeconds)
        : Number.NaN;
    const delay = refreshRetryDelay(
      failures,
      ctx.random,
      Number.isFinite(retryAfter) ? retryAfter * 1000 : 0,
    );
    retry = { sessionId, failures, notBefore: ctx.serverNow() + delay };
  }

  const runner = { ctx, lockName: `${ctx.keyStore.namespace}:session-refresh`, noteFailure };

  return {
    /** When the next automatic refresh of `sessionId` may run, server time (−∞ = no backoff). */
    retryNotBefore(sessionId: string): number {
      return retry?.sessionId === sessionId ? retry.notBefore : Number.NEGATIVE_INFINITY;
    },
    /** Forgets the failures: a new session, or none. */
    forgetFailures() {
      retry = undefined;
    },
    /**
     * Refreshes `due` (the session that was due when the refresh was asked for) under the
     * cross-tab lock; `epoch` is the count of endings then (see `runRefresh`).
     */
    async run(due: ActiveSession, epoch: number): Promise<ActiveSession> {
      let exchangeModule: Awaited<ReturnType<typeof loadOnDemand>>;
      try {
        exchangeModule = await loadOnDemand();
      } catch (error) {
        const now = ctx.getState();
        if (now.status === 'active' && now.session.id === due.id) {
          noteFailure(due.id, error);
        }
        throw error;
      }
      return exchangeModule.runRefresh(runner, due, epoch);
    },
    /** After a sign-out, undoes a refresh that slipped into the key slot (see `sweepLateRefresh`). */
    async sweepLateRefresh(endedSessionId: string): Promise<void> {
      await (await loadOnDemand()).sweepLateRefresh(runner, endedSessionId);
    },
  };
}
