/**
 * The session's effects, loaded on first use (the on-demand chunk, `on-demand/chunk.ts`: a
 * refresh runs minutes after sign-in, so its code stays out of the first load): the refresh under
 * the cross-tab lock with the slot read again (catalogue SES-04), discarding and revoking a
 * result that arrives after a sign-out (SES-05), the end of a refused session without retry
 * (SES-03), reconciling a lost answer from the session list (docs/protocol.md §11.3, catalogue
 * SR-12), the paced check whether the service still lists the session (SES-22), and the
 * session revokes of sign-out and the session list.
 *
 * Effects in the sense of docs/contributing.md §2.4: they do the I/O and return what happened (the session
 * to use, a failure to retry, an event for the session machine, an ending) instead of changing
 * the session themselves; the session manager applies the outcome (session-manager.ts). The
 * ports of `RefreshContext` are their only ways back.
 */

import type { ApiClient } from '../client/api-client.types.js';
import type { SessionKeyMode } from '../crypto/client-key.js';
import { createClientKey, resolveSessionKey } from '../crypto/client-key.js';
import { createStamp } from '../crypto/stamp.js';
import { hasServiceReason } from '../errors/service-reasons.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import type { Clock } from '../internal/clock.js';
import { createFlow } from '../internal/flow.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyStore } from '../keys/key-store.js';
import { reconcileRefresh, reconcileRemoval } from '../signed-retry/reconcile.js';
import type { PayloadStamper } from '../signed-retry/signed-retry.js';
import type { AuthSession } from '../types.js';
import type { LockRunner } from './cross-tab.types.js';
import type { SessionEvent, SessionMachineState } from './session.machine.js';
import { createSessionCheckMachine, type SessionCheckEvent } from './session-check.machine.js';
import {
  isRefreshRefused,
  isSessionRejected,
  sessionExpired,
  signedOutWhileRefreshing,
} from './session-errors.js';
import { type ActiveSession, fromStored, SESSION_SLOT } from './session-record.js';

/**
 * What the session's effects need from the session manager: data and ports, and three ways back
 * (a read of the machine's state, the slot read again, the atomic adoption).
 */
export interface RefreshContext {
  api: ApiClient;
  keyStore: KeyStore;
  /** The cross-tab lock (Web Locks, or the lease lock where they are missing). */
  lock: LockRunner;
  clock: Clock;
  sessionKeyMode: SessionKeyMode;
  /** The session machine's state now (the view and the service-clock offset). */
  snapshot(): SessionMachineState;
  /**
   * Reads the key slot again and makes what it holds this tab's session (the machine's
   * `RESTORED` or `SIGNED_OUT`); resolves to the key it holds. Under the lock, this is how a
   * refresh sees that another tab refreshed already (SES-04).
   */
  readStored(): Promise<SigningKeyPair | undefined>;
  /**
   * Saves the refreshed session with its key in one write and makes it this tab's session;
   * `stillWanted` is asked after the write, which is undone when it says no. A port rather than
   * an outcome: the write, the check after it and the adoption must happen while the refresh
   * still holds the cross-tab lock, so no other tab reads the slot between them (SES-04, SES-05).
   */
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
}

/**
 * The session ended on this device: the manager forgets its key and reports it, `expired` as the
 * machine's `EXPIRED` (re-authenticate), `revoked` as a sign-out of every tab.
 */
export interface SessionEnding {
  reason: 'expired' | 'revoked';
  /** The session that ended (the machine's `EXPIRED` names it, so it expires no other). */
  sessionId: string;
}

/** What a check of the session found, for the manager to apply. */
export interface SessionOutcome {
  /** An event for the session machine that does not end the session. */
  event?: SessionEvent | undefined;
  /** The session ended: the manager deletes its key from the slot too. */
  end?: SessionEnding | undefined;
}

/**
 * How a refresh ended: the session to use now, or why not. `retry`: worth trying again after the
 * machine's backoff (its `REFRESH_FAILED`, SES-03). `end`: the service refused the session itself;
 * its key is already gone from the slot (deleted under the lock), the manager forgets it.
 */
export type RefreshOutcome =
  | { session: ActiveSession }
  | { error: unknown; retry?: true | undefined; end?: SessionEnding | undefined };

const lockName = (ctx: RefreshContext) => `${ctx.keyStore.namespace}:session-refresh`;

