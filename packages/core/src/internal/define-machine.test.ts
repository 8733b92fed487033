import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { acceptedEvents, defineMachine } from './define-machine.js';
import { createFlow, type Machine, type ScheduleEffect } from './flow.js';

type State =
  | { status: 'idle' }
  | { status: 'working'; id: string }
  | { status: 'waiting'; id: string; until: number }
  | { status: 'done'; id: string };

type Event =
  | { type: 'START'; id: string }
  | { type: 'PAUSE'; until: number }
  | { type: 'RESUME' }
  | { type: 'FINISH' }
  | { type: 'NOTHING' }
  | { type: 'CANCEL' };

type Effect = { type: 'work'; id: string } | { type: 'log'; text: string } | ScheduleEffect<Event>;

const idle: State = { status: 'idle' };

function create() {
  return defineMachine<State, Event, Effect>({
    initial: idle,
    on: { CANCEL: () => idle },
    states: {
      idle: {
        ignore: ['CANCEL'],
        on: {
          START: (_, event) => [
            { status: 'working', id: event.id },
            [{ type: 'log', text: 'start' }],
          ],
        },
      },
      working: {
        entry: (state) => [{ type: 'work', id: state.id }],
        on: {
          PAUSE: (state, event) => ({ status: 'waiting', id: state.id, until: event.until }),
          FINISH: (state) => ({ status: 'done', id: state.id }),
          // Same status: no entry effects again.
          START: (state, event) => (event.id === state.id ? undefined : { ...state, id: event.id }),
        },
      },
      waiting: {
        entry: (state) => [{ type: 'schedule', at: state.until, event: { type: 'RESUME' } }],
        on: { RESUME: (state) => ({ status: 'working', id: state.id }) },
      },
      done: { ignore: ['CANCEL'] },
    },
  });
}

const machine = create();
const allEvents: Event[] = [
  { type: 'START', id: 'a' },
  { type: 'PAUSE', until: 10 },
  { type: 'RESUME' },
  { type: 'FINISH' },
  { type: 'NOTHING' },
  { type: 'CANCEL' },
];

