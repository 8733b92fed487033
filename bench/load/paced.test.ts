import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runPacedLoop } from './paced.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the loop to completion on fake time. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const end = () => {
    done = true;
  };
  promise.then(end, end);
  while (!done) {
    await vi.advanceTimersToNextTimerAsync();
  }
  return promise;
}

describe('runPacedLoop', () => {
  it('starts flows on schedule when workers are free, and charges nothing extra', async () => {
    const starts: number[] = [];
    const outcomes = await settle(
      runPacedLoop({
        workers: ['a', 'b'],
        ratePerSecond: 10,
        durationMs: 1000,
        maxFlows: 1000,
        run: async (worker) => {
          starts.push(performance.now());
          await wait(50);
          return worker;
        },
      }),
    );
    expect(outcomes).toHaveLength(10);
    expect(starts.map((t) => Math.round(t - (starts[0] ?? 0)))).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900,
    ]);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ durationMs: 50, lateMs: 0, queued: false });
    }
  });

  it('queues flows first come first served when every worker is busy, timing them from when they were due', async () => {
    const order: number[] = [];
    let next = 0;
    const outcomes = await settle(
      runPacedLoop({
        workers: ['only'],
        ratePerSecond: 10,
        durationMs: 500,
        maxFlows: 1000,
        run: async () => {
          const id = next++;
          order.push(id);
          await wait(250);
          return id;
        },
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
    // Flow k is due at 100k ms and starts at 250k ms: it waited 150k ms, and that counts.
    expect(outcomes.map((o) => [o.result, o.queued, o.lateMs, o.durationMs])).toEqual([
      [0, false, 0, 250],
      [1, true, 150, 400],
      [2, true, 300, 550],
      [3, true, 450, 700],
      [4, true, 600, 850],
    ]);
  });

  it('frees the worker when a flow throws, and passes the error on', async () => {
    const run = vi.fn(async () => {
      await wait(10);
      throw new Error('bench bug');
    });
    const loop = runPacedLoop({
      workers: [1],
      ratePerSecond: 100,
      durationMs: 30,
      maxFlows: 9,
      run,
    });
    await expect(settle(loop)).rejects.toThrow('bench bug');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('stops at maxFlows and refuses a rate or worker pool that cannot run', async () => {
    const outcomes = await settle(
      runPacedLoop({
        workers: [1],
        ratePerSecond: 1000,
        durationMs: 1000,
        maxFlows: 3,
        run: async () => 'ok',
      }),
    );
    expect(outcomes).toHaveLength(3);
    const base = { durationMs: 1000, maxFlows: 3, run: async () => 'ok' };
    await expect(runPacedLoop({ ...base, workers: [1], ratePerSecond: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(
      runPacedLoop({ ...base, workers: [1], ratePerSecond: Number.NaN }),
    ).rejects.toThrow(RangeError);
    await expect(runPacedLoop({ ...base, workers: [], ratePerSecond: 10 })).rejects.toThrow(
      RangeError,
    );
  });
});
