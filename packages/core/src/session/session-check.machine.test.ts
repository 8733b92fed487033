import { describe, expect, it } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  createSessionCheckMachine,
  type SessionCheckEvent,
  type SessionCheckState,
} from './session-check.machine.js';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const machine = createSessionCheckMachine();

function run(events: SessionCheckEvent[], from: SessionCheckState = machine.initial) {
  let state = from;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const recheck = (now = NOW, sessionId = 'Session:a'): SessionCheckEvent => ({
  type: 'RECHECK',
  sessionId,
  now,
});
const checked = (now: number | undefined, sessionId = 'Session:a'): SessionCheckEvent => ({
  type: 'CHECKED',
  sessionId,
  now,
});

describe('session-check machine: transition table (SES-22)', () => {
  it('given idle and a recheck, should check the session once; a recheck while checking is ignored', () => {
    const { state, effects } = run([recheck(), recheck(NOW + 1)]);
    expect(state).toEqual({ status: 'checking', sessionId: 'Session:a', confirmed: undefined });
    expect(effects).toEqual([[{ type: 'check', sessionId: 'Session:a' }], []]);
  });

  it('given a confirmation, should not ask about that session again for the interval, then ask', () => {
    const { state, effects } = run([
      recheck(),
      checked(NOW + 50),
      recheck(NOW + 50 + CHECK_INTERVAL_MS - 1),
      recheck(NOW + 50 + CHECK_INTERVAL_MS),
    ]);
    expect(effects.slice(2)).toEqual([[], [{ type: 'check', sessionId: 'Session:a' }]]);
    expect(state.status).toBe('checking');
  });

  it('given a confirmation of another session, should check a new one at once', () => {
    const { effects } = run([recheck(), checked(NOW), recheck(NOW + 1, 'Session:b')]);
    expect(effects[2]).toEqual([{ type: 'check', sessionId: 'Session:b' }]);
  });

  it('given a check that could not tell (offline), should keep no confirmation and ask again next time', () => {
    const { state, effects } = run([recheck(), checked(undefined), recheck(NOW + 1)]);
    expect(effects[2]).toEqual([{ type: 'check', sessionId: 'Session:a' }]);
    expect(state.confirmed).toBeUndefined();
  });

  it('given a result for another session than the one checked, should ignore it', () => {
    const { state } = run([recheck()]);
    const [next, effects] = machine.transition(state, checked(NOW, 'Session:b'));
    expect(next).toBe(state);
    expect(effects).toEqual([]);
  });
});

describe('session-check machine: every state handles or ignores every event', () => {
  const states: Record<string, SessionCheckState> = {
    idle: machine.initial,
    checking: run([recheck()]).state,
  };
  const events: SessionCheckEvent[] = [recheck(), checked(NOW)];
  const handled: Record<string, SessionCheckEvent['type'][]> = {
    idle: ['RECHECK'],
    checking: ['CHECKED'],
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
