/**
 * Child processes of the bench (servers and the load driver run apart from each other on the
 * 2-core machine): TypeScript through tsx, the workspace's source condition, and a request/reply
 * protocol over the IPC channel. Every child is killed by id when the bench ends.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A message from the parent: `{id, type, payload}`. */
export interface ChildRequest {
  id: number;
  type: string;
  payload: unknown;
}

/** The child's answer to one request. */
export type ChildReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string };

/** A running child with typed request/reply. */
export interface BenchChild {
  readonly pid: number | undefined;
  /** Sends `type` with `payload` and resolves with the child's result (rejects after `timeoutMs`). */
  request<T>(type: string, payload?: unknown, timeoutMs?: number): Promise<T>;
  /** Kills this child (SIGTERM, then SIGKILL after 2 s) and waits for it to exit. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) {
    child.kill('SIGKILL');
  }
});

/**
 * Forks `module` (a path relative to `bench/`) under tsx; resolves once the child has answered
 * its `ready` request.
 */
export async function startChild(module: string, readyTimeoutMs = 30_000): Promise<BenchChild> {
  const path = fileURLToPath(new URL(`../${module}`, import.meta.url));
  const child = fork(path, [], {
    execArgv: [
      '--import',
      'tsx',
      '--conditions=@wallet-auth/source',
      // BENCH_CPU_PROF=<dir> writes a V8 CPU profile per child (for finding what dominates).
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  live.add(child);
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  child.on('message', (message: ChildReply) => {
    const pending = waiting.get(message.id);
    if (pending === undefined) {
      return;
    }
    waiting.delete(message.id);
    if (message.ok) {
      pending.resolve(message.result);
    } else {
      pending.reject(new Error(`${module}: ${message.error}`));
    }
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      for (const pending of waiting.values()) {
        pending.reject(new Error(`${module} exited (${code ?? signal}) before answering`));
      }
      waiting.clear();
      resolve();
    });
  });

  const handle: BenchChild = {
    pid: child.pid,
    request<T>(type: string, payload?: unknown, timeoutMs = 120_000): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`${module}: no answer to "${type}" within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ id, type, payload } satisfies ChildRequest);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
  await handle.request('ready', undefined, readyTimeoutMs);
  return handle;
}

/**
 * The child side: answers each request with `handlers[type](payload)`; an unknown type or a
 * thrown error is answered `{ok: false}`. Exits when the parent goes away.
 */
export function serveParent(handlers: Record<string, (payload: unknown) => unknown>): void {
  if (process.send === undefined) {
    throw new Error('this module runs as a bench child process (no IPC channel)');
  }
  const send = process.send.bind(process);
  const all: Record<string, (payload: unknown) => unknown> = { ready: () => true, ...handlers };
  process.on('message', async (message: ChildRequest) => {
    const handler = all[message.type];
    try {
      if (handler === undefined) {
        throw new Error(`unknown request "${message.type}"`);
      }
      const result = await handler(message.payload);
      send({ id: message.id, ok: true, result } satisfies ChildReply);
    } catch (error) {
      send({
        id: message.id,
        ok: false,
        error: (error as Error).stack ?? String(error),
      } satisfies ChildReply);
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}
