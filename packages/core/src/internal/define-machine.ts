/**
 * Machines as data (docs/contributing.md §2.4.3): a declaration of what each state does `on` each
 * event, what the whole machine does on events most states accept (CANCEL), and the effects a
 * state starts when it is entered, turned into the pure `Machine` that `createFlow` runs.
 *
 * A handler returns the next state, `[next, effects]`, or `undefined` to ignore the event. An
 * event no handler takes, or that its handler ignores, returns the *same* state object and no
 * effects, so the interpreter notifies nobody. Timers are `schedule` effects (`internal/flow.ts`).
 */

import type { Machine } from './flow.js';

/** What a transition produces: the next state and the effects it asks for. */
export type Transition<S, F> = readonly [S, readonly F[]];

/** What a handler returns: a next state, a state with effects, or `undefined` (ignored). */
export type HandlerResult<S, F> = S | Transition<S, F> | undefined;

/** Handlers by event type; each receives the event narrowed to its type. */
export type EventHandlers<S, Current, E extends { type: string }, F> = {
  [T in E['type']]?: (state: Current, event: Extract<E, { type: T }>) => HandlerResult<S, F>;
};

/** One state of the declaration: the `Current` variant of the state union. */
export interface StateDefinition<S, Current, E extends { type: string }, F> {
  /** What this state does on each event; it takes precedence over the machine-wide `on`. */
  on?: EventHandlers<S, Current, E, F>;
  /** Machine-wide events this state does not accept (e.g. no CANCEL once an add is on its way). */
  ignore?: readonly E['type'][];
  /** Effects started whenever the machine enters this status from another one. */
  entry?: (state: Current) => readonly F[];
}

/** A machine's declaration: every status of `S` must be declared (exhaustive by its type). */
export interface MachineDefinition<S extends { status: string }, E extends { type: string }, F> {
  initial: S;
  states: { [K in S['status']]: StateDefinition<S, Extract<S, { status: K }>, E, F> };
  /** Handlers for every state that neither handles the event itself nor lists it in `ignore`. */
  on?: EventHandlers<S, S, E, F>;
}

/** A machine built by `defineMachine`: the pure contract plus the declaration it came from. */
export interface DefinedMachine<S extends { status: string }, E extends { type: string }, F>
  extends Machine<S, E, F> {
  readonly definition: MachineDefinition<S, E, F>;
}

type AnyHandler = (state: unknown, event: unknown) => unknown;
type AnyState = StateDefinition<unknown, unknown, { type: string }, unknown>;

const NO_EFFECTS: readonly never[] = Object.freeze([]);

function own(handlers: object | undefined, type: string): AnyHandler | undefined {
  // Own keys only: an event typed `constructor` must not reach Object's prototype.
  return handlers !== undefined && Object.hasOwn(handlers, type)
    ? (handlers as Record<string, AnyHandler>)[type]
    : undefined;
}

function handlerOf(
  definition: MachineDefinition<{ status: string }, { type: string }, unknown>,
  status: string,
  type: string,
): AnyHandler | undefined {
  const node = (definition.states as Record<string, AnyState>)[status];
  return (
    own(node?.on, type) ?? (node?.ignore?.includes(type) ? undefined : own(definition.on, type))
  );
}

/**
 * Turns a declaration into the pure `transition` of `internal/flow.ts`.
 * @param definition - The initial state, every state's handlers and entry effects, and the
 *   machine-wide handlers.
 * @example
 * const machine = defineMachine<State, Event, Effect>({
 *   initial: { status: 'idle' },
 *   on: { CANCEL: () => ({ status: 'idle' }) },
 *   states: {
 *     idle: { ignore: ['CANCEL'], on: { START: (_, event) => ({ status: 'busy', id: event.id }) } },
 *     busy: { entry: (state) => [{ type: 'work', id: state.id }], on: { DONE: () => ({ status: 'idle' }) } },
 *   },
 * });
 */
export function defineMachine<S extends { status: string }, E extends { type: string }, F>(
  definition: MachineDefinition<S, E, F>,
): DefinedMachine<S, E, F> {
  const untyped = definition as unknown as MachineDefinition<
    { status: string },
    { type: string },
    unknown
  >;

  function transition(state: S, event: E): Transition<S, F> {
    const handler = handlerOf(untyped, state.status, event.type);
    const result = handler?.(state, event) as HandlerResult<S, F>;
    if (result === undefined) {
      return [state, NO_EFFECTS];
    }
    const [next, effects] = Array.isArray(result)
      ? (result as Transition<S, F>)
      : [result as S, NO_EFFECTS];
    if (next.status === state.status) {
      return [next, effects];
    }
    const node = (untyped.states as Record<string, AnyState>)[next.status];
    const entered = (node?.entry?.(next) ?? NO_EFFECTS) as readonly F[];
    return [next, entered.length === 0 ? effects : [...effects, ...entered]];
  }

  return { initial: definition.initial, transition, definition };
}

/**
 * The event types a status accepts according to its machine's declaration: its own handlers and
 * the machine-wide ones it does not ignore. For table tests (docs/contributing.md §2.7), which
 * check that every other event leaves the state untouched.
 * @param machine - A machine built by `defineMachine`.
 * @param status - The status to read.
 * @throws TypeError when the machine was not built by `defineMachine`.
 */
export function acceptedEvents<S extends { status: string }, E extends { type: string }, F>(
  machine: Machine<S, E, F>,
  status: S['status'],
): E['type'][] {
  const { definition } = machine as Partial<DefinedMachine<S, E, F>>;
  if (definition === undefined) {
    throw new TypeError('acceptedEvents needs a machine built by defineMachine.');
  }
  const node = definition.states[status as S['status']] as AnyState;
  const handled = Object.keys(node.on ?? {});
  const wide = Object.keys(definition.on ?? {}).filter(
    (type) => !handled.includes(type) && !node.ignore?.includes(type),
  );
  return [...handled, ...wide] as E['type'][];
}
