/**
 * A private X server for the WebKitGTK MiniBrowser, which has no headless mode (`POST /session`
 * hangs without a display). `-displayfd` lets Xvfb pick a free display and report it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { withTimeout } from './with-timeout.js';

/** A running Xvfb and its `DISPLAY` value. */
export interface VirtualDisplay {
  display: string;
  stop(): void;
}

/** Starts Xvfb on the first free display. */
export async function startXvfb(): Promise<VirtualDisplay> {
  const child: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const displayPipe = child.stdio[3] as NodeJS.ReadableStream;
  const number = await withTimeout(
    new Promise<string>((resolve, reject) => {
      let text = '';
      displayPipe.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\n')) {
          resolve(text.trim());
        }
      });
      child.on('error', (error) =>
        reject(
          new Error(
            `could not start Xvfb (${error.message}): run "node scripts/setup.mjs --engines" (apt-get install xvfb)`,
          ),
        ),
      );
      child.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${stderr.trim()}`)));
    }),
    15_000,
    'Xvfb did not report a display within 15 s',
  );
  return {
    display: `:${number}`,
    stop() {
      child.kill('SIGTERM');
    },
  };
}
