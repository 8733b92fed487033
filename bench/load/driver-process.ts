/**
 * Bench child: the load driver. Holds the simulated users (each a kit client with its own cookie)
 * and runs bounded OTP sign-in loops and HTTP probes against the servers, in its own process so the
 * client crypto does not share an event loop with the proxy or the emulator.
 */
import { serveParent } from '../lib/child.js';
import { cpuMs } from '../lib/stats.js';
import { type ProbeTarget, runAutocannon, runInterleavedProbe } from './http-probes.js';
import { runPacedLoop } from './paced.js';
import {
  createSimUser,
  emptyRecord,
  type FlowRecord,
  type ProxyTarget,
  type SimUser,
} from './sim-user.js';

/** Payload of `prepare`. */
export interface PrepareRequest {
  target: ProxyTarget;
  users: number;
  /** Distinguishes the e-mails of separate runs against one emulator. */
  runTag: string;
}

/**
 * Payload of `run`: every loop stops at `durationMs` or `maxFlows`, whichever comes first.
 * Without `ratePerSecond` each user signs in back to back (closed loop: the load follows the
 * servers' speed). With it, flows start on a fixed schedule (open loop, as users arrive whether the
 * servers keep up or not), each on a free user; a flow that finds all users busy waits for one, and
 * its duration counts from its scheduled start (no coordinated omission).
 */
export interface RunRequest {
  durationMs: number;
  maxFlows: number;
  flowTimeoutMs: number;
  ratePerSecond?: number;
}

/** Answer of `run`. */
export interface RunResult {
  windowMs: number;
  /** Wall time until the last flow (started inside the window) ended. */
  drainedMs: number;
  records: FlowRecord[];
  accountIds: string[];
  /** CPU time the driver used during the run, in ms. */
  cpuMs: number;
}

/** What a latency probe needs to call as the first user. */
export interface FirstUser {
  cookie: string;
  accountId: string;
  credentialId: string;
}

let users: SimUser[] = [];

async function prepare(request: PrepareRequest): Promise<number> {
  users = [];
  const created: SimUser[] = [];
  let next = 0;
  // Sign-ups are not what is measured: 20 at a time.
  await Promise.all(
    Array.from({ length: Math.min(20, request.users) }, async () => {
      while (next < request.users) {
        const index = next++;
        created.push(await createSimUser(request.target, index, request.runTag));
      }
    }),
  );
  users = created.sort((a, b) => a.index - b.index);
  return users.length;
}

function driverError(user: SimUser, error: unknown): FlowRecord {
  // A bench bug, not a kit outcome: recorded (and visible in the report), never fatal to the run.
  return emptyRecord(user.index, `DRIVER_ERROR ${(error as Error).message}`.slice(0, 80));
}

/** Open loop (see `runPacedLoop`): flows start on schedule, each on the first free user. */
async function runPaced(request: RunRequest, rate: number): Promise<FlowRecord[]> {
  const outcomes = await runPacedLoop({
    workers: users,
    ratePerSecond: rate,
    durationMs: request.durationMs,
    maxFlows: request.maxFlows,
    run: (user) => user.signIn(request.flowTimeoutMs).catch((error) => driverError(user, error)),
  });
  return outcomes.map(({ result, durationMs, lateMs, queued }) => ({
    ...result,
    durationMs,
    ...(queued ? { waitedMs: lateMs } : {}),
  }));
}

/** Closed loop: every user signs in back to back until the window or `maxFlows` ends. */
async function runClosed(request: RunRequest): Promise<FlowRecord[]> {
  const records: FlowRecord[] = [];
  const deadline = performance.now() + request.durationMs;
  let launched = 0;
  await Promise.all(
    users.map(async (user) => {
      while (performance.now() < deadline && launched < request.maxFlows) {
        launched += 1;
        records.push(
          await user.signIn(request.flowTimeoutMs).catch((error) => driverError(user, error)),
        );
      }
    }),
  );
  return records;
}

async function run(request: RunRequest): Promise<RunResult> {
  const started = performance.now();
  const cpuBefore = cpuMs();
  const records =
    request.ratePerSecond === undefined
      ? await runClosed(request)
      : await runPaced(request, request.ratePerSecond);
  return {
    windowMs: request.durationMs,
    drainedMs: performance.now() - started,
    records,
    accountIds: users.map((user) => user.accountId),
    cpuMs: cpuMs() - cpuBefore,
  };
}

serveParent({
  prepare: (payload) => prepare(payload as PrepareRequest),
  run: (payload) => run(payload as RunRequest),
  firstUser: (): FirstUser => {
    const user = users[0];
    if (user === undefined) {
      throw new Error('prepare first');
    }
    return { cookie: user.cookie, accountId: user.accountId, credentialId: user.credentialId };
  },
  autocannon: (payload) => {
    const { target, connections, durationSeconds } = payload as {
      target: ProbeTarget;
      connections: number;
      durationSeconds: number;
    };
    return runAutocannon(target, connections, durationSeconds);
  },
  sequential: (payload) => {
    const { targets, count, warmup } = payload as {
      targets: ProbeTarget[];
      count: number;
      warmup: number;
    };
    return runInterleavedProbe(targets, count, warmup);
  },
});
