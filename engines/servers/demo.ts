/**
 * The demo as the end-to-end tests run it (sandbox emulator + reference proxy + built page in one
 * process, `apps/demo/server.ts`), started with an emulator options file, on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../drivers/free-port.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running demo. */
export interface DemoServer {
  /** `http://localhost:<port>` (WebAuthn needs a domain as RP ID, so never 127.0.0.1). */
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the demo with `config` (emulator options) and waits until it answers.
 * @param config - Path of a sandbox options file, relative to `engines/`.
 */
export async function startDemo(config: string): Promise<DemoServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    'pnpm',
    [
      '--filter',
      '@wallet-auth/demo',
      'start',
      '--config',
      fileURLToPath(new URL(`../${config}`, import.meta.url)),
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: pnpm, tsx and the server stop together.
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the demo exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/__sandbox/info`);
      if (response.ok) {
        break;
      }
    } catch {
      // Still building.
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the demo did not answer within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async close() {
      stop();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
        } else {
          child.once('exit', () => resolve());
          setTimeout(resolve, 5_000).unref();
        }
      });
    },
  };
}
