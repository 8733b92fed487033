/**
 * The demo in one process: the embedded sandbox emulator, the reference proxy in front of it and
 * the demo page, all on localhost. Ctrl-C stops everything.
 *
 *   pnpm --filter @wallet-auth/demo start [--port 5173] [--dev] [--config sandbox.json]
 *
 * Default: builds the page with Vite and serves it with the proxy's strict security headers.
 * `--dev`: Vite in middleware mode with hot reload (relaxed CSP, for working on the demo).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { createProxy, securityHeaders } from '@wallet-auth/proxy';
import { CONNECTIONS_CHECKING_INTERVAL_MS, hardenNodeServer } from '@wallet-auth/proxy/node';
import { createSandbox, type SandboxOptions } from '@wallet-auth/sandbox';
import { nodeSandboxCrypto } from '@wallet-auth/sandbox/node';
import { createDemoRoutes } from './demo-routes.js';
import { createDemoIdentityProvider } from './oidc/demo-identity-provider.js';

const here = dirname(fileURLToPath(import.meta.url));

function fail(message: string): never {
  process.stderr.write(`demo: ${message}\n`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '5173' },
    dev: { type: 'boolean', default: false },
    config: { type: 'string' },
  },
});
const port = Number(args.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  fail(`--port must be an integer from 1 to 65535, got "${args.port}"`);
}
// WebAuthn needs a domain as RP ID: IP addresses are not valid RP IDs, so the demo lives on localhost.
const origin = `http://localhost:${port}`;

let sandboxOptions: SandboxOptions = {};
if (args.config !== undefined) {
  try {
    sandboxOptions = JSON.parse(readFileSync(args.config, 'utf8')) as SandboxOptions;
  } catch (error) {
    fail(`cannot read --config ${args.config}: ${(error as Error).message}`);
  }
}

// A controllable clock so the e2e tests can expire challenges and sessions (demo-only route below).
// The emulator and the proxy read the same one: a test that moves time forward moves it for the
// proxy's rate-limit windows, cookies and caches too, so fifteen minutes of refreshes compressed
// into a second are not counted as a burst within one real minute (catalogue LOAD-6).
let clockOffsetMs = 0;
const demoClock = () => Date.now() + clockOffsetMs;
const identityProvider = await createDemoIdentityProvider(origin);
const sandbox = createSandbox({
  webauthn: { rpId: 'localhost', origins: [origin] },
  ...identityProvider.sandboxOptions,
  ...sandboxOptions,
  // The kit never needs the legacy magic stamps; with them on, a cookie alone could sign.
  acceptLegacyMagicValues: false,
  clock: demoClock,
  crypto: nodeSandboxCrypto, // native OpenSSL in this Node server: same bytes as the default
});
const proxy = createProxy({
  upstream: {
    // The sandbox runs in this process (the injected fetch); the demo sign-in accepts only a
    // loopback address as its upstream.
    baseUrl: 'http://127.0.0.1/2025-10-13',
    clientId: sandbox.options.clientId,
    clientSecret: sandbox.options.clientSecret,
    fetch: (request: Request) => sandbox.fetch(request),
  },
  // The demo's e-mail-only sign-in: against the in-process sandbox only (it warns at start).
  demoAuth: { allowSignInByEmailOnly: true },
  cookieSecret: process.env.DEMO_COOKIE_SECRET ?? randomBytes(32).toString('hex'),
  allowedOrigins: [origin],
  // Plain http on localhost: no HSTS for the name localhost.
  hsts: false,
  basePath: '/api',
  allowSandboxFunding: true,
  clock: demoClock,
});
const demoRoutes = createDemoRoutes({
  sandbox,
  origin,
  identityProvider,
  advanceClock: (ms) => {
    clockOffsetMs += ms;
    return demoClock();
  },
});

const apiListener = getRequestListener((request, env) =>
  proxy.fetch(request, {
    ...(env.incoming.socket.remoteAddress === undefined
      ? {}
      : { remoteAddress: env.incoming.socket.remoteAddress }),
    // The raw target, before the adapter's URL parsing resolves dot segments (BFF-01, BFF-02).
    ...(env.incoming.url === undefined ? {} : { rawUrl: env.incoming.url }),
  }),
);
const demoListener = getRequestListener((request) => demoRoutes.fetch(request));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let pageHandler: Handler;

if (args.dev) {
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    root: here,
    configFile: join(here, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { port: port + 1 } },
    appType: 'spa',
  });
  pageHandler = (req, res) => vite.middlewares(req, res);
} else {
  const { build } = await import('vite');
  process.stdout.write('demo: building the page…\n');
  await build({ root: here, configFile: join(here, 'vite.config.ts'), logLevel: 'warn' });
  const { serveStatic } = await import('@hono/node-server/serve-static');
  const { Hono } = await import('hono');
  const headers = securityHeaders();
  const pages = new Hono();
  pages.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) {
      c.header(name, value);
    }
  });
  pages.use('/assets/*', async (c, next) =>
    c.req.path.endsWith('.map') ? c.text('Not found', 404) : next(),
  );
  pages.use('/assets/*', serveStatic({ root: join(here, 'dist') }));
  pages.get('*', (c) => c.html(readFileSync(join(here, 'dist', 'index.html'), 'utf8')));
  pageHandler = getRequestListener((request) => pages.fetch(request));
}

// Deadlines on every connection: slow headers or bodies cannot hold the server (BFF-37).
const server = createServer(
  { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
  (req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      apiListener(req, res);
    } else if (url.startsWith('/__sandbox/')) {
      demoListener(req, res);
    } else {
      pageHandler(req, res);
    }
  },
);
hardenNodeServer(server);
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    fail(
      `port ${port} is already in use. Stop the other process or pick another port: --port 5180 (or PORT=5180).`,
    );
  }
  fail(error.message);
});
server.listen(port, 'localhost', () => {
  process.stdout.write(
    [
      '',
      `  Wallet Auth Kit demo: open ${origin}`,
      `  (proxy at ${origin}/api, embedded sandbox emulator in-process; Ctrl-C stops everything)`,
      '',
    ].join('\n'),
  );
});
const stop = () => {
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
