#!/usr/bin/env node
/**
 * `npx @wallet-auth/sandbox [--port N] [--host H] [--config FILE] [--client-id ID] [--client-secret SECRET]`
 * (in this repository: `pnpm sandbox …`). Starts the emulator alone on loopback and prints its
 * base URL, the Basic credentials and the enclave public key.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { API_VERSION, createSandbox } from './app.js';
import { SandboxConnectionDropped } from './faults.js';
import { nodeSandboxCrypto } from './node.js';
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
let sandbox: ReturnType<typeof createSandbox>;
try {
  sandbox = createSandbox({
    ...fileOptions,
    crypto: nodeSandboxCrypto, // native OpenSSL: same bytes as the portable default
    ...(typeof args['client-id'] === 'string' ? { clientId: args['client-id'] } : {}),
    ...(typeof args['client-secret'] === 'string' ? { clientSecret: args['client-secret'] } : {}),
  });
} catch (error) {
  if (error instanceof SandboxOptionsError) {
    fail(error.message);
  }
  throw error;
}
const host = String(args.host);
// A `dropBeforeCommit`/`dropAfterCommit` fault (wire-format §14) becomes a real socket reset.
const fetchWithDrops = async (request: Request, env: HttpBindings | Http2Bindings) => {
  try {
    return await sandbox.fetch(request);
  } catch (error) {
    if (error instanceof SandboxConnectionDropped) {
      env.incoming.socket.destroy();
    }
    throw error;
  }
};
const server = serve({ fetch: fetchWithDrops, port, hostname: host }, (info) => {
  process.stdout.write(
    [
      `listening on http://${host}:${info.port}/${API_VERSION}`,
      `HTTP Basic credentials: client id "${sandbox.options.clientId}", client secret "${sandbox.options.clientSecret}"`,
      `enclave public key: ${(sandbox as { enclavePublicKey?: string }).enclavePublicKey ?? '(not yet configured)'}`,
      '',
    ].join('\n'),
  );
});
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    fail(
      `port ${port} is already in use; pick another with --port N (or --port 0 for any free port)`,
    );
  }
  fail(error.message);
});
const stop = () => {
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
