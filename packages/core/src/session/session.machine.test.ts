import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import {
  createSessionMachine,
  refreshFailedEvent,
  type SessionEvent,
  type SessionMachineState,
} from './session.machine.js';
import type { ActiveSession } from './session-record.js';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const MARGIN = 60_000;
const machine = createSessionMachine({ refreshMarginMs: MARGIN });

const session = (id = 'Session:a', lifetimeMs = 15 * 60_000): ActiveSession => ({
  id,
  accountId: 'InternalAccount:1',
  credentialId: 'AuthMethod:1',
  type: 'EMAIL_OTP',
  nickname: 'ada@example.com',
  createdAt: new Date(NOW).toISOString(),
  expiresAt: NOW + lifetimeMs,
  publicKey: '02'.padEnd(66, 'a'),
});

function run(events: SessionEvent[], m = machine) {
  let state: SessionMachineState = m.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = m.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const adopted = (s = session(), now = NOW, clockOffsetMs = 0): SessionEvent => ({
  type: 'ADOPTED',
  session: s,
  persistence: 'indexeddb',
  clockOffsetMs,
  now,
});
const schedule = (at: number) => ({
  type: 'schedule',
  at,
  event: { type: 'TIMER_FIRED', at, now: at },
});

describe('session machine: transition table', () => {
  it('given loading + a stored session, should be active and set the refresh a margin before expiresAt', () => {
    const s = session();
    const { state, effects } = run([
      { type: 'RESTORED', session: s, persistence: 'indexeddb', clockOffsetMs: 0, now: NOW },
    ]);
    expect(state.view).toEqual({
      status: 'active',
      session: s,
      persistence: 'indexeddb',
      refreshing: false,
    });
    expect(effects).toEqual([[schedule(s.expiresAt - MARGIN)]]);
    expect(state.knownSessionIds).toEqual([s.id]);
  });

  it("given a stored session past expiresAt on the service's clock, should be expired with no timer", () => {
    const s = session('Session:a', 60_000);
    const { state, effects } = run([
      // The service is 61 s ahead: its clock says the session is over (catalogue SES-09).
      { type: 'RESTORED', session: s, persistence: 'memory', clockOffsetMs: 61_000, now: NOW },
    ]);
    expect(state.view).toEqual({ status: 'expired', session: s, persistence: 'memory' });
    expect(effects).toEqual([[]]);
  });

  it('given the refresh timer, should ask for a refresh; REFRESH_STARTED sets the expiry instead', () => {
    const s = session();
    const refreshAt = s.expiresAt - MARGIN;
    const { state, effects } = run([
      adopted(s),
      { type: 'TIMER_FIRED', at: refreshAt, now: refreshAt },
      { type: 'REFRESH_STARTED', sessionId: s.id, now: refreshAt + 5 },
    ]);
    expect(effects[1]).toEqual([{ type: 'refresh' }]);
    expect(state.view).toMatchObject({ status: 'active', refreshing: true });
    expect(effects[2]).toEqual([schedule(s.expiresAt)]);
  });

  it('given a refresh asked for and the slot read again under the lock (the same session), should keep the refreshing mark and notify nobody', () => {
    const s = session();
    const { state: refreshing } = run([
      adopted(s),
      { type: 'REFRESH_STARTED', sessionId: s.id, now: NOW },
    ]);
    const [next, effects] = machine.transition(refreshing, {
      type: 'RESTORED',
      session: s,
      persistence: 'indexeddb',
      clockOffsetMs: 0,
      now: NOW + 5,
    });
    expect(next.view).toBe(refreshing.view);
    expect(next.view).toMatchObject({ status: 'active', refreshing: true });
    expect(effects).toEqual([schedule(s.expiresAt)]);
  });

  it('given REFRESH_STARTED for a session that is no longer the active one, should ignore it', () => {
    const s = session();
    const { state, effects } = run([
      adopted(s),
      { type: 'REFRESH_STARTED', sessionId: 'Session:replaced', now: NOW + 5 },
    ]);
    expect(state.view).toMatchObject({ status: 'active', refreshing: false });
    expect(effects[1]).toEqual([]);
  });

  it('given a failed refresh, should back off 1 s (equal jitter) and set the next refresh after it', () => {
    const s = session();
    const refreshAt = s.expiresAt - MARGIN;
    const { state, effects } = run([
      adopted(s),
      { type: 'TIMER_FIRED', at: refreshAt, now: refreshAt },
      { type: 'REFRESH_STARTED', sessionId: s.id, now: refreshAt },
      refreshFailedEvent(s.id, new WalletAuthError('NETWORK_ERROR', 'offline'), refreshAt, 0),
    ]);
    expect(state.view).toMatchObject({ status: 'active', refreshing: false });
    expect(state.retry).toEqual({ sessionId: s.id, failures: 1, notBefore: refreshAt + 500 });
    expect(effects[3]).toEqual([schedule(refreshAt + 500)]);
  });

  it("given a 429 with Retry-After: 20 on a refresh, should wait at least the service's 20 s", () => {
    const s = session();
    const limited = new WalletAuthError('RATE_LIMITED', 'slow down', {
      details: { retryAfterSeconds: 20 },
    });
    const { state } = run([adopted(s), refreshFailedEvent(s.id, limited, NOW, 0.5)]);
    expect(state.retry?.notBefore).toBe(NOW + 20_000);
  });

  it('given a backoff that would pass expiresAt, should set the expiry rather than a refresh', () => {
    const s = session('Session:a', 61_000);
    const { effects } = run([
      adopted(s),
      {
        type: 'REFRESH_FAILED',
        sessionId: s.id,
        retryAfterMs: 120_000,
        random: 0.5,
        now: NOW,
      },
    ]);
    expect(effects[1]).toEqual([schedule(s.expiresAt)]);
  });

  it('given the expiry timer at expiresAt, should be expired; a stale timer is ignored', () => {
    const s = session();
    const { state } = run([
      adopted(s, NOW),
      { type: 'REFRESH_STARTED', sessionId: s.id, now: NOW },
      { type: 'TIMER_FIRED', at: s.expiresAt - MARGIN, now: s.expiresAt - MARGIN },
    ]);
    expect(state.view).toMatchObject({ status: 'active', refreshing: true });
    const [expired] = machine.transition(state, {
      type: 'TIMER_FIRED',
      at: s.expiresAt,
      now: s.expiresAt,
    });
    expect(expired.view).toEqual({ status: 'expired', session: s, persistence: 'indexeddb' });
  });

  it('given a refresh margin of 0, should set only the expiry', () => {
    const s = session();
    const { effects } = run([adopted(s)], createSessionMachine({ refreshMarginMs: 0 }));
    expect(effects).toEqual([[schedule(s.expiresAt)]]);
  });

  it('given a new session adopted, should forget the old one’s failures and remember both ids', () => {
    const first = session('Session:a');
    const second = session('Session:b');
    const { state } = run([
      adopted(first),
      refreshFailedEvent(first.id, new Error('x'), NOW, 0.5),
      adopted(second),
    ]);
    expect(state.retry).toBeUndefined();
    expect(state.knownSessionIds).toEqual([first.id, second.id]);
  });

  it('given 40 sessions, should remember the last 32 ids', () => {
    const events = Array.from({ length: 40 }, (_, index) => adopted(session(`Session:${index}`)));
    const { state } = run(events);
    expect(state.knownSessionIds).toHaveLength(32);
    expect(state.knownSessionIds.at(-1)).toBe('Session:39');
    expect(state.knownSessionIds[0]).toBe('Session:8');
  });

  it('given EXPIRED for another session than the active one, should ignore it', () => {
    const s = session();
    const { state } = run([adopted(s)]);
    const [next, effects] = machine.transition(state, {
      type: 'EXPIRED',
      sessionId: 'Session:other',
      ended: true,
    });
    expect(next).toBe(state);
    expect(effects).toEqual([]);
  });

  it('SES-22: given an expired session read again from the key store, should stay expired; another stored session becomes active', () => {
    const s = session();
    const { state } = run([adopted(s), { type: 'EXPIRED', sessionId: s.id, ended: false }]);
    const restored = (stored: ActiveSession): SessionEvent => ({
      type: 'RESTORED',
      session: stored,
      persistence: 'indexeddb',
      clockOffsetMs: 0,
      now: NOW,
    });
    const [same, none] = machine.transition(state, restored(s));
    expect(same).toBe(state);
    expect(none).toEqual([]);
    const next = session('Session:b');
    const [other] = machine.transition(state, restored(next));
    expect(other.view).toMatchObject({ status: 'active', session: { id: 'Session:b' } });
  });

  it('given a sign-out, should be signed out with its reason and forget the backoff', () => {
    const s = session();
    const { state, effects } = run([
      adopted(s),
      refreshFailedEvent(s.id, new Error('x'), NOW, 0.5),
      { type: 'SIGNED_OUT', reason: 'revoked', persistence: 'indexeddb' },
    ]);
    expect(state.view).toEqual({
      status: 'signedOut',
      reason: 'revoked',
      persistence: 'indexeddb',
    });
    expect(state.retry).toBeUndefined();
    expect(effects[2]).toEqual([]);
  });
});

describe('session machine: every state handles or ignores every event', () => {
  const s = session();
  const states: Record<string, SessionMachineState> = {
    loading: machine.initial,
    signedOut: run([{ type: 'SIGNED_OUT', reason: undefined, persistence: 'memory' }]).state,
    active: run([adopted(s)]).state,
    refreshing: run([adopted(s), { type: 'REFRESH_STARTED', sessionId: s.id, now: NOW }]).state,
    expired: run([adopted(s), { type: 'EXPIRED', ended: false }]).state,
  };
  const events: SessionEvent[] = [
    { type: 'RESTORED', session: s, persistence: 'indexeddb', clockOffsetMs: 0, now: NOW },
    adopted(s),
    { type: 'SIGNED_OUT', reason: 'signedOut', persistence: 'indexeddb' },
    { type: 'EXPIRED', ended: true },
    { type: 'REFRESH_STARTED', sessionId: s.id, now: NOW },
    { type: 'REFRESH_FAILED', sessionId: s.id, retryAfterMs: 0, random: 0.5, now: NOW },
    { type: 'TIMER_FIRED', at: NOW + 1, now: NOW + 1 },
  ];
  // Which events each state acts on; every other pair must return the same state object.
  const handled: Record<string, SessionEvent['type'][]> = {
    loading: ['RESTORED', 'ADOPTED', 'SIGNED_OUT'],
    signedOut: ['RESTORED', 'ADOPTED', 'SIGNED_OUT'],
    active: ['RESTORED', 'ADOPTED', 'SIGNED_OUT', 'EXPIRED', 'REFRESH_STARTED', 'REFRESH_FAILED'],
    refreshing: ['RESTORED', 'ADOPTED', 'SIGNED_OUT', 'EXPIRED', 'REFRESH_FAILED'],
    // The same session read again stays expired (SES-22); see the transition table.
    expired: ['ADOPTED', 'SIGNED_OUT'],
  };

  for (const [name, state] of Object.entries(states)) {
    it(`given ${name}, should act on ${handled[name]!.join(', ')} and ignore the rest`, () => {
      for (const event of events) {
        const [next, effects] = machine.transition(state, event);
        if (handled[name]!.includes(event.type)) {
          expect(next, `${name} × ${event.type}`).not.toBe(state);
        } else {
          expect(next, `${name} × ${event.type}`).toBe(state);
          expect(effects, `${name} × ${event.type}`).toEqual([]);
        }
      }
    });
  }
});
