/**
 * The session lifecycle as a pure machine (docs/contributing.md §2.4): which state the device's session is
 * in (`loading`, `signedOut`, `active`, `expired`), when to refresh it and when it expires, the
 * refresh backoff after a failure (catalogue SES-03), and the ids of the sessions this tab has
 * held. The session manager runs it with the flows' interpreter; its I/O (the key store, the
 * refresh exchange, the other tabs) reports what happened as events. No I/O, no clock, no
 * randomness here: device time (`now`) and random draws arrive in events.
 */
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import type { Machine, ScheduleEffect } from '../internal/flow.js';
import type { KeyPersistence } from '../keys/key-store.js';
import { refreshRetryDelay } from './refresh-backoff.js';
import type { SessionState, SignedOutReason } from './session-manager.types.js';
import type { ActiveSession } from './session-record.js';

/** Failed automatic refreshes of one session and the earliest next try (server time). */
export interface RefreshRetry {
  sessionId: string;
  failures: number;
  notBefore: number;
}

/** The machine's state: the session as subscribers see it, plus what its timers need. */
export interface SessionMachineState {
  /** The view's status: the interpreter ends a state's timers when it changes. */
  status: SessionState['status'];
  /** What `getSnapshot()` returns; its identity changes only when it changes. */
  view: SessionState;
  /** Service clock minus device clock for the current session, ms (catalogue SES-09). */
  clockOffsetMs: number;
  retry: RefreshRetry | undefined;
  /** Ids of the sessions this tab has held, newest last, at most 32. */
  knownSessionIds: readonly string[];
  /** The timer set for the current session (device time), so a stale one is ignored. */
  timer: { kind: 'refresh' | 'expire'; at: number } | undefined;
}

/** What happened to the session; `now` is the device's time, epoch ms. */
export type SessionEvent =
  /** The key store holds a session (a reload, or another tab changed it). */
  | {
      type: 'RESTORED';
      session: ActiveSession;
      persistence: KeyPersistence;
      clockOffsetMs: number;
      now: number;
    }
  /** A verified or refreshed session was saved with its key: it is this device's session now. */
  | {
      type: 'ADOPTED';
      session: ActiveSession;
      persistence: KeyPersistence;
      clockOffsetMs: number;
      now: number;
    }
  /** There is no usable session (signed out here or in another tab, key gone, nothing stored). */
  | {
      type: 'SIGNED_OUT';
      reason: SignedOutReason | undefined;
      persistence: KeyPersistence | undefined;
    }
  /**
   * The active session's time is up (judged on the service's clock, or said by the service).
   * With `sessionId`, only that session expires; `ended` forgets its refresh failures.
   */
  | { type: 'EXPIRED'; sessionId?: string; ended: boolean }
  /**
   * A refresh of `sessionId` was asked for (ignored unless it is the active session); it reports
   * back with `ADOPTED`, `RESTORED` (another tab's), `REFRESH_FAILED`, `EXPIRED` or `SIGNED_OUT`.
   */
  | { type: 'REFRESH_STARTED'; sessionId: string; now: number }
  /**
   * A refresh of `sessionId` failed and may be tried again: after a backoff drawn with `random`
   * (in [0, 1)), never before `retryAfterMs` (a 429's `Retry-After`).
   */
  | {
      type: 'REFRESH_FAILED';
      sessionId: string;
      retryAfterMs: number;
      random: number;
      now: number;
    }
  /** A timer of the machine fired; `at` names it. */
  | { type: 'TIMER_FIRED'; at: number; now: number };

/**
 * The event that reports a failed refresh of `sessionId`: a 429's `Retry-After` becomes the
 * backoff's floor (docs/protocol.md §11.5).
 * @param sessionId - The session the refresh was for.
 * @param error - Why it failed.
 * @param now - The device's time.
 * @param random - A draw in [0, 1) for the backoff's jitter.
 */
export function refreshFailedEvent(
  sessionId: string,
  error: unknown,
  now: number,
  random: number,
): Extract<SessionEvent, { type: 'REFRESH_FAILED' }> {
  const seconds =
    isWalletAuthError(error) && error.code === 'RATE_LIMITED'
      ? Number(error.details?.retryAfterSeconds)
      : Number.NaN;
  return {
    type: 'REFRESH_FAILED',
    sessionId,
    retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : 0,
    random,
    now,
  };
}

/** The work the machine asks for: its timers, and an automatic refresh. */
export type SessionEffect = ScheduleEffect<SessionEvent> | { type: 'refresh' };

/** Options of `createSessionMachine`. */
export interface SessionMachineOptions {
  /** Refresh this long before `expiresAt`; 0 disables automatic refresh. */
  refreshMarginMs: number;
}

type Result = readonly [SessionMachineState, readonly SessionEffect[]];

const MAX_KNOWN_SESSION_IDS = 32;

function remember(ids: readonly string[], view: SessionState): readonly string[] {
  if ((view.status !== 'active' && view.status !== 'expired') || ids.at(-1) === view.session.id) {
    return ids;
  }
  return [...ids, view.session.id].slice(-MAX_KNOWN_SESSION_IDS);
}

/**
 * Builds the session machine.
 * @param options - The refresh margin.
 */
