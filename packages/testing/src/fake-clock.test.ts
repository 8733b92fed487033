import { describe, expect, it } from 'vitest';
import { createFakeClock } from './fake-clock.js';

describe('createFakeClock', () => {
  it('given timers, should run only those due by the new time, earliest first, with the clock at each due time', () => {
    const clock = createFakeClock(1_000);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => fired.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`c@${clock.now()}`), 500);
    expect(clock.advance(300)).toBe(1_300);
    expect(fired).toEqual(['a@1100', 'b@1200']);
    expect(clock.pendingTimers()).toBe(1);
  });

  it('given a callback that schedules inside the window, should run it in the same advance; a cancelled timer never runs', () => {
    const clock = createFakeClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 50);
    }, 10);
    const cancel = clock.setTimeout(() => fired.push(-1), 20);
    cancel();
    clock.advance(100);
    expect(fired).toEqual([10, 60]);
    expect(clock.now()).toBe(100);
  });

  it('given a negative, NaN or infinite step, or a bad start, should refuse it (time never goes back)', () => {
    const clock = createFakeClock(0);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => createFakeClock(Number.NaN)).toThrow(RangeError);
    expect(clock.now()).toBe(0);
  });
});
