/**
 * Order statistics for the bench tables: linear interpolation between closest ranks (the
 * "type 7" estimator of R and NumPy), so the median of an even count is the mean of the middle two.
 */

/** Distribution of one measured quantity. */
export interface Summary {
  count: number;
  min: number;
  median: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The `p`-quantile (0 ≤ p ≤ 1) of values already sorted ascending.
 * @throws RangeError for an empty list or `p` outside [0, 1].
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    throw new RangeError('quantile of an empty list');
  }
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`quantile p must be within [0, 1], got ${p}`);
  }
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

/**
 * Summarises a sample (any order; the input is not modified).
 * @throws RangeError for an empty sample.
 */
export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: quantile(sorted, 0),
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
    mean: total / sorted.length,
  };
}

/** mulberry32: a seeded PRNG in [0, 1), so fault draws are repeatable run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** User + system CPU time this process has used, in ms. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
