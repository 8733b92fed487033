/**
 * HTTP latency probes run from the driver process: autocannon (the tool; its histogram
 * resolves whole milliseconds) and a sequential keep-alive probe timed with `process.hrtime` for
 * µs figures on loopback, its targets interleaved request by request.
 */
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { type Summary, summarize } from '../lib/stats.js';

/** One HTTP request to repeat. */
export interface ProbeTarget {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Autocannon's figures for one target. */
export interface AutocannonFigures {
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
}

/** Runs autocannon against `target` for `durationSeconds` with `connections` sockets. */
export async function runAutocannon(
  target: ProbeTarget,
  connections: number,
  durationSeconds: number,
): Promise<AutocannonFigures> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections,
    duration: durationSeconds,
  });
  return {
    connections,
    durationSeconds,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function once(agent: Agent, target: ProbeTarget): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(
      target.url,
      { method: target.method, headers: target.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve({
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

/** Figures of the sequential probe. */
export interface SequentialFigures {
  latencyMs: Summary;
  /** Answers outside 2xx (the probe expects none). */
  non2xx: number;
}

/**
 * Sends `count` rounds of requests one after another, each round one request to every target in
 * turn, each target on its own keep-alive socket, after `warmup` unmeasured rounds. Interleaved,
 * the targets share the machine's slow and fast spells: timed one after the other, seconds
 * apart, a slow spell on a shared machine could land on either alone and move their difference
 * (the proxy's added latency) by more than the difference itself.
 * @returns One figure per target, in the order given.
 */
export async function runInterleavedProbe(
  targets: readonly ProbeTarget[],
  count: number,
  warmup: number,
): Promise<SequentialFigures[]> {
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    for (let round = 0; round < warmup; round++) {
      for (const [index, target] of targets.entries()) {
        await once(agents[index] as Agent, target);
      }
    }
    const times: number[][] = targets.map(() => []);
    const non2xx = targets.map(() => 0);
    for (let round = 0; round < count; round++) {
      for (const [index, target] of targets.entries()) {
        const { ms, status } = await once(agents[index] as Agent, target);
        times[index]?.push(ms);
        if (status < 200 || status > 299) {
          non2xx[index] = (non2xx[index] ?? 0) + 1;
        }
      }
    }
    return targets.map((_, index) => ({
      latencyMs: summarize(times[index] ?? []),
      non2xx: non2xx[index] ?? 0,
    }));
  } finally {
    for (const agent of agents) {
      agent.destroy();
    }
  }
}
