/**
 * The open-loop schedule of a paced load run: flow k is due at `k / rate` seconds after the start
 * and runs on the first free worker (a simulated user); when every worker is busy it waits, first
 * come first served. Its time counts from when it was due, so a late timer or a wait for a worker
 * is charged to the system under test, not hidden (no coordinated omission).
 */

/** What one paced flow reports next to the worker's own result. */
export interface PacedOutcome<T> {
  result: T;
  /** ms from the due time to the end of the flow. */
  durationMs: number;
  /** ms from the due time to the flow's start (timer lateness plus any wait for a worker). */
  lateMs: number;
  /** Whether every worker was busy when the flow was due. */
  queued: boolean;
}

/** The clock and timer of a paced run (injectable for tests). */
export interface PacedClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PacedClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Starts `min(maxFlows, ⌊durationMs · rate / 1000⌋)` flows on schedule over `workers` and resolves
 * with every outcome once the last flow ended; a flow that throws frees its worker, the others
 * run on, and the first error is thrown at the end.
 * @throws RangeError when `rate` is not a positive number or there is no worker.
 */
export async function runPacedLoop<W, T>(options: {
  workers: readonly W[];
  ratePerSecond: number;
  durationMs: number;
  maxFlows: number;
  run: (worker: W) => Promise<T>;
  clock?: PacedClock;
}): Promise<PacedOutcome<T>[]> {
  const { workers, ratePerSecond, durationMs, maxFlows, run } = options;
  const clock = options.clock ?? realClock;
  if (!(ratePerSecond > 0) || workers.length === 0) {
    throw new RangeError('a paced run needs a positive rate and at least one worker');
  }
  const intervalMs = 1000 / ratePerSecond;
  const total = Math.min(maxFlows, Math.floor(durationMs / intervalMs));
  const idle = [...workers];
  // Waiting flows, in arrival order; a freed worker goes straight to the first of them.
  const waiting: ((worker: W) => void)[] = [];
  const release = (worker: W) => {
    const next = waiting.shift();
    if (next === undefined) {
      idle.push(worker);
    } else {
      next(worker);
    }
  };
  const flow = async (dueAt: number): Promise<PacedOutcome<T>> => {
    const free = idle.shift();
    const queued = free === undefined;
    const worker = free ?? (await new Promise<W>((resolve) => waiting.push(resolve)));
    const lateMs = Math.max(0, clock.now() - dueAt);
    try {
      const result = await run(worker);
      return { result, durationMs: clock.now() - dueAt, lateMs, queued };
    } finally {
      release(worker);
    }
  };
  const started = clock.now();
  const flows: Promise<PacedOutcome<T>>[] = [];
  let failure: { error: unknown } | undefined;
  for (let k = 0; k < total; k++) {
    const dueAt = started + k * intervalMs;
    const delay = dueAt - clock.now();
    if (delay > 0) {
      await clock.sleep(delay);
    }
    const running = flow(dueAt);
    // Observed at once (not only at the end): the first error is rethrown once every flow ended.
    running.catch((error: unknown) => {
      failure ??= { error };
    });
    flows.push(running);
  }
  const outcomes = await Promise.allSettled(flows);
  if (failure !== undefined) {
    throw failure.error;
  }
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<PacedOutcome<T>>).value);
}
