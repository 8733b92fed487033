/**
 * The session refresh, single-flight across tabs: backoff after a failure (catalogue SES-03), the
 * session that was due is compared with the key slot inside the lock (SES-04), and a result that
 * arrives after a sign-out is discarded and revoked, or swept afterwards (SES-05). The exchange
 * itself (session-refresh-exchange.ts) is loaded on first use; the backoff lives here, so a chunk
 * that cannot be fetched counts as a failed refresh like any other.
 */
import type { ApiClient } from '../client/api-client.js';
import type { PayloadStamper } from '../client/signed-retry.js';
import type { SessionKeyMode } from '../crypto/client-key.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import { loadOnDemand } from '../internal/load-chunk.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyStore } from '../keys/key-store.js';
import type { AuthSession } from '../types.js';
import type { LockRunner } from './cross-tab.js';
import { refreshRetryDelay } from './refresh-backoff.js';
import type { SessionState } from './session-manager.js';
import type { ActiveSession } from './session-record.js';

/** What the refresher needs from the session manager that owns it. */
export interface RefreshContext {
  api: ApiClient;
  keyStore: KeyStore;
  slot: string;
  lock: LockRunner;
  sessionKeyMode: SessionKeyMode;
  random: () => number;
  getState(): SessionState;
  set(next: SessionState): void;
  /** The service's time now (device clock plus the session's offset, wire-format §1). */
  serverNow(): number;
  /** The device clock, epoch ms. */
  deviceNow(): number;
  /** How many times this tab saw the session end so far. */
  endings(): number;
  /** Notes in this tab that the session ended (drops the key from memory, stops timers). */
  ended(): void;
  readStored(): Promise<void>;
  requireStamper(): Promise<{ stamp: PayloadStamper }>;
  commit(
    input: {
      session: AuthSession;
      keyPair: SigningKeyPair;
      credentialId: string | undefined;
      refreshedFrom: string;
      receivedAtMs: number;
    },
    stillWanted: () => boolean,
  ): Promise<ActiveSession>;
  reportRejected(error: unknown): Promise<void>;
  /** Marks this tab signed out and tells the others. */
  signedOutEverywhere(): void;
}

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
