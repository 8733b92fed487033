/**
 * The refresh exchange itself, loaded on first use (the on-demand chunk, `on-demand/chunk.ts`: a refresh runs
 * minutes after sign-in, so its code stays out of the first load): the call under the cross-tab
 * lock, the slot re-check (catalogue SES-04), discarding and revoking a result that arrives after
 * a sign-out (SES-05), the end of a refused session without retry (SES-03), and reconciling a lost
 * answer from the session list (docs/protocol.md §11.3, catalogue SR-12).
 */

import type { ApiClient } from '../client/api-client.types.js';
import type { SessionKeyMode } from '../crypto/client-key.js';
import { createClientKey, resolveSessionKey } from '../crypto/client-key.js';
import { createStamp } from '../crypto/stamp.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import type { createFlow, Flow } from '../internal/flow.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyStore } from '../keys/key-store.js';
import { reconcileRefresh } from '../signed-retry/reconcile.js';
import type { PayloadStamper } from '../signed-retry/signed-retry.js';
import type { AuthSession } from '../types.js';
import type { LockRunner } from './cross-tab.types.js';
import { refreshFailedEvent, type SessionEvent } from './session.machine.js';
import {
  createSessionCheckMachine,
  type SessionCheckEvent,
  type SessionCheckState,
} from './session-check.machine.js';
import { isRefreshRefused, sessionExpired, signedOutWhileRefreshing } from './session-errors.js';
import type { SessionState } from './session-manager.types.js';
import { type ActiveSession, fromStored } from './session-record.js';

/** What the refresher needs from the session manager that owns it. */
export interface RefreshContext {
  api: ApiClient;
  keyStore: KeyStore;
  slot: string;
  lock: LockRunner;
  sessionKeyMode: SessionKeyMode;
  random: () => number;
  getState(): SessionState;
  /** Reports what happened to the session machine. */
  send(event: SessionEvent): void;
  /** The service's time now (device clock plus the session's offset, docs/protocol.md §1). */
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
  /** Deletes the key, marks every tab signed out as `revoked`. */
  revoked(): Promise<void>;
  /** The flows' interpreter, for the session-check machine (the first load has it already). */
  createFlow: typeof createFlow;
}

/** One tab's refresher as the exchange sees it: its context and cross-tab lock. */
export interface RefreshRunner {
  ctx: RefreshContext;
  lockName: string;
  /** The pacing of session checks (made on the first recheck). */
  check?: Flow<SessionCheckState, SessionCheckEvent>;
}

/** True while the key slot still holds `session` (no other tab signed out or replaced it). */
async function slotHolds({ ctx }: RefreshRunner, session: ActiveSession): Promise<boolean> {
  const health = await ctx.keyStore.checkHealth(ctx.slot, { expectedPublicKey: session.publicKey });
  return health.status === 'present' && health.key.metadata.sessionId === session.id;
}

/** Best-effort revoke of a session nobody will use, signed by its own key. */
async function revokeQuietly(
  { ctx }: RefreshRunner,
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
  runner: RefreshRunner,
  due: ActiveSession,
  epoch: number,
): Promise<ActiveSession> {
  const { ctx } = runner;
  const { stamp } = await ctx.requireStamper();
  const clientKey = await createClientKey(ctx.sessionKeyMode);
  const next = await ctx.api.refreshSession(due.id, clientKey.clientPublicKey, {
    stamp,
    reconcile: reconcileRefresh(ctx.api.listSessions, {
      accountId: due.accountId,
      sessionId: due.id,
      type: due.type,
      nickname: due.nickname,
      clientPublicKey: clientKey.clientPublicKey,
    }),
  });
  // The device's time when the session arrived, before the key work: the offset's best anchor.
  const receivedAtMs = ctx.deviceNow();
  const signingKey = await resolveSessionKey({
    clientKey,
    encryptedSessionSigningKey: next.encryptedSessionSigningKey,
  });
  const stillWanted = () => epoch === ctx.endings();
  if (!stillWanted() || !(await slotHolds(runner, due))) {
    await revokeQuietly(runner, next.id, signingKey);
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
      await revokeQuietly(runner, next.id, signingKey);
    }
    throw error;
  }
}

async function onFailure(runner: RefreshRunner, due: ActiveSession, error: unknown): Promise<void> {
  const { ctx } = runner;
  if (isRefreshRefused(error)) {
    // The service no longer knows this session as active: re-authenticate, never retry.
    await ctx.reportRejected(error);
    const after = ctx.getState();
    if (after.status === 'active' && after.session.id === due.id) {
      ctx.ended();
      await ctx.keyStore.delete(ctx.slot).catch(() => undefined);
      ctx.send({ type: 'EXPIRED', sessionId: due.id, ended: true });
    }
    return;
  }
  // A failure worth retrying: the machine backs off (SES-03) and ends the `refreshing` mark.
  ctx.send(refreshFailedEvent(due.id, error, ctx.deviceNow(), ctx.random()));
}

