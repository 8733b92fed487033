/**
 * The emulator on Node's HTTP server: what `npx @wallet-auth/sandbox` runs, and what test
 * fixtures start on a free port (`port: 0`). A `dropBeforeCommit`/`dropAfterCommit` fault
 * becomes a real socket reset.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { API_VERSION, createSandbox, type Sandbox } from './app.js';
import { nodeSandboxCrypto } from './crypto/node-crypto.js';
import { SandboxConnectionDropped } from './faults.js';
import type { SandboxOptions } from './options.js';

/** Options of {@link startSandboxServer}. */
export interface StartSandboxServerOptions {
  /** @defaultValue 0 (any free port) */
  port?: number;
  /** Interface to bind. @defaultValue '127.0.0.1' */
  hostname?: string;
  /** Options of the emulator (`createSandbox`); the native crypto backend is the default here. */
  sandbox?: SandboxOptions;
}

/** A running emulator. */
export interface RunningSandbox {
  /** `http://<hostname>:<port>`. */
  url: string;
  /** `url` + `/2025-10-13`: the `upstream.baseUrl` of a proxy. */
  baseUrl: string;
  /** The emulator itself (its events, seeded customers, enclave key). */
  sandbox: Sandbox;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts the emulator on Node's HTTP server. Rejects when the port is taken (`EADDRINUSE`).
 * @throws SandboxOptionsError for bad `sandbox` options, before anything listens.
 */
export async function startSandboxServer(
  options: StartSandboxServerOptions = {},
): Promise<RunningSandbox> {
  const hostname = options.hostname ?? '127.0.0.1';
  const sandbox = createSandbox({ crypto: nodeSandboxCrypto, ...options.sandbox });
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    try {
      return await sandbox.fetch(request);
    } catch (error) {
      if (error instanceof SandboxConnectionDropped) {
        env.incoming.socket.destroy();
      }
      throw error;
    }
  };
  return await new Promise((resolve, reject) => {
    const server = serve({ fetch, port: options.port ?? 0, hostname }, (info: AddressInfo) => {
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const url = `http://${host}:${info.port}`;
      resolve({
        url,
        baseUrl: `${url}/${API_VERSION}`,
        sandbox,
        server: server as Server,
        close: () =>
          new Promise((done) => {
            (server as Server).close(() => done());
            (server as Server).closeAllConnections();
          }),
      });
    }) as Server;
    server.once('error', reject);
  });
}
