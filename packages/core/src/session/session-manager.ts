/**
 * The session manager: the current session and its non-extractable key, persisted across reloads
 * (metadata beside the key in the key store), expiry and refresh timers, single-flight refresh
 * across tabs, sign-out and revocation reaching every tab. Observable with `subscribe` /
 * `getSnapshot` (docs/contributing.md §2.5). The lifecycle is the pure machine of session.machine.ts;
 * the work after sign-in (refresh, check, revokes) is session.effects.ts, loaded on demand, whose
 * outcomes this module applies.
 */

import { hasServiceReason } from '../errors/service-reasons.js';
import { createFlow } from '../internal/flow.js';
import type { SigningKeyPair } from '../keys/key-pair.js';
import type { KeyPersistence } from '../keys/key-store.js';
import { createStamp, loadOnDemand } from '../on-demand/on-demand.js';
import { createBroadcastSessionChannel, createLockRunner } from './cross-tab.js';
import type { SessionChannel } from './cross-tab.types.js';
import type {
  RefreshContext,
  RefreshOutcome,
  SessionEnding,
  SessionOutcome,
} from './session.effects.js';
import { createSessionMachine, refreshFailedEvent } from './session.machine.js';
import { isSessionRejected, noSession, sessionExpired, sessionKeyGone } from './session-errors.js';
import type {
  AdoptInput,
  SessionManager,
  SessionManagerOptions,
  SessionStamp,
  SessionState,
  SignedOutReason,
  SignOutOutcome,
} from './session-manager.types.js';
import { type ActiveSession, SESSION_SLOT as SLOT } from './session-record.js';
import { readSlot, type SessionToSave, saveSlot, slotKeyGone } from './session-slot.js';

