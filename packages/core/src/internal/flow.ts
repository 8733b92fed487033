import { type Clock, systemClock } from './clock.js';
import type { Subscribable } from './subscribable.js';

/**
 * A pure machine (docs/contributing.md §2.4): a state union discriminated on `status`, an event union,
 * an effect union and one transition function. It performs no I/O and reads no clock.
 */
export interface Machine<S extends { status: string }, E extends { type: string }, F> {
  initial: S;
  transition(state: S, event: E): readonly [S, readonly F[]];
}

/** The interpreter's built-in timer effect: feeds `event` back at epoch-ms `at`. */
export interface ScheduleEffect<E> {
  type: 'schedule';
  at: number;
  event: E;
}

/** What an effect runner receives besides the effect. */
export interface EffectContext<E> {
  /** Feeds an outcome back into the flow; ignored once the effect is aborted. */
  send(event: E): void;
  /** Aborted when the state that started the effect is left, or on `dispose()`. */
  signal: AbortSignal;
  clock: Clock;
}

/** Runs one effect of a machine, feeding its outcome back as an event. */
export type EffectRunner<E, F> = (effect: F, context: EffectContext<E>) => void | Promise<void>;

/** A running flow: `getSnapshot`, `subscribe`, `send`, and `dispose`. */
export interface Flow<S, E> extends Subscribable<S> {
  send(event: E): void;
  /** Aborts every in-flight effect and timer; the state is left as it is. */
  dispose(): void;
}

export interface CreateFlowOptions<S> {
  clock?: Clock;
  /** Start from this state instead of the machine's initial state. */
  initialState?: S;
  /** Reports an effect runner that threw instead of sending an event (a kit bug). */
  onEffectError?: (error: unknown) => void;
}

function isSchedule<E>(effect: unknown): effect is ScheduleEffect<E> {
  return (
    typeof effect === 'object' &&
    effect !== null &&
    (effect as { type?: unknown }).type === 'schedule' &&
    typeof (effect as { at?: unknown }).at === 'number'
  );
}

/**
 * The one interpreter (docs/contributing.md §2.4): holds the state, notifies subscribers once per
 * transition after the state is replaced, runs each effect with its own `AbortController`, and
 * aborts the effects of a state when the flow leaves that state's `status` (or on `dispose`).
 * Events a state does not accept return the same state object and notify nobody.
 */
export function createFlow<S extends { status: string }, E extends { type: string }, F>(
  machine: Machine<S, E, F>,
  runEffect: EffectRunner<E, F>,
  options: CreateFlowOptions<S> = {},
): Flow<S, E> {
  const clock = options.clock ?? systemClock;
  let state = options.initialState ?? machine.initial;
  const listeners = new Set<() => void>();
  let inFlight: { status: string; controller: AbortController }[] = [];
  let disposed = false;
  let queue: E[] = [];
  let draining = false;

  function abortWhere(predicate: (status: string) => boolean) {
    const keep: typeof inFlight = [];
    for (const entry of inFlight) {
      if (predicate(entry.status)) {
        entry.controller.abort();
      } else {
        keep.push(entry);
      }
    }
    inFlight = keep;
  }

  function start(effect: F, status: string) {
    const controller = new AbortController();
    inFlight.push({ status, controller });
    const context: EffectContext<E> = {
      signal: controller.signal,
      clock,
      send: (event) => {
        if (!controller.signal.aborted && !disposed) {
          inFlight = inFlight.filter((entry) => entry.controller !== controller);
          send(event);
        }
      },
    };
    if (isSchedule<E>(effect)) {
      const cancel = clock.setTimeout(() => context.send(effect.event), effect.at - clock.now());
      controller.signal.addEventListener('abort', cancel, { once: true });
      return;
    }
    try {
      const result = runEffect(effect, context);
      if (result instanceof Promise) {
        result.catch((error: unknown) => options.onEffectError?.(error));
      }
    } catch (error) {
      options.onEffectError?.(error);
    }
  }

  function step(event: E) {
    const [next, effects] = machine.transition(state, event);
    if (next === state && effects.length === 0) {
      return;
    }
    const previous = state;
    state = next;
    if (previous.status !== next.status) {
      abortWhere((status) => status !== next.status);
    }
    if (previous !== next) {
      for (const listener of [...listeners]) {
        listener();
      }
    }
    for (const effect of effects) {
      start(effect, next.status);
    }
  }

  // Events sent from listeners or synchronous effects are queued so each transition completes
  // (state replaced, subscribers notified) before the next begins.
  function send(event: E) {
    if (disposed) {
      return;
    }
    queue.push(event);
    if (draining) {
      return;
    }
    draining = true;
    try {
      while (queue.length > 0) {
        const next = queue[0]!;
        queue = queue.slice(1);
        step(next);
      }
    } finally {
      draining = false;
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    send,
    dispose() {
      disposed = true;
      abortWhere(() => true);
      listeners.clear();
    },
  };
}
