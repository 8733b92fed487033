#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
/**
 * Measures the JavaScript the examples' sign-in pages load in Chromium, gzip -9 per file:
 * the first load of the page that shows the kit's `SignIn`, then what a complete e-mail code
 * sign-in fetches on demand; next to a page with React and TanStack Query alone, built by the
 * same bundler from the same installed packages.
 *
 *   node scripts/check-examples.mjs --keep DIR       (installs and builds the examples)
 *   node scripts/measure-examples.mjs --dir DIR [--json FILE]
 */
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, json: { type: 'string' }, example: { type: 'string' } },
});
if (values.dir === undefined) {
  process.stderr.write(
    'measure-examples: --dir DIR (from check-examples.mjs --keep DIR) is required\n',
  );
  process.exit(2);
}
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
delete env.NODE_OPTIONS;

/** The baseline: one component reading a query, React and TanStack Query only. */
const BASELINE_COMPONENT = `
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
function Hello() {
  const query = useQuery({ queryKey: ['hello'], queryFn: async () => 'hello' });
  return <p>{query.data ?? 'loading'}</p>;
}
export function Baseline() {
  const [client] = useState(() => new QueryClient());
  return <QueryClientProvider client={client}><Hello /></QueryClientProvider>;
}
`;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`measure-examples: ${command} ${args.join(' ')} failed in ${cwd}`);
  }
}

/** Builds the baseline next to an installed example, reusing its node_modules. */
function buildBaseline(example, exampleDir) {
  const dir = join(exampleDir, '.baseline');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(exampleDir, 'node_modules'), join(dir, 'node_modules'));
  if (example === 'vite-react') {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/baseline.tsx'), BASELINE_COMPONENT);
    writeFileSync(
      join(dir, 'src/main.tsx'),
      "import { createRoot } from 'react-dom/client';\nimport { Baseline } from './baseline';\ncreateRoot(document.getElementById('root')!).render(<Baseline />);\n",
    );
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    );
    writeFileSync(
      join(dir, 'vite.config.mjs'),
      "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
    );
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    run('npx', ['vite', 'build'], dir);
    return { command: 'npx', args: ['vite', 'preview', '--port'], dir };
  }
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'app/baseline.tsx'), `'use client';\n${BASELINE_COMPONENT}`);
  writeFileSync(
    join(dir, 'app/layout.tsx'),
    'import type { ReactNode } from \'react\';\nexport default function Layout({ children }: { children: ReactNode }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    join(dir, 'app/page.tsx'),
    "import { Baseline } from './baseline';\nexport default function Page() { return <Baseline />; }\n",
  );
  cpSync(join(exampleDir, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  run('npx', ['next', 'build', '--webpack'], dir);
  return { command: 'npx', args: ['next', 'start', '-p'], dir };
}

/** gzip -9 bytes of every JavaScript response seen while `action` runs. */
async function jsDuring(page, action) {
  const files = new Map();
  const onResponse = async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !response.url().endsWith('.js')) {
      return;
    }
    try {
      const body = await response.body();
      files.set(response.url(), gzipSync(body, { level: 9 }).length);
    } catch {
      // A redirect or an aborted response has no body.
    }
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const bytes = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files: files.size, gzipKiB: +(bytes / 1024).toFixed(1) };
}

async function measure(example) {
  const exampleDir = join(values.dir, example);
  const require = createRequire(join(exampleDir, 'package.json'));
  const { chromium } = require('@playwright/test');
  const testing = await import(require.resolve('@wallet-auth/testing'));
  const { startServer } = await import(require.resolve('@wallet-auth/testing/playwright'));
  const sandbox = await testing.startSandboxServer();
  const app = await startServer({
    command: 'npm',
    args: ['start'],
    cwd: exampleDir,
    env: { WALLET_AUTH_UPSTREAM: sandbox.baseUrl },
  });
  const baseline = buildBaseline(example, exampleDir);
  const baselineServer = await startServer({
    command: 'sh',
    args: ['-c', `${baseline.command} ${baseline.args.join(' ')} "$PORT"`],
    cwd: baseline.dir,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  });
  try {
    const context = await browser.newContext({ baseURL: app.url });
    const setup = await context.newPage();
    await setup.goto('/');
    await setup.getByLabel('Email').fill(`measure-${Date.now()}@example.com`);
    await setup.getByRole('button', { name: 'Create account' }).click();
    await setup.locator('[data-sign-in]').waitFor();
    await setup.close();

    // A fresh page of the signed-up user: the sign-in page's first load.
    const page = await context.newPage();
    const firstLoad = await jsDuring(page, async () => {
      await page.goto('/');
      await page.locator('[data-sign-in] button[data-otp-button]').waitFor();
    });
    const onDemand = await jsDuring(page, () => signInWithEmailCode(page));
    const reference = await browser.newPage();
    const alone = await jsDuring(reference, async () => {
      await reference.goto(baselineServer.url);
      await reference.getByText('hello').waitFor();
    });
    return { example, firstLoad, otpSignInOnDemand: onDemand, reactAndReactQueryAlone: alone };
  } finally {
    await browser.close();
    await baselineServer.stop();
    await app.stop();
    await sandbox.close();
  }
}

/** The e-mail code sign-in through the kit's `SignIn`, up to the signed-in page. */
async function signInWithEmailCode(page) {
  await page.locator('[data-sign-in] button[data-otp-button]').click();
  await page.locator('[data-otp-sign-in] input').fill('000000');
  await page.getByRole('region', { name: 'Account security' }).waitFor();
}

if (values.example !== undefined) {
  // One example per process: Playwright refuses to be loaded twice (each example has its own).
  process.stdout.write(`RESULT ${JSON.stringify(await measure(values.example))}\n`);
  process.exit(0);
}
const results = ['vite-react', 'next-app-router'].map((example) => {
  const child = spawnSync(
    process.execPath,
    [new URL(import.meta.url).pathname, '--dir', values.dir, '--example', example],
    { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  const line = child.stdout.split('\n').find((text) => text.startsWith('RESULT '));
  if (child.status !== 0 || line === undefined) {
    process.stdout.write(child.stdout);
    throw new Error(`measure-examples: measuring ${example} failed`);
  }
  return JSON.parse(line.slice(7));
});
process.stdout.write(
  '\nexample            first load (files, gzip KiB)   OTP sign-in on demand   React + react-query alone\n',
);
for (const r of results) {
  process.stdout.write(
    `${r.example.padEnd(19)}${`${r.firstLoad.files} files, ${r.firstLoad.gzipKiB}`.padEnd(31)}${`${r.otpSignInOnDemand.files} files, ${r.otpSignInOnDemand.gzipKiB}`.padEnd(24)}${r.reactAndReactQueryAlone.files} files, ${r.reactAndReactQueryAlone.gzipKiB}\n`,
  );
}
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
}