/** Creates the session manager. Touches no browser API until `init()` or the first subscriber. */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { api, keyStore, clock } = options;
  const random = options.random ?? Math.random;
  let keyPair: SigningKeyPair | undefined;
  let persistence: KeyPersistence | undefined;
  let refreshing: Promise<ActiveSession> | undefined;
  let signingOut: Promise<SignOutOutcome> | undefined;
  let initialising: Promise<void> | undefined;
  let channel: SessionChannel | undefined;
  let stopListening: (() => void) | undefined;
  /** The pacing of session checks (SES-22), made on the first recheck. */
  let check: ((sessionId: string) => Promise<SessionOutcome>) | undefined;
  /**
   * Counts the times this tab saw the session end (sign-out, revocation, expiry). A refresh that
   * started under an older count never adopts its result (catalogue SES-05).
   */
  let endings = 0;

  // The lifecycle itself is the pure machine of session.machine.ts, run by the flows'
  // interpreter: this module does its I/O and reports what happened as events.
  const lifecycle = createFlow(
    createSessionMachine({ refreshMarginMs: options.refreshMarginMs ?? 60_000 }),
    (effect) => {
      if (effect.type === 'refresh') {
        refresh().catch(() => {
          // A failed automatic refresh is tried again after a backoff (REFRESH_FAILED), never at
          // or past expiresAt; the expiry timer takes over from there.
        });
      }
    },
    { clock },
  );
  const send = lifecycle.send;
  const view = (): SessionState => lifecycle.getSnapshot().view;

  /** Notes that the session ended in this tab: in-flight refreshes must not bring it back. */
  function ended() {
    endings += 1;
    keyPair = undefined;
  }

  /**
   * Ends the session on this device: forgets its key (in memory, and in the slot unless the
   * caller already emptied it), tells the machine and, for a sign-out, every tab.
   */
  async function end(
    reason: SessionEnding['reason'] | SignedOutReason,
    sessionId?: string,
    slotEmptied?: boolean,
  ): Promise<void> {
    ended();
    if (!slotEmptied) {
      await keyStore.delete(SLOT).catch(() => undefined);
    }
    if (reason === 'expired') {
      send({ type: 'EXPIRED', sessionId, ended: true });
      return;
    }
    send({ type: 'SIGNED_OUT', reason, persistence });
    channel?.post({ type: 'signedOut', reason: reason === 'revoked' ? 'revoked' : 'signedOut' });
  }

  /** Reads the key slot and makes what it holds this tab's session (or none). */
  async function readStored(): Promise<void> {
    persistence = await keyStore.getPersistence();
    const read = await readSlot(keyStore, persistence, view(), clock.now);
    keyPair = read.keyPair;
    send(read.event);
  }

  /** Restores the persisted session and starts listening to other tabs. Idempotent. */
  function init(): Promise<void> {
    if (initialising === undefined) {
      if (options.channel !== false) {
        channel = options.channel ?? createBroadcastSessionChannel(`${keyStore.namespace}:session`);
        stopListening = channel?.listen((message) => {
          if (message.type === 'signedOut') {
            ended();
            send({ type: 'SIGNED_OUT', reason: message.reason, persistence });
          } else {
            readStored().catch(() => undefined);
          }
        });
      }
      // A hidden tab's timers are held back and a sleeping device's do not run: the session is
      // looked at again when the page comes into view (catalogue SES-22).
      globalThis.document?.addEventListener?.('visibilitychange', recheckWhenVisible);
      initialising = readStored().catch((error: unknown) => {
        send({ type: 'SIGNED_OUT', reason: undefined, persistence: 'memory' });
        throw error;
      });
    }
    return initialising;
  }

  /**
   * Saves a session and its key in one write and makes it this tab's session, then tells the
   * other tabs. `stillWanted` is asked after the write: when it says no, the write is undone.
   */
  async function commit(
    input: AdoptInput & SessionToSave & { receivedAtMs?: number | undefined },
    stillWanted: () => boolean = () => true,
  ): Promise<ActiveSession> {
    const receivedAtMs = input.receivedAtMs ?? clock.now();
    const { session, clockOffsetMs } = await saveSlot(keyStore, input, receivedAtMs, stillWanted);
    persistence = await keyStore.getPersistence();
    keyPair = input.keyPair;
    send({ type: 'ADOPTED', session, persistence, clockOffsetMs, now: clock.now() });
    // Synchronously, right after the subscribers heard of it: a flow reports its success here,
    // before UI reacting to the new session can unmount the component running the flow.
    input.onAdopted?.(session);
    channel?.post({ type: 'changed', sessionId: session.id });
    return session;
  }

  /** `SessionManager.adopt`, once the stored session was read (so it cannot overwrite this one). */
  async function adopt(input: AdoptInput): Promise<ActiveSession> {
    await init().catch(() => undefined);
    return commit(input);
  }

  /** `SessionManager.requireStamper`: no network call before the key is seen (KEY-10, SES-09). */
  async function requireStamper(): Promise<SessionStamp> {
    await init().catch(() => undefined);
    const state = view();
    if (
      state.status === 'expired' ||
      // The service's time now, as well as this device can tell (docs/protocol.md §1).
      (state.status === 'active' &&
        clock.now() + lifecycle.getSnapshot().clockOffsetMs >= state.session.expiresAt)
    ) {
      send({ type: 'EXPIRED', ended: false });
      throw sessionExpired();
    }
    if (state.status !== 'active' || keyPair === undefined) {
      throw noSession();
    }
    // Site data can be cleared under a running tab (catalogue KEY-10): look before signing.
    const gone = await slotKeyGone(keyStore, state.session);
    if (gone !== undefined) {
      keyPair = undefined;
      send({ type: 'SIGNED_OUT', reason: gone, persistence });
      throw sessionKeyGone();
    }
    const signingKey = keyPair;
    return {
      session: state.session,
      stamp: (payload) => createStamp({ payload, keyPair: signingKey }),
      reportRejected,
    };
  }

  /** Marks the session revoked or expired after the service rejected its signature. */
  async function reportRejected(error: unknown): Promise<void> {
    if (!isSessionRejected(error)) {
      return;
    }
    const state = view();
    // The service's clock passed expiresAt before ours did: re-authenticate (rule 7), which is
    // not the same as having been signed out from another device.
    await (hasServiceReason(error, 'sessionTimedOut') && state.status === 'active'
      ? end('expired', state.session.id)
      : end('revoked'));
  }

  /**
   * Looks at this device's session again (catalogue SES-22): reads the key slot, which sets the
   * machine's timers anew from the clock (a refresh or expiry held back by a hidden tab or a
   * sleeping device happens now) and picks up a session another tab made meanwhile; then lets
   * the check machine decide whether to ask the service. A chunk that cannot load waits.
   */
  function recheck(): void {
    if (view().status !== 'active') {
      return;
    }
    loadOnDemand().then(
      async (loaded) => {
        await readStored();
        const state = view();
        if (state.status === 'active') {
          check ??= loaded.createSessionCheck(ports);
          const { event, end: ending } = await check(state.session.id);
          if (event) {
            send(event);
          }
          if (ending) {
            await end(ending.reason, ending.sessionId);
          }
        }
      },
      () => undefined,
    );
  }

  function recheckWhenVisible(): void {
    if (document.visibilityState === 'visible') {
      recheck();
    }
  }

  /** What the session's effects (session.effects.ts, loaded on demand) may use. */
  const ports: RefreshContext = {
    api,
    keyStore,
    lock: options.lock ?? createLockRunner({ databaseName: `${keyStore.namespace}.locks` }),
    clock,
    sessionKeyMode: options.sessionKeyMode ?? 'documented',
    snapshot: lifecycle.getSnapshot,
    readStored: () => readStored().then(() => keyPair),
    commit,
  };

  /**
   * Refreshes `due`, the session that was due when the refresh was asked for (catalogue
   * SES-03/04/05), and applies the outcome. Anything that throws, a chunk that cannot be fetched
   * included, counts as a failed refresh: the machine backs off.
   */
  async function runRefresh(due: ActiveSession, epoch: number): Promise<ActiveSession> {
    const outcome: RefreshOutcome = await loadOnDemand()
      .then((loaded) => {
        // Never synchronously within refresh(): a subscriber calling it again shares this one.
        send({ type: 'REFRESH_STARTED', sessionId: due.id, now: clock.now() });
        return loaded.runRefresh(ports, due, () => epoch === endings);
      })
      .catch((error: unknown) => ({ error, retry: true }));
    if ('session' in outcome) {
      return outcome.session;
    }
    if (outcome.retry) {
      send(refreshFailedEvent(due.id, outcome.error, clock.now(), random()));
    }
    if (outcome.end) {
      await end(outcome.end.reason, outcome.end.sessionId, true);
    }
    throw outcome.error;
  }

  /** Refreshes the session; concurrent calls (and other tabs) share one refresh. */
  function refresh(): Promise<ActiveSession> {
    refreshing ??= (async () => {
      // The due session is taken now, before waiting for the lock (catalogue SES-04).
      const epoch = endings;
      let state = view();
      if (state.status !== 'active') {
        await init().catch(() => undefined);
        state = view();
      }
      if (state.status !== 'active') {
        throw state.status === 'expired' ? sessionExpired() : noSession();
      }
      return runRefresh(state.session, epoch);
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /**
   * `SessionManager.signOut`. Does not wait for another tab's refresh; a late result of one is
   * swept afterwards (SES-05). A call while one runs (a double click) sends nothing (SES-21).
   */
  function signOut(options: { revoke?: boolean } = {}): Promise<SignOutOutcome> {
    signingOut ??= runSignOut(options).finally(() => {
      signingOut = undefined;
    });
    return signingOut;
  }

  async function runSignOut(options: { revoke?: boolean }): Promise<SignOutOutcome> {
    await init().catch(() => undefined);
    const state = view();
    let outcome: SignOutOutcome = { revoked: true };
    if (state.status === 'active') {
      outcome = { revoked: false, serverSessionExpiresAt: state.session.expiresAt };
      if (options.revoke !== false) {
        try {
          const { stamp } = await requireStamper();
          const loaded = await loadOnDemand();
          await loaded.revokeOnService(ports, state.session, stamp, state.session.id);
          outcome = { revoked: true };
        } catch {
          // Any failure still signs this device out locally: the key is deleted below either way
          // and the service session then simply expires (catalogue SES-08), which the outcome
          // tells the UI. (Already inactive on the service counts as revoked.)
        }
      }
    }
    await end('signedOut');
    if (state.status === 'active' || state.status === 'expired') {
      sweepLateRefresh(state.session.id).catch(() => undefined);
    }
    return outcome;
  }

  /**
   * After a sign-out, waits for any refresh another tab has in flight (it holds the lock) and
   * undoes a result that slipped into the key slot anyway, then tells every tab (SES-05).
   */
  async function sweepLateRefresh(endedSessionId: string): Promise<void> {
    const revoke = await (await loadOnDemand()).sweepLateRefresh(ports, endedSessionId);
    if (revoke !== undefined) {
      await end('signedOut', undefined, true);
      await revoke();
    }
  }

  /** `SessionManager.revokeSession`: this device's own session signs out. */
  async function revokeSession(sessionId: string): Promise<void> {
    const { session, stamp } = await requireStamper();
    if (sessionId === session.id) {
      await signOut();
      return;
    }
    try {
      await (await loadOnDemand()).revokeOnService(ports, session, stamp, sessionId);
    } catch (error) {
      await reportRejected(error);
      throw error;
    }
  }

  return {
    getSnapshot: view,
    subscribe(listener: () => void) {
      init().catch(() => undefined);
      // Subscribers hear of changes to the view, not of the machine's timer bookkeeping.
      let last = view();
      return lifecycle.subscribe(() => {
        const next = view();
        if (next !== last) {
          last = next;
          listener();
        }
      });
    },
    init,
    adopt,
    requireStamper,
    refresh,
    signOut,
    revokeSession,
    knownSessionIds: (): readonly string[] => [...lifecycle.getSnapshot().knownSessionIds],
    recheck,
    dispose() {
      lifecycle.dispose();
      stopListening?.();
      globalThis.document?.removeEventListener?.('visibilitychange', recheckWhenVisible);
      channel?.close();
    },
  };
}
