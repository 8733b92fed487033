/**
 * The transitions every credential flow shares once it has stopped — cancelled, or failed with a
 * typed error (docs/contributing.md §2.4: the machines stay pure; this only picks the next transition).
 */

type Transition<S, F> = readonly [S, readonly F[]];

/** The events a stopped flow answers; the flows' own unions carry these members. */
type StopEvent = { type: 'RETRY'; now: number } | { type: 'START' } | { type: 'CANCEL' };

/** What a failed state says about trying again (a retryable error, maybe not before `retryAt`). */
export interface RetryPolicy {
  retryable: boolean;
  retryAt?: number | undefined;
}

/** Options of {@link stoppedTransition}. */
export interface StoppedOptions<S, E, F> {
  /** The flow's idle state (CANCEL goes back to it). */
  initial: S;
  /** Starts the same attempt again (RETRY). */
  retry(): Transition<S, F>;
  /** Starts over with the START event's target. */
  start(event: Extract<E, { type: 'START' }>): Transition<S, F>;
  /** For a failed state: whether RETRY is allowed now. Absent (cancelled): always. */
  policy?: RetryPolicy;
}

/**
 * The next transition of a cancelled or failed flow: RETRY starts again (from a failure only when
 * it is retryable and its `retryAt` has passed), START starts over, CANCEL returns to idle, and
 * every other event is ignored.
 * @param state - The stopped state.
 * @param event - The event received.
 * @param options - The flow's idle state and how it starts.
 */
export function stoppedTransition<S, E extends { type: string }, F>(
  state: S,
  event: E,
  options: StoppedOptions<S, E, F>,
): Transition<S, F> {
  const stop = event as E & StopEvent;
  switch (stop.type) {
    case 'RETRY': {
      const { policy } = options;
      const allowed =
        policy === undefined ||
        (policy.retryable && (policy.retryAt === undefined || stop.now >= policy.retryAt));
      return allowed ? options.retry() : [state, []];
    }
    case 'START':
      return options.start(event as Extract<E, { type: 'START' }>);
    case 'CANCEL':
      return [options.initial, []];
    default:
      return [state, []];
  }
}
