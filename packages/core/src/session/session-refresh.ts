/**
 * The session refresh, single-flight across tabs: backoff after a failure (catalogue SES-03), the
 * session that was due is compared with the key slot inside the lock (SES-04), and a result that
 * arrives after a sign-out is discarded and revoked, or swept afterwards (SES-05).
 */
import type { ApiClient } from '../client/api-client.js';
import type { PayloadStamper } from '../client/signed-retry.js';
import { createClientKey, resolveSessionKey, type SessionKeyMode } from '../crypto/client-key.js';
import { createStamp } from '../crypto/stamp.js';
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyStore } from '../keys/key-store.js';
import type { AuthSession } from '../types.js';
import type { LockRunner } from './cross-tab.js';
import { refreshRetryDelay } from './refresh-backoff.js';
import { isSessionRejected, type SessionState } from './session-manager.js';
import { type ActiveSession, fromStored } from './session-record.js';

/** `SESSION_EXPIRED`: the session's time is up (service interface "Wallet sessions" rule 7). */
export function sessionExpired(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_EXPIRED',
    'Your session has expired. Sign in again to continue.',
  );
}

/** `SESSION_KEY_MISSING`: this device holds no session. */
export function noSession(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'There is no session on this device. Sign in to continue.',
  );
}

/** `SESSION_KEY_MISSING`: the session ended while its refresh was in flight (SES-05). */
export function signedOutWhileRefreshing(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'The session ended on this device while it was being refreshed. Sign in again.',
  );
}

/**
 * True for a 401 on a refresh meaning the session itself is over on the service: a rejected
 * session signature, or the emulator's `UNAUTHORIZED` "Session is not active" for the path's
 * session (catalogue SES-03: re-authenticate, no retry).
 */
export function isRefreshRefused(error: unknown): boolean {
  return (
    isSessionRejected(error) ||
    (isWalletAuthError(error) &&
      error.status === 401 &&
      error.code === 'UNAUTHORIZED' &&
      /not active|revoked|unknown session/i.test(error.reason ?? error.message))
  );
}

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
  const { api, keyStore, slot } = ctx;
  const lockName = `${keyStore.namespace}:session-refresh`;
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

  /** True while the key slot still holds `session` (no other tab signed out or replaced it). */
  async function slotHolds(session: ActiveSession): Promise<boolean> {
    const health = await keyStore.checkHealth(slot, { expectedPublicKey: session.publicKey });
    return health.status === 'present' && health.key.metadata.sessionId === session.id;
  }

  /** Best-effort revoke of a session nobody will use, signed by its own key. */
  async function revokeQuietly(sessionId: string, signingKey: SigningKeyPair): Promise<void> {
    await api
      .revokeSession(sessionId, {
        stamp: (payload) => createStamp({ payload, keyPair: signingKey }),
      })
      .catch(() => undefined);
  }

  /** Asks the service for the successor of `due` and adopts it unless the session ended. */
  async function exchange(due: ActiveSession, epoch: number): Promise<ActiveSession> {
    const { stamp } = await ctx.requireStamper();
    const clientKey = await createClientKey(ctx.sessionKeyMode);
    const next = await api.refreshSession(due.id, clientKey.clientPublicKey, { stamp });
    // The device's time when the session arrived, before the key work: the offset's best anchor.
    const receivedAtMs = ctx.deviceNow();
    const signingKey = await resolveSessionKey({
      clientKey,
      encryptedSessionSigningKey: next.encryptedSessionSigningKey,
    });
    const stillWanted = () => epoch === ctx.endings();
    if (!stillWanted() || !(await slotHolds(due))) {
      await revokeQuietly(next.id, signingKey);
      throw signedOutWhileRefreshing();
    }
    try {
      return await ctx.commit(
        {
          session: next,
          keyPair: signingKey,
          credentialId: due.credentialId,
          refreshedFrom: due.id,
          receivedAtMs,
        },
        stillWanted,
      );
    } catch (error) {
      if (isWalletAuthError(error) && error.code === 'SESSION_KEY_MISSING') {
        await revokeQuietly(next.id, signingKey);
      }
      throw error;
    }
  }

  async function onFailure(due: ActiveSession, error: unknown): Promise<void> {
    const now = ctx.getState();
    if (isRefreshRefused(error)) {
      // The service no longer knows this session as active: re-authenticate, never retry.
      await ctx.reportRejected(error);
      const after = ctx.getState();
      if (after.status === 'active' && after.session.id === due.id) {
        ctx.ended();
        await keyStore.delete(slot).catch(() => undefined);
        ctx.set({ status: 'expired', session: after.session, persistence: after.persistence });
      }
      return;
    }
    if (now.status === 'active' && now.session.id === due.id) {
      noteFailure(due.id, error);
    }
    if (now.status === 'active' && now.refreshing) {
      ctx.set({ ...now, refreshing: false });
    }
  }

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
     * Refreshes `due` (the session that was due when the refresh was asked for, before waiting
     * for the lock) under the cross-tab lock. Inside the lock, a slot holding another session
     * means a tab already refreshed it: that one is the answer (SES-04). `epoch` is the count of
     * endings when the refresh was asked for: a later sign-out voids the result (SES-05).
     */
    run(due: ActiveSession, epoch: number): Promise<ActiveSession> {
      return ctx.lock(lockName, async () => {
        await ctx.readStored();
        const state = ctx.getState();
        if (state.status === 'active' && state.session.id !== due.id) {
          return state.session;
        }
        if (state.status !== 'active' || epoch !== ctx.endings()) {
          throw state.status === 'expired' ? sessionExpired() : signedOutWhileRefreshing();
        }
        ctx.set({ ...state, refreshing: true });
        try {
          return await exchange(due, epoch);
        } catch (error) {
          await onFailure(due, error);
          throw error;
        }
      });
    },
    /**
     * After a sign-out, waits for any refresh another tab has in flight (it holds the lock) and
     * undoes a result that slipped into the key slot anyway: deletes it, tells every tab, revokes
     * it (SES-05).
     */
    async sweepLateRefresh(endedSessionId: string): Promise<void> {
      await ctx.lock(lockName, async () => {
        const health = await keyStore.checkHealth(slot);
        if (health.status !== 'present') {
          return;
        }
        const record = fromStored(health.key);
        if (record === undefined || record.refreshedFrom !== endedSessionId) {
          return;
        }
        await keyStore.delete(slot).catch(() => undefined);
        ctx.signedOutEverywhere();
        await revokeQuietly(record.session.id, health.key.keyPair as SigningKeyPair);
      });
    },
  };
}
