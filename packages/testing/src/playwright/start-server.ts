import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** The program, e.g. `node` or `npx`. */
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** Added to the environment; `PORT` is set to the chosen port. */
  env?: Record<string, string>;
  /** @defaultValue a free port */
  port?: number;
  /** Polled until it answers (any status below 500). @defaultValue '/' */
  readyPath?: string;
  /** @defaultValue 60000 */
  timeoutMs?: number;
}

/** A server process started by {@link startServer}. */
export interface RunningServer {
  /** `http://localhost:<port>` (a domain: passkeys refuse IP addresses). */
  url: string;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Stops the process and its children. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // The whole group: `npx next start` runs the server in a child process.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/**
 * Starts your app's server (e.g. the backend that mounts the proxy, pointed at the `sandbox`
 * fixture) on a free port and resolves once it answers. Rejects with the process's output when it
 * exits first or does not answer in time.
 *
 * @example
 * const app = await startServer({ command: 'node', args: ['server.js'],
 *   env: { WALLET_AUTH_UPSTREAM: sandbox.baseUrl } });
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  let output = '';
  const child = spawn(options.command, [...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const running: RunningServer = {
    url,
    port,
    output: () => output,
    stop: () => stopProcess(child),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const started = [options.command, ...(options.args ?? [])].join(' ');
  for (;;) {
    if (spawnError !== undefined) {
      throw new Error(`startServer: could not run "${started}": ${spawnError.message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `startServer: "${started}" exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`,
      );
    }
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/'}`);
      if (response.status < 500) {
        return running;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`startServer: "${started}" did not answer on ${url} in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
