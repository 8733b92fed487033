/**
 * Section 5: the proxy with its state in Redis (issue 18). Proxy overhead with Redis stores
 * against memory stores (median added over a direct call to the emulator, interleaved sequential
 * probe on loopback; target ≤ 1.5 ms with Redis), and complete OTP flows per second through one
 * and through two proxy instances sharing one Redis (closed loop, the bench's simulated users).
 * Processes: a private redis-server, the emulator, three proxy instances, the load drivers.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { startTestRedis } from '../../packages/proxy/src/testing/redis-server.js';
import { type BenchChild, startChild } from '../lib/child.js';
import { type Summary, summarize } from '../lib/stats.js';
import type { FirstUser, PrepareRequest, RunRequest, RunResult } from '../load/driver-process.js';
import type { ProbeTarget, SequentialFigures } from '../load/http-probes.js';
import type { EmulatorInfo } from '../servers/emulator-process.js';
import type { StoresProxyConfig, StoresProxyInfo } from '../servers/proxy-stores-process.js';
import { BENCH_ORIGIN } from './server-topology.js';

/** Latency of one call: direct, through the memory-store proxy, through the Redis-store proxy. */
export interface StoresOverhead {
  call: string;
  direct: Summary;
  memory: Summary;
  redis: Summary;
  /** Medians minus the direct median, ms. */
  memoryAddedMs: number;
  redisAddedMs: number;
  non2xx: number;
}

/** One closed-loop run through `instances` proxies sharing Redis. */
export interface StoresThroughput {
  instances: number;
  users: number;
  flows: number;
  failed: number;
  flowsPerSecond: number;
  flowMs: Summary | undefined;
}

export interface StoresReport {
  /** When the section ran and the machine's load average then (1, 5, 15 min). */
  measuredAt: string;
  loadAverage: number[];
  overhead: StoresOverhead[];
  throughput: StoresThroughput[];
}

/** How long and how many. */
export interface StoresSettings {
  probeCount: number;
  users: number;
  runMs: number;
}

export function storesSettings(quick: boolean): StoresSettings {
  return quick
    ? { probeCount: 200, users: 40, runMs: 4_000 }
    : { probeCount: 3_000, users: 100, runMs: 20_000 };
}

/** Runs the section; every process it starts is stopped before it returns. */
export async function benchProxyStores(
  settings: StoresSettings,
  log: (line: string) => void,
): Promise<StoresReport> {
  const measuredAt = new Date().toISOString();
  const loadAverage = loadavg().map((value) => Math.round(value * 100) / 100);
  const redis = await startTestRedis();
  const children: BenchChild[] = [];
  const child = async (module: string) => {
    const started = await startChild(module);
    children.push(started);
    return started;
  };
  try {
    const emulator = await child('servers/emulator-process.ts');
    const emulatorInfo = await emulator.request<EmulatorInfo>('start', {});
    const cookieSecret = randomBytes(32).toString('hex');
    const proxy = async (redisUrl?: string) => {
      const process = await child('servers/proxy-stores-process.ts');
      const config: StoresProxyConfig = {
        upstreamBaseUrl: emulatorInfo.baseUrl,
        clientId: emulatorInfo.clientId,
        clientSecret: emulatorInfo.clientSecret,
        origin: BENCH_ORIGIN,
        cookieSecret,
        ...(redisUrl === undefined ? {} : { redisUrl, namespace: 'bench' }),
      };
      return process.request<StoresProxyInfo>('start', config);
    };
    const memoryProxy = await proxy();
    const redisA = await proxy(redis.url);
    const redisB = await proxy(redis.url);
    const driver = async (info: StoresProxyInfo, users: number, runTag: string) => {
      const process = await child('load/driver-process.ts');
      const request: PrepareRequest = {
        target: {
          apiUrl: info.apiUrl,
          origin: BENCH_ORIGIN,
          cookieName: info.cookieName,
          enclavePublicKey: emulatorInfo.enclavePublicKey,
        },
        users,
        runTag,
      };
      await process.request('prepare', request, 300_000);
      return process;
    };

    log('stores: overhead probe (direct, memory stores, Redis stores)');
    const probeDriver = await driver(memoryProxy, 1, 'stores-memory');
    const memoryUser = await probeDriver.request<FirstUser>('firstUser');
    const redisDriver = await driver(redisA, 1, 'stores-redis');
    const redisUser = await redisDriver.request<FirstUser>('firstUser');
    const basic = `Basic ${Buffer.from(`${emulatorInfo.clientId}:${emulatorInfo.clientSecret}`).toString('base64')}`;
    const probe = (info: StoresProxyInfo, user: FirstUser): ProbeTarget => ({
      url: `${info.apiUrl}/2025-10-13/auth/credentials?accountId=${encodeURIComponent(user.accountId)}`,
      method: 'GET',
      headers: { Cookie: user.cookie, Origin: BENCH_ORIGIN },
    });
    const figures = await probeDriver.request<SequentialFigures[]>(
      'sequential',
      {
        targets: [
          {
            url: `${emulatorInfo.baseUrl}/auth/credentials?accountId=${encodeURIComponent(memoryUser.accountId)}`,
            method: 'GET',
            headers: { Authorization: basic },
          },
          probe(memoryProxy, memoryUser),
          probe(redisA, redisUser),
        ],
        count: settings.probeCount,
        warmup: Math.min(200, settings.probeCount),
      },
      600_000,
    );
    const [direct, memory, viaRedis] = figures as [
      SequentialFigures,
      SequentialFigures,
      SequentialFigures,
    ];
    const overhead: StoresOverhead[] = [
      {
        call: 'GET /auth/credentials',
        direct: direct.latencyMs,
        memory: memory.latencyMs,
        redis: viaRedis.latencyMs,
        memoryAddedMs: memory.latencyMs.median - direct.latencyMs.median,
        redisAddedMs: viaRedis.latencyMs.median - direct.latencyMs.median,
        non2xx: direct.non2xx + memory.non2xx + viaRedis.non2xx,
      },
    ];

    const throughput: StoresThroughput[] = [];
    const closedLoop: RunRequest = {
      durationMs: settings.runMs,
      maxFlows: 1_000_000,
      flowTimeoutMs: 30_000,
    };
    const summarise = (instances: number, users: number, results: RunResult[]) => {
      const records = results.flatMap((result) => result.records);
      const ok = records.filter((record) => record.ok);
      const windowMs = Math.max(...results.map((result) => result.drainedMs));
      throughput.push({
        instances,
        users,
        flows: ok.length,
        failed: records.length - ok.length,
        flowsPerSecond: ok.length / (windowMs / 1000),
        flowMs: ok.length === 0 ? undefined : summarize(ok.map((record) => record.durationMs)),
      });
    };
    log(`stores: ${settings.users} users through one instance with Redis`);
    const one = await driver(redisA, settings.users, 'stores-one');
    summarise(1, settings.users, [await one.request<RunResult>('run', closedLoop, 600_000)]);
    await one.stop();
    log(`stores: ${settings.users} users through two instances with Redis`);
    const half = Math.ceil(settings.users / 2);
    const [left, right] = await Promise.all([
      driver(redisA, half, 'stores-left'),
      driver(redisB, settings.users - half, 'stores-right'),
    ]);
    summarise(
      2,
      settings.users,
      await Promise.all([
        left.request<RunResult>('run', closedLoop, 600_000),
        right.request<RunResult>('run', closedLoop, 600_000),
      ]),
    );
    return { measuredAt, loadAverage, overhead, throughput };
  } finally {
    await Promise.all(children.map((started) => started.stop()));
    await redis.close();
  }
}
