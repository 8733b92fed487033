import { describe, expect, it } from 'vitest';
import { quantile, seededRandom, summarize } from './stats.js';

describe('quantile', () => {
  it('given an even count, should take the mean of the middle two as the median', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it('given p between ranks, should interpolate linearly (type 7)', () => {
    expect(quantile([10, 20, 30, 40, 50], 0.9)).toBeCloseTo(46);
    expect(quantile([10, 20, 30, 40, 50], 0)).toBe(10);
    expect(quantile([10, 20, 30, 40, 50], 1)).toBe(50);
  });

  it('given an empty list or p outside [0, 1], should throw a RangeError', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
    expect(() => quantile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('given unsorted values, should sort a copy and report every order statistic', () => {
    const values = [5, 1, 4, 2, 3];
    expect(summarize(values)).toEqual({
      count: 5,
      min: 1,
      median: 3,
      p90: 4.6,
      p99: 4.96,
      max: 5,
      mean: 3,
    });
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });
});

describe('seededRandom', () => {
  it('given the same seed, should repeat the same draws in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 100 }, () => a());
    expect(draws).toEqual(Array.from({ length: 100 }, () => b()));
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(draws[0]);
  });
});