/** True while the key slot still holds `session` (no other tab signed out or replaced it). */
async function slotHolds(ctx: RefreshContext, session: ActiveSession): Promise<boolean> {
  const health = await ctx.keyStore.checkHealth(SESSION_SLOT, {
    expectedPublicKey: session.publicKey,
  });
  return health.status === 'present' && health.key.metadata.sessionId === session.id;
}

/** Best-effort revoke of a session nobody will use, signed by its own key. */
async function revokeQuietly(
  ctx: RefreshContext,
  sessionId: string,
  signingKey: SigningKeyPair,
): Promise<void> {
  await ctx.api
    .revokeSession(sessionId, {
      stamp: (payload) => createStamp({ payload, keyPair: signingKey }),
    })
    .catch(() => undefined);
}

/** Asks the service for the successor of `due` and adopts it unless the session ended. */
async function exchange(
  ctx: RefreshContext,
  due: ActiveSession,
  keyPair: SigningKeyPair,
  stillWanted: () => boolean,
): Promise<ActiveSession> {
  const clientKey = await createClientKey(ctx.sessionKeyMode);
  const next = await ctx.api.refreshSession(due.id, clientKey.clientPublicKey, {
    stamp: (payload) => createStamp({ payload, keyPair }),
    reconcile: reconcileRefresh(ctx.api.listSessions, {
      accountId: due.accountId,
      sessionId: due.id,
      type: due.type,
      nickname: due.nickname,
      clientPublicKey: clientKey.clientPublicKey,
    }),
  });
  // The device's time when the session arrived, before the key work: the offset's best anchor.
  const receivedAtMs = ctx.clock.now();
  const signingKey = await resolveSessionKey({
    clientKey,
    encryptedSessionSigningKey: next.encryptedSessionSigningKey,
  });
  if (!stillWanted() || !(await slotHolds(ctx, due))) {
    await revokeQuietly(ctx, next.id, signingKey);
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
      await revokeQuietly(ctx, next.id, signingKey);
    }
    throw error;
  }
}

/**
 * What a failed exchange of `due` means. A refusal of the session itself (catalogue SES-03) ends
 * it without retry, and its key is deleted here, still under the lock: the service's clock
 * passing `expiresAt` is an expiry (re-authenticate, service rule 7), a rejected signature
 * otherwise a revocation; a refresh refused because the session is no longer active expires it.
 * Anything else is worth retrying.
 */
async function onFailure(
  ctx: RefreshContext,
  due: ActiveSession,
  error: unknown,
): Promise<RefreshOutcome> {
  if (!isRefreshRefused(error)) {
    return { error, retry: true };
  }
  const { view } = ctx.snapshot();
  const active = view.status === 'active' ? view.session.id : undefined;
  let end: SessionEnding | undefined;
  if (isSessionRejected(error)) {
    const timedOut = hasServiceReason(error, 'sessionTimedOut') && active !== undefined;
    end = { reason: timedOut ? 'expired' : 'revoked', sessionId: active ?? due.id };
  } else if (active === due.id) {
    end = { reason: 'expired', sessionId: due.id };
  }
  if (end !== undefined) {
    await ctx.keyStore.delete(SESSION_SLOT).catch(() => undefined);
  }
  return { error, end };
}

/**
 * Refreshes `due` (the session that was due when the refresh was asked for, before waiting for
 * the lock) under the cross-tab lock. Inside the lock the slot is read again: a slot holding
 * another session means a tab already refreshed it, and that one is the answer (SES-04).
 * `stillWanted` says no once the session ended on this device after the refresh was asked for:
 * the result is then revoked, never adopted (SES-05).
 */
export function runRefresh(
  ctx: RefreshContext,
  due: ActiveSession,
  stillWanted: () => boolean,
): Promise<RefreshOutcome> {
  return ctx.lock(lockName(ctx), async () => {
    const keyPair = await ctx.readStored();
    const { view } = ctx.snapshot();
    if (view.status === 'active' && view.session.id !== due.id) {
      return { session: view.session };
    }
    if (view.status !== 'active' || keyPair === undefined || !stillWanted()) {
      return { error: view.status === 'expired' ? sessionExpired() : signedOutWhileRefreshing() };
    }
    try {
      return { session: await exchange(ctx, due, keyPair, stillWanted) };
    } catch (error) {
      return onFailure(ctx, due, error);
    }
  });
}

/**
 * Asks the service whether `sessionId` is still active (catalogue SES-22). Returns the check
 * machine's `CHECKED` (with the time when listed) and what it means for the session: not listed
 * → the session ended on the service (past its expiry: expired; else revoked from another
 * device), and this device lets go of it; the list refused with 401 → this page can no longer act
 * with it (expired, key kept); anything else changes nothing and is asked again later.
 */
