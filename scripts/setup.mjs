#!/usr/bin/env node
/**
 * Bootstraps a fresh machine (Node 20 + npm only): pnpm, the workspace's packages and, with
 * `--chromium`, Debian's Chromium for Playwright and Vitest browser mode; with `--redis`,
 * Debian's redis-server for the proxy's shared-store tests and benchmarks (the tests start their
 * own private instance; the system service is not used). Safe to run again.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PNPM_VERSION = '10.34.9';
const wantChromium = process.argv.includes('--chromium');
const wantRedis = process.argv.includes('--redis');

function say(message) {
  process.stdout.write(`setup: ${message}\n`);
}

function fail(message) {
  process.stderr.write(`\nsetup: ${message}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) {
    fail(`could not run ${command}: ${result.error.message}`);
  }
  return result.status ?? 1;
}

function output(command, args) {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

// 1. Node: Vite 8 needs ≥ 20.19.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  fail(
    `Node ${process.versions.node} is too old: install Node 20.19 or newer (https://nodejs.org).`,
  );
}

// 2. pnpm (corepack fails against this registry, toolchain.md): install the pinned version with npm.
const pnpmVersion = output('pnpm', ['--version']);
if (pnpmVersion === undefined || !pnpmVersion.startsWith('10.')) {
  say(`installing pnpm ${PNPM_VERSION} with npm (found ${pnpmVersion ?? 'none'})`);
  if (
    run('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`, '--no-fund', '--no-audit']) !== 0
  ) {
    fail(
      `could not install pnpm. Run "npm install --global pnpm@${PNPM_VERSION}" yourself (with sudo if npm's global folder is not writable), then retry.`,
    );
  }
}

// 3. Chromium for browser tests (Playwright cannot download browsers here; use Debian's).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (wantChromium && !existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = output('sh', ['-c', 'command -v apt-get']) !== undefined;
  if (!hasApt) {
    fail(
      `Chromium not found at ${chromium}. Install Chromium and set CHROMIUM_PATH=/path/to/chromium, then retry.`,
    );
  }
  say('installing Debian chromium (about 20 s)');
  const sudo = isRoot ? [] : ['sudo'];
  const cmd = (args) => (isRoot ? run(args[0], args.slice(1)) : run(sudo[0], args));
  if (
    cmd(['apt-get', 'update', '-qq']) !== 0 ||
    cmd(['apt-get', 'install', '-y', '-qq', 'chromium']) !== 0 ||
    !existsSync(chromium)
  ) {
    fail(
      'could not install Chromium. Run "apt-get update && apt-get install -y chromium" as root, or set CHROMIUM_PATH, then retry.',
    );
  }
}

// 3b. redis-server for the proxy's Redis store tests (Debian's; the tests start it themselves).
const redisServer = process.env.REDIS_SERVER_PATH ?? 'redis-server';
if (wantRedis && output(redisServer, ['--version']) === undefined) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = output('sh', ['-c', 'command -v apt-get']) !== undefined;
  if (!hasApt) {
    fail(
      'redis-server not found. Install Redis 7 and put redis-server on PATH (or set REDIS_SERVER_PATH), then retry.',
    );
  }
  say('installing Debian redis-server (about 10 s)');
  const cmd = (args) => (isRoot ? run(args[0], args.slice(1)) : run('sudo', args));
  if (
    cmd(['apt-get', 'update', '-qq']) !== 0 ||
    cmd(['apt-get', 'install', '-y', '-qq', 'redis-server']) !== 0 ||
    output(redisServer, ['--version']) === undefined
  ) {
    fail(
      'could not install redis-server. Run "apt-get update && apt-get install -y redis-server" as root, or set REDIS_SERVER_PATH, then retry.',
    );
  }
}

// 4. The workspace's packages, exactly as locked.
say('installing workspace packages (pnpm install --frozen-lockfile)');
if (
  run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], {
    env: { ...process.env, CI: 'true' },
  }) !== 0
) {
  fail(
    'pnpm install failed; see the messages above. If the lockfile is outdated, run "pnpm install" and commit it.',
  );
}