export function createSessionMachine(
  options: SessionMachineOptions,
): Machine<SessionMachineState, SessionEvent, SessionEffect> {
  const initial: SessionMachineState = {
    status: 'loading',
    view: { status: 'loading' },
    clockOffsetMs: 0,
    retry: undefined,
    knownSessionIds: [],
    timer: undefined,
  };

  /**
   * Moves to `view` and sets the timer an active session needs: the refresh, `refreshMarginMs`
   * before `expiresAt` and not before a backoff, unless it is refreshing, refresh is off or the
   * time is up; else the expiry.
   */
  function enter(
    state: SessionMachineState,
    view: SessionState,
    now: number | undefined,
    changes: Partial<Omit<SessionMachineState, 'view' | 'timer'>> = {},
  ): Result {
    const next: SessionMachineState = {
      ...state,
      ...changes,
      status: view.status,
      view,
      knownSessionIds: remember(state.knownSessionIds, view),
      timer: undefined,
    };
    if (view.status !== 'active' || now === undefined) {
      return [next, []];
    }
    const { id, expiresAt } = view.session;
    const serverNow = now + next.clockOffsetMs;
    const notBefore =
      next.retry?.sessionId === id ? next.retry.notBefore : Number.NEGATIVE_INFINITY;
    const refreshAt = Math.max(expiresAt - options.refreshMarginMs, notBefore);
    const refresh =
      options.refreshMarginMs > 0 &&
      serverNow < expiresAt &&
      refreshAt < expiresAt &&
      !view.refreshing;
    const at = now + Math.max(0, (refresh ? refreshAt : expiresAt) - serverNow);
    const timer = { kind: refresh ? ('refresh' as const) : ('expire' as const), at };
    return [
      { ...next, timer },
      [{ type: 'schedule', at, event: { type: 'TIMER_FIRED', at, now: at } }],
    ];
  }

  function expire(state: SessionMachineState, forget: boolean): Result {
    const { view } = state;
    if (view.status !== 'active') {
      return [state, []];
    }
    return enter(
      state,
      { status: 'expired', session: view.session, persistence: view.persistence },
      undefined,
      forget ? { retry: undefined } : {},
    );
  }

  function transition(state: SessionMachineState, event: SessionEvent): Result {
    const { view } = state;
    switch (event.type) {
      case 'RESTORED': {
        const { session, persistence, clockOffsetMs, now } = event;
        // A session found ended stays ended when its record is read again (catalogue SES-22).
        if (view.status === 'expired' && view.session.id === session.id) {
          return [state, []];
        }
        const expired = now + clockOffsetMs >= session.expiresAt;
        // The same session read again (a recheck, or a refresh reading the slot under the lock)
        // keeps its view, so nobody is notified and a refresh stays marked; its timers are set
        // anew from the clock.
        const unchanged =
          !expired &&
          view.status === 'active' &&
          view.session.id === session.id &&
          view.persistence === persistence;
        return enter(
          state,
          unchanged
            ? view
            : expired
              ? { status: 'expired', session, persistence }
              : { status: 'active', session, persistence, refreshing: false },
          now,
          { clockOffsetMs },
        );
      }
      case 'ADOPTED': {
        const { session, persistence, clockOffsetMs, now } = event;
        return enter(state, { status: 'active', session, persistence, refreshing: false }, now, {
          clockOffsetMs,
          retry: undefined,
        });
      }
      case 'SIGNED_OUT': {
        return enter(
          state,
          { status: 'signedOut', reason: event.reason, persistence: event.persistence },
          undefined,
          { retry: undefined },
        );
      }
      case 'EXPIRED': {
        if (
          view.status !== 'active' ||
          (event.sessionId !== undefined && event.sessionId !== view.session.id)
        ) {
          return [state, []];
        }
        return expire(state, event.ended);
      }
      case 'REFRESH_STARTED': {
        if (view.status !== 'active' || view.refreshing || view.session.id !== event.sessionId) {
          return [state, []];
        }
        return enter(state, { ...view, refreshing: true }, event.now);
      }
      case 'REFRESH_FAILED': {
        if (view.status !== 'active') {
          return [state, []];
        }
        if (view.session.id !== event.sessionId) {
          // Another session is active now: its own refresh, if any, is over.
          return view.refreshing
            ? enter(state, { ...view, refreshing: false }, event.now)
            : [state, []];
        }
        const failures = state.retry?.sessionId === event.sessionId ? state.retry.failures + 1 : 1;
        const delay = refreshRetryDelay(failures, () => event.random, event.retryAfterMs);
        const retry = {
          sessionId: event.sessionId,
          failures,
          notBefore: event.now + state.clockOffsetMs + delay,
        };
        return enter(state, view.refreshing ? { ...view, refreshing: false } : view, event.now, {
          retry,
        });
      }
      case 'TIMER_FIRED': {
        const { timer } = state;
        if (view.status !== 'active' || timer === undefined || timer.at !== event.at) {
          return [state, []];
        }
        if (timer.kind === 'refresh') {
          // The refresh reports back (REFRESH_STARTED, ADOPTED, REFRESH_FAILED, EXPIRED).
          return [{ ...state, timer: undefined }, [{ type: 'refresh' }]];
        }
        if (event.now + state.clockOffsetMs >= view.session.expiresAt) {
          return expire(state, false);
        }
        return enter(state, view, event.now);
      }
      default: {
        return event satisfies never;
      }
    }
  }

  return { initial, transition };
}