describe('defineMachine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a handler that returns a state, should move to it with no effects', () => {
    const working: State = { status: 'working', id: 'a' };
    const [next, effects] = machine.transition(working, { type: 'FINISH' });
    expect(next).toEqual({ status: 'done', id: 'a' });
    expect(effects).toEqual([]);
  });

  it("given a handler that returns [state, effects] into a new status, should run the handler's effects then the entry effects", () => {
    const [next, effects] = machine.transition(machine.initial, { type: 'START', id: 'a' });
    expect(next).toEqual({ status: 'working', id: 'a' });
    expect(effects).toEqual([
      { type: 'log', text: 'start' },
      { type: 'work', id: 'a' },
    ]);
  });

  it('given a transition within the same status, should not run the entry effects again', () => {
    const working: State = { status: 'working', id: 'a' };
    const [next, effects] = machine.transition(working, { type: 'START', id: 'b' });
    expect(next).toEqual({ status: 'working', id: 'b' });
    expect(effects).toEqual([]);
  });

  it('given a handler that returns undefined, should return the same state object and no effects', () => {
    const working: State = { status: 'working', id: 'a' };
    const [next, effects] = machine.transition(working, { type: 'START', id: 'a' });
    expect(next).toBe(working);
    expect(effects).toEqual([]);
  });

  it('given an event no handler of the state takes, should return the same state object and no effects', () => {
    const waiting: State = { status: 'waiting', id: 'a', until: 5 };
    const [next, effects] = machine.transition(waiting, { type: 'NOTHING' });
    expect(next).toBe(waiting);
    expect(effects).toEqual([]);
  });

  it('given a machine-wide handler, should apply it in a state without its own handler, and not in a state that ignores it', () => {
    const waiting: State = { status: 'waiting', id: 'a', until: 5 };
    expect(machine.transition(waiting, { type: 'CANCEL' })[0]).toBe(idle);
    const done: State = { status: 'done', id: 'a' };
    expect(machine.transition(done, { type: 'CANCEL' })[0]).toBe(done);
    const fresh: State = { status: 'idle' };
    expect(machine.transition(fresh, { type: 'CANCEL' })[0]).toBe(fresh);
  });

  it("given a state's own handler for a machine-wide event, should use the state's handler", () => {
    const own = defineMachine<State, Event, Effect>({
      initial: idle,
      on: { CANCEL: () => idle },
      states: {
        idle: {},
        working: { on: { CANCEL: (state) => ({ status: 'done', id: state.id }) } },
        waiting: {},
        done: {},
      },
    });
    const [next] = own.transition({ status: 'working', id: 'a' }, { type: 'CANCEL' });
    expect(next).toEqual({ status: 'done', id: 'a' });
  });

  it('given an event whose type names a property of Object.prototype, should ignore it', () => {
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const working: State = { status: 'working', id: 'a' };
      const [next, effects] = machine.transition(working, { type } as unknown as Event);
      expect(next, type).toBe(working);
      expect(effects).toEqual([]);
    }
  });

  it('given each status, should read its accepted events from the declaration: its own handlers and the machine-wide ones it does not ignore', () => {
    expect(acceptedEvents(machine, 'idle')).toEqual(['START']);
    expect(acceptedEvents(machine, 'working').sort()).toEqual([
      'CANCEL',
      'FINISH',
      'PAUSE',
      'START',
    ]);
    expect(acceptedEvents(machine, 'waiting').sort()).toEqual(['CANCEL', 'RESUME']);
    expect(acceptedEvents(machine, 'done')).toEqual([]);
  });

  it('given every status, should leave the state untouched on every event it does not accept', () => {
    const states: State[] = [
      { status: 'idle' },
      { status: 'working', id: 'a' },
      { status: 'waiting', id: 'a', until: 5 },
      { status: 'done', id: 'a' },
    ];
    for (const state of states) {
      const accepted = acceptedEvents(machine, state.status);
      for (const event of allEvents.filter((candidate) => !accepted.includes(candidate.type))) {
        const [next, effects] = machine.transition(state, event);
        expect(next, `${state.status} × ${event.type}`).toBe(state);
        expect(effects).toEqual([]);
      }
    }
  });

  it('given a machine not built by defineMachine, should refuse to read its accepted events', () => {
    const plain: Machine<State, Event, Effect> = {
      initial: idle,
      transition: (state) => [state, []],
    };
    expect(() => acceptedEvents(plain, 'idle')).toThrow(TypeError);
  });

  it('given a timer as an entry effect, should be run by the one interpreter with its clock', async () => {
    vi.useFakeTimers({ now: 0 });
    const worked: string[] = [];
    const flow = createFlow(machine, (effect) => {
      if (effect.type === 'work') {
        worked.push(effect.id);
      }
    });
    flow.send({ type: 'START', id: 'a' });
    flow.send({ type: 'PAUSE', until: 1000 });
    expect(flow.getSnapshot()).toEqual({ status: 'waiting', id: 'a', until: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(flow.getSnapshot().status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.getSnapshot()).toEqual({ status: 'working', id: 'a' });
    expect(worked).toEqual(['a', 'a']);
    flow.dispose();
  });

  it('given the declaration, should narrow each handler to its state and event, and require every status', () => {
    defineMachine<State, Event, Effect>({
      initial: idle,
      states: {
        idle: {},
        working: {
          on: {
            PAUSE: (state, event) => {
              expectTypeOf(state).toEqualTypeOf<Extract<State, { status: 'working' }>>();
              expectTypeOf(event).toEqualTypeOf<{ type: 'PAUSE'; until: number }>();
              return undefined;
            },
          },
        },
        waiting: {},
        done: {},
      },
    });
    defineMachine<State, Event, Effect>({
      initial: idle,
      // @ts-expect-error -- `done` is missing: every status must be declared.
      states: { idle: {}, working: {}, waiting: {} },
    });
    defineMachine<State, Event, Effect>({
      initial: idle,
      // @ts-expect-error -- `STOP` is not an event of the machine.
      on: { STOP: () => idle },
      states: { idle: {}, working: {}, waiting: {}, done: {} },
    });
  });
});
