#!/usr/bin/env node
/**
 * `npx @wallet-auth/sandbox [--port N] [--host H] [--config FILE] [--client-id ID] [--client-secret SECRET]`
 * (in this repository: `pnpm sandbox …`). Starts the emulator alone on loopback and prints its
 * base URL, the Basic credentials and the enclave public key.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { API_VERSION } from './app.js';
import { type RunningSandbox, startSandboxServer } from './node-server.js';
import { type SandboxOptions, SandboxOptionsError } from './options.js';

const USAGE = [
  'Usage: wallet-auth-sandbox [--port 8787] [--host 127.0.0.1] [--config FILE] [--client-id ID] [--client-secret SECRET]',
  '  --config FILE  JSON file of createSandbox options (see the README), e.g. {"enclaveSigningKey": "random"}',
].join('\n');

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(2);
}

let args: ReturnType<typeof parseArgs>['values'];
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string', default: '127.0.0.1' },
      config: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(`--port must be an integer from 0 to 65535, got "${String(args.port)}"`);
}
let fileOptions: SandboxOptions = {};
if (typeof args.config === 'string') {
  try {
    fileOptions = JSON.parse(readFileSync(args.config, 'utf8')) as SandboxOptions;
  } catch (error) {
    fail(`cannot read --config ${args.config}: ${(error as Error).message}`);
  }
  if ('clock' in fileOptions || 'random' in fileOptions) {
    fail('"clock" and "random" can only be passed to createSandbox(), not in a config file');
  }
}
const host = String(args.host);
let running: RunningSandbox;
try {
  running = await startSandboxServer({
    port,
    hostname: host,
    sandbox: {
      ...fileOptions,
      ...(typeof args['client-id'] === 'string' ? { clientId: args['client-id'] } : {}),
      ...(typeof args['client-secret'] === 'string' ? { clientSecret: args['client-secret'] } : {}),
    },
  });
} catch (error) {
  if (error instanceof SandboxOptionsError) {
    fail(error.message);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    fail(
      `port ${port} is already in use; pick another with --port N (or --port 0 for any free port)`,
    );
  }
  fail((error as Error).message);
}
const { sandbox, server } = running;
process.stdout.write(
  [
    `listening on http://${host}:${(server.address() as AddressInfo).port}/${API_VERSION}`,
    `HTTP Basic credentials: client id "${sandbox.options.clientId}", client secret "${sandbox.options.clientSecret}"`,
    `enclave public key: ${sandbox.enclavePublicKey}`,
    '',
  ].join('\n'),
);
const stop = () => {
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