export async function checkSession(
  ctx: RefreshContext,
  sessionId: string,
  signal: AbortSignal,
): Promise<SessionOutcome & { checked: SessionCheckEvent }> {
  const { view } = ctx.snapshot();
  let listed: boolean | undefined;
  let event: SessionEvent | undefined;
  if (view.status === 'active' && view.session.id === sessionId) {
    try {
      const { data } = await ctx.api.listSessions(view.session.accountId, signal);
      listed = data.some((session) => session.id === sessionId);
    } catch (error) {
      if (!signal.aborted && isWalletAuthError(error) && error.status === 401) {
        event = { type: 'EXPIRED', sessionId, ended: false };
      }
    }
  }
  const checked: SessionCheckEvent = {
    type: 'CHECKED',
    sessionId,
    now: listed === true ? ctx.clock.now() : undefined,
  };
  const current = ctx.snapshot();
  // Only the session that was looked for, still this device's, is let go of.
  if (
    listed !== false ||
    current.view.status !== 'active' ||
    current.view.session.id !== sessionId
  ) {
    return { checked, event };
  }
  const serverNow = ctx.clock.now() + current.clockOffsetMs;
  return {
    checked,
    end: { reason: serverNow >= current.view.session.expiresAt ? 'expired' : 'revoked', sessionId },
  };
}

/**
 * Paces the checks of one tab's session (session-check.machine.ts, run by the flows' interpreter):
 * each call asks for a check of `sessionId` and answers with what the check found for the manager
 * to apply, or nothing when the machine holds the check back (one at a time, a confirmed session
 * not asked about again within 10 s).
 */
export function createSessionCheck(
  ctx: RefreshContext,
): (sessionId: string) => Promise<SessionOutcome> {
  let found: Promise<SessionOutcome> | undefined;
  const flow = createFlow(createSessionCheckMachine(), (effect, context) => {
    // Runs synchronously within `flow.send` below, so `found` belongs to that call.
    found = checkSession(ctx, effect.sessionId, context.signal).then(({ checked, ...outcome }) => {
      context.send(checked);
      return outcome;
    });
  });
  return (sessionId) => {
    found = undefined;
    flow.send({ type: 'RECHECK', sessionId, now: ctx.clock.now() });
    return found ?? Promise.resolve({});
  };
}

/**
 * After a sign-out, waits for any refresh another tab has in flight (it holds the lock) and undoes
 * a result that slipped into the key slot anyway (a refresh of `endedSessionId`): deletes it
 * (SES-05). When it undid one it returns that session's revoke, for the manager to run once it
 * has told every tab, so no tab signs with the key while the revoke is on its way.
 */
export function sweepLateRefresh(
  ctx: RefreshContext,
  endedSessionId: string,
): Promise<(() => Promise<void>) | undefined> {
  return ctx.lock(lockName(ctx), async () => {
    const health = await ctx.keyStore.checkHealth(SESSION_SLOT);
    const record = health.status === 'present' ? fromStored(health.key) : undefined;
    if (health.status !== 'present' || record?.refreshedFrom !== endedSessionId) {
      return undefined;
    }
    await ctx.keyStore.delete(SESSION_SLOT).catch(() => undefined);
    const keyPair = health.key.keyPair as SigningKeyPair;
    return () => revokeQuietly(ctx, record.session.id, keyPair);
  });
}

/**
 * Revokes `sessionId` on the service, stamped with this device's session `own` (a sign-out when
 * it is `own`). A session the service no longer knows as active (404: revoked by another tab or
 * device, or expired) counts as revoked; a lost answer about another session is settled from the
 * session list: gone = revoked (docs/protocol.md §11.3).
 * @throws WalletAuthError from the signed retry, for the caller to report.
 */
export async function revokeOnService(
  ctx: RefreshContext,
  own: ActiveSession,
  stamp: PayloadStamper,
  sessionId: string,
): Promise<void> {
  const { api } = ctx;
  try {
    await api.revokeSession(sessionId, {
      stamp,
      ...(sessionId !== own.id && {
        reconcile: reconcileRemoval(
          async (signal) => (await api.listSessions(own.accountId, signal)).data,
          sessionId,
        ),
      }),
    });
  } catch (error) {
    if (!isWalletAuthError(error) || error.status !== 404) {
      throw error;
    }
  }
}
