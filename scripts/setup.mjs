#!/usr/bin/env node
/**
 * Bootstraps a fresh machine (Node 20 + npm only): pnpm, the workspace's packages and, with
 * `--chromium`, Debian's Chromium for Playwright and Vitest browser mode; with `--engines`, the
 * other browser engines of `pnpm test:engines` (Debian's Firefox ESR, WebKitGTK's WebDriver and
 * MiniBrowser, Xvfb); with `--redis`, Debian's redis-server for the proxy's shared-store tests
 * and benchmarks (the tests start their own private instance on loopback; the system service is
 * not used). Safe to run again: it installs only what is missing, in one apt-get run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PNPM_VERSION = '10.34.9';
const wantChromium = process.argv.includes('--chromium');
const wantEngines = process.argv.includes('--engines');
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

// 2. pnpm (corepack fails against this registry, docs/contributing.md §4): install the pinned version with npm.
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

/** Whether an executable is on PATH. */
function onPath(name) {
  return output('sh', ['-c', `command -v ${name}`]) !== undefined;
}

/**
 * Installs Debian packages with apt-get (as root, or through sudo), timing it.
 * @param packages - Package names.
 * @param what - What they are, for the messages.
 * @param ready - Tells whether the install worked.
 * @param help - What to do by hand when it did not.
 */
function aptInstall(packages, what, ready, help) {
  if (!onPath('apt-get')) {
    fail(`${what} not found and apt-get is not available. ${help}`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cmd = (args) => (isRoot ? run(args[0], args.slice(1)) : run('sudo', args));
  say(`installing ${what} (apt-get install ${packages.join(' ')})`);
  const started = Date.now();
  if (
    cmd(['apt-get', 'update', '-qq']) !== 0 ||
    cmd([
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      ...packages,
    ]) !== 0 ||
    !ready()
  ) {
    fail(`could not install ${what}. ${help}`);
  }
  say(`${what} installed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

// 3. Debian packages the tests drive, installed together in one apt-get run when missing:
//    Chromium for Playwright and Vitest browser mode (Playwright cannot download browsers here),
//    Firefox ESR and WebKitGTK for `pnpm test:engines` (engines/README.md), and redis-server for
//    the proxy's Redis store tests.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const firefox = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const miniBrowser =
  process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const redisServer = process.env.REDIS_SERVER_PATH ?? 'redis-server';
const debianParts = [
  {
    wanted: wantChromium,
    package: 'chromium',
    ready: () => existsSync(chromium),
    help: 'or install Chromium and set CHROMIUM_PATH=/path/to/chromium',
  },
  {
    wanted: wantEngines,
    package: 'firefox-esr',
    ready: () => existsSync(firefox),
    help: 'or set FIREFOX_PATH',
  },
  {
    wanted: wantEngines,
    package: 'webkit2gtk-driver',
    ready: () =>
      onPath(process.env.WEBKIT_WEBDRIVER ?? 'WebKitWebDriver') && existsSync(miniBrowser),
    help: 'or set WEBKIT_WEBDRIVER and WEBKIT_MINIBROWSER',
  },
  { wanted: wantEngines, package: 'xvfb', ready: () => onPath('Xvfb'), help: '' },
  { wanted: wantEngines, package: 'xauth', ready: () => onPath('xauth'), help: '' },
  {
    wanted: wantRedis,
    package: 'redis-server',
    ready: () => output(redisServer, ['--version']) !== undefined,
    help: 'or install Redis 7 and set REDIS_SERVER_PATH',
  },
];
const missing = debianParts.filter((part) => part.wanted && !part.ready());
if (missing.length > 0) {
  const names = missing.map((part) => part.package);
  aptInstall(
    names,
    `${names.join(', ')} (Firefox ESR and WebKitGTK are about 1 GB: 30 s to a few minutes)`,
    () => missing.every((part) => part.ready()),
    `Run "apt-get update && apt-get install -y ${names.join(' ')}" as root${missing
      .map((part) => part.help)
      .filter(Boolean)
      .map((help) => `, ${help}`)
      .join('')}, then retry.`,
  );
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