/**
 * Refreshes `due` (the session that was due when the refresh was asked for, before waiting for
 * the lock) under the cross-tab lock. Inside the lock, a slot holding another session means a tab
 * already refreshed it: that one is the answer (SES-04). `epoch` is the count of endings when the
 * refresh was asked for: a later sign-out voids the result (SES-05).
 */
export function runRefresh(
  runner: RefreshRunner,
  due: ActiveSession,
  epoch: number,
): Promise<ActiveSession> {
  const { ctx } = runner;
  return ctx.lock(runner.lockName, async () => {
    await ctx.readStored();
    const state = ctx.getState();
    if (state.status === 'active' && state.session.id !== due.id) {
      return state.session;
    }
    if (state.status !== 'active' || epoch !== ctx.endings()) {
      throw state.status === 'expired' ? sessionExpired() : signedOutWhileRefreshing();
    }
    ctx.send({ type: 'REFRESH_STARTED', now: ctx.deviceNow() });
    try {
      return await exchange(runner, due, epoch);
    } catch (error) {
      await onFailure(runner, due, error);
      throw error;
    }
  });
}

/**
 * Asks the service whether `sessionId` is still active (catalogue SES-22) and reports to the
 * check machine: listed → `CHECKED` with the time; not listed → the session ended on the
 * service (revoked from another device, or past its expiry) and this device lets go of it; the
 * list refused with 401 → this page can no longer act with it (expired, key kept); anything
 * else → `CHECKED` without a time, asked again later.
 */
async function checkSession(
  { ctx }: RefreshRunner,
  report: (event: SessionCheckEvent) => void,
  sessionId: string,
  signal: AbortSignal,
): Promise<void> {
  const state = ctx.getState();
  let listed: boolean | undefined;
  if (state.status === 'active' && state.session.id === sessionId) {
    try {
      const { data } = await ctx.api.listSessions(state.session.accountId, signal);
      listed = data.some((session) => session.id === sessionId);
    } catch (error) {
      if (!signal.aborted && isWalletAuthError(error) && error.status === 401) {
        ctx.send({ type: 'EXPIRED', sessionId, ended: false });
      }
    }
  }
  report({ type: 'CHECKED', sessionId, now: listed === true ? ctx.deviceNow() : undefined });
  const current = ctx.getState();
  // Only the session that was looked for, still this device's, is let go of.
  if (listed !== false || current.status !== 'active' || current.session.id !== sessionId) {
    return;
  }
  if (ctx.serverNow() >= current.session.expiresAt) {
    ctx.ended();
    await ctx.keyStore.delete(ctx.slot).catch(() => undefined);
    ctx.send({ type: 'EXPIRED', sessionId, ended: true });
  } else {
    await ctx.revoked();
  }
}

/**
 * Looks at this device's session again (catalogue SES-22): reads the key slot, which sets the
 * session machine's timers anew from the clock (a refresh or expiry held back by a hidden tab or
 * a sleeping device happens now) and picks up a session another tab made meanwhile; then lets
 * the check machine decide whether to ask the service (`checkSession`).
 */
export async function recheckSession(runner: RefreshRunner): Promise<void> {
  const { ctx } = runner;
  await ctx.readStored();
  const state = ctx.getState();
  if (state.status !== 'active') {
    return;
  }
  runner.check ??= ctx.createFlow(createSessionCheckMachine(), (effect, context) =>
    checkSession(runner, context.send, effect.sessionId, context.signal),
  );
  runner.check.send({ type: 'RECHECK', sessionId: state.session.id, now: ctx.deviceNow() });
}

/**
 * After a sign-out, waits for any refresh another tab has in flight (it holds the lock) and undoes
 * a result that slipped into the key slot anyway: deletes it, tells every tab, revokes it (SES-05).
 */
export async function sweepLateRefresh(
  runner: RefreshRunner,
  endedSessionId: string,
): Promise<void> {
  const { ctx } = runner;
  await ctx.lock(runner.lockName, async () => {
    const health = await ctx.keyStore.checkHealth(ctx.slot);
    if (health.status !== 'present') {
      return;
    }
    const record = fromStored(health.key);
    if (record === undefined || record.refreshedFrom !== endedSessionId) {
      return;
    }
    await ctx.keyStore.delete(ctx.slot).catch(() => undefined);
    ctx.signedOutEverywhere();
    await revokeQuietly(runner, record.session.id, health.key.keyPair as SigningKeyPair);
  });
}
