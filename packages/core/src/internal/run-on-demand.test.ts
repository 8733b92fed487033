import { describe, expect, it, vi } from 'vitest';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { systemClock } from '../internal/clock.js';
import type { EffectContext } from './flow.js';
import { runOnDemand } from './load-chunk.js';

type Event = { type: 'DONE'; value: number } | { type: 'FAILED'; error: WalletAuthError };

function context() {
  const sent: Event[] = [];
  const ctx: EffectContext<Event> = {
    send: (event) => sent.push(event),
    signal: new AbortController().signal,
    clock: systemClock,
  };
  return { ctx, sent };
}

describe('runOnDemand (effects loaded on first use)', () => {
  it('given a chunk that loads, should run every effect with the one loaded runner', async () => {
    const load = vi.fn(async () => (effect: number, c: EffectContext<Event>) => {
      c.send({ type: 'DONE', value: effect * 2 });
    });
    const run = runOnDemand<Event, number>(load, (_effect, error) => ({ type: 'FAILED', error }));
    const { ctx, sent } = context();
    await run(1, ctx);
    await run(2, ctx);
    expect(sent).toEqual([
      { type: 'DONE', value: 2 },
      { type: 'DONE', value: 4 },
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('given a chunk that cannot be fetched, should send the effect’s failure event with the NETWORK_ERROR, then load again on the next effect', async () => {
    const offline = new WalletAuthError(
      'NETWORK_ERROR',
      'Part of the wallet kit could not be loaded',
    );
    const load = vi
      .fn<() => Promise<(effect: number, c: EffectContext<Event>) => void>>()
      .mockRejectedValueOnce(offline)
      .mockResolvedValueOnce((effect, c) => c.send({ type: 'DONE', value: effect }));
    const run = runOnDemand<Event, number>(load, (_effect, error) => ({ type: 'FAILED', error }));
    const { ctx, sent } = context();
    await run(7, ctx);
    expect(sent).toEqual([{ type: 'FAILED', error: offline }]);
    await run(8, ctx);
    expect(sent.at(-1)).toEqual({ type: 'DONE', value: 8 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('given a loader failing with something other than a kit error, should still send a typed failure with the cause', async () => {
    const broken = new TypeError('runner factory threw');
    const run = runOnDemand<Event, number>(
      () => Promise.reject(broken),
      (_effect, error) => ({ type: 'FAILED', error }),
    );
    const { ctx, sent } = context();
    await run(1, ctx);
    const [event] = sent;
    expect(event?.type).toBe('FAILED');
    const error = event?.type === 'FAILED' ? event.error : undefined;
    expect(error).toBeInstanceOf(WalletAuthError);
    expect(error).toMatchObject({ code: 'UNKNOWN', cause: broken });
  });
});
