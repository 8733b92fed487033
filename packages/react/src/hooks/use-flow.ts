import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** The part of a core flow a hook binds to (docs/contributing.md §2.5). */
export interface BindableFlow<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
  /** Aborts in-flight effects and timers; the flow is not used again. */
  dispose(): void;
}

/**
 * Binds a core flow to a component (docs/contributing.md §2.5, TanStack `useBaseQuery`, XState
 * `useActorRef`): the flow is created once by a lazy initialiser, read through
 * `useSyncExternalStore`, and disposed on unmount, which aborts its requests and timers
 * (catalogue UI-05). Under StrictMode's simulated unmount the disposed flow is replaced by a
 * fresh one, so the remounted component still works.
 *
 * @param create - Makes the flow; called once per mounted component.
 * @returns The flow (for its intents) and its current state.
 */
export function useFlow<S, F extends BindableFlow<S>>(create: () => F): { flow: F; state: S } {
  const [flow, setFlow] = useState(create);
  const createRef = useRef(create);
  createRef.current = create;
  const disposed = useRef(false);

  useEffect(() => {
    if (disposed.current) {
      disposed.current = false;
      setFlow(createRef.current());
      return undefined;
    }
    return () => {
      disposed.current = true;
      flow.dispose();
    };
  }, [flow]);

  const state = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  return { flow, state };
}

/**
 * Calls `onChange` with each new state of `flow`, from the flow's own notification rather than
 * after a render: a component that the new state unmounts (an app that hides `SignIn` once the
 * session is active) still reports it, exactly once. The callback is read from a ref, so
 * consumers may pass inline functions (`onSuccess`/`onError` props). An error it throws is
 * rethrown in a microtask (an uncaught error, as from an event handler) and never breaks the flow.
 *
 * @param flow - The flow from {@link useFlow}.
 * @param onChange - Called with each new state.
 */
export function useFlowListener<S>(flow: BindableFlow<S>, onChange: (state: S) => void): void {
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    let last = flow.getSnapshot();
    return flow.subscribe(() => {
      const next = flow.getSnapshot();
      if (next === last) {
        return;
      }
      last = next;
      try {
        callback.current(next);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    });
  }, [flow]);
}
