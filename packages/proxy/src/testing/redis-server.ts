/**
 * A private Redis for tests and benchmarks (not shipped): Debian's `redis-server` on a free
 * loopback port, no persistence of its own (`--save '' --appendonly no`), stopped by its pid.
 * `restart({ keepData: true })` saves once on shutdown and loads it back, like a production
 * Redis with persistence; `keepData: false` comes back empty, like one without.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running private Redis. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The server's pid (changes across restarts). */
  pid(): number;
  /** Stops the server; `save` writes its data first so `start` loads it back. */
  stop(options?: { save?: boolean }): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Stops and starts it; `keepData` keeps what it held. */
  restart(options: { keepData: boolean }): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER_PATH ?? 'redis-server';

/** Throws a clear error when `redis-server` is not installed. */
export function requireRedisServer(): void {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new Error(
      `redis-server not found (${BINARY}): run "node scripts/setup.mjs --redis" or "apt-get install -y redis-server", or set REDIS_SERVER_PATH`,
    );
  }
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Sends one inline command and resolves with the first reply line (or on close). */
function command(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.end();
        resolve(reply.split('\r\n')[0]!);
      }
    });
    socket.once('close', () => resolve(reply));
    socket.write(`${text}\r\n`);
  });
}

/** Starts a private Redis on a free loopback port. */
export async function startTestRedis(): Promise<TestRedis> {
  requireRedisServer();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'wallet-auth-redis-'));
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const spawned = spawn(
      BINARY,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--dir',
        dir,
        '--dbfilename',
        'test.rdb',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    child = spawned;
    const deadline = Date.now() + 5_000;
    for (;;) {
      if (spawned.exitCode !== null) {
        throw new Error(`redis-server exited with ${spawned.exitCode} on port ${port}`);
      }
      try {
        if ((await command(port, 'PING')) === '+PONG') {
          return;
        }
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        spawned.kill('SIGKILL');
        throw new Error(`redis-server did not answer on port ${port} within 5 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop(options: { save?: boolean } = {}): Promise<void> {
    const running = child;
    if (running === undefined || running.exitCode !== null) {
      return;
    }
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    if (options.save === true) {
      await command(port, 'SHUTDOWN SAVE').catch(() => undefined);
    } else {
      process.kill(running.pid!, 'SIGKILL');
    }
    await exited;
    child = undefined;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid ?? -1,
    stop,
    start,
    async restart({ keepData }) {
      await stop({ save: keepData });
      if (!keepData) {
        rmSync(join(dir, 'test.rdb'), { force: true });
      }
      await start();
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
