/**
 * The session refresh, single-flight across tabs: backoff after a failure (catalogue SES-03), the
 * session that was due is compared with the key slot inside the lock (SES-04), and a result that
 * arrives after a sign-out is discarded and revoked, or swept afterwards (SES-05). The exchange
 * itself (session-refresh-exchange.ts) is loaded on first use; a chunk that cannot be fetched
 * counts as a failed refresh like any other (the backoff is the session machine's).
 */
import { loadOnDemand } from '../on-demand/on-demand.js';
import { refreshFailedEvent } from './session.machine.js';
import type { ActiveSession } from './session-record.js';
import type { RefreshContext, RefreshRunner } from './session-refresh-exchange.js';

/** Creates the refresh procedure of one session manager (one per tab). */
export function createSessionRefresher(ctx: RefreshContext) {
  const runner: RefreshRunner = { ctx, lockName: `${ctx.keyStore.namespace}:session-refresh` };

  return {
    /**
     * Refreshes `due` (the session that was due when the refresh was asked for) under the
     * cross-tab lock; `epoch` is the count of endings then (see `runRefresh`).
     */
    async run(due: ActiveSession, epoch: number): Promise<ActiveSession> {
      let exchangeModule: Awaited<ReturnType<typeof loadOnDemand>>;
      try {
        exchangeModule = await loadOnDemand();
      } catch (error) {
        // A chunk that cannot be fetched counts as a failed refresh (backoff, SES-03).
        ctx.send(refreshFailedEvent(due.id, error, ctx.deviceNow(), ctx.random()));
        throw error;
      }
      return exchangeModule.runRefresh(runner, due, epoch);
    },
    /** After a sign-out, undoes a refresh that slipped into the key slot (see `sweepLateRefresh`). */
    async sweepLateRefresh(endedSessionId: string): Promise<void> {
      await (await loadOnDemand()).sweepLateRefresh(runner, endedSessionId);
    },
    /** Looks at the session again (see `recheckSession`); a chunk that cannot load waits. */
    recheck(): void {
      loadOnDemand().then(
        (loaded) => loaded.recheckSession(runner),
        () => undefined,
      );
    },
  };
}
