#!/usr/bin/env node
/**
 * Installs each example of `examples/` the way a user would: from the packed tarballs (never
 * workspace links) into a temporary folder with npm, then builds it and runs its Playwright
 * tests (`@wallet-auth/testing/playwright`) in Chromium.
 *
 *   node scripts/check-examples.mjs [--tarballs DIR] [--only vite-react,next-app-router]
 *                                   [--keep DIR] [--json FILE] [--turbopack]
 *
 * `--tarballs` reuses the tarballs of `check-packages.mjs --keep DIR` (otherwise they are built
 * and packed here); `--keep` installs into DIR and leaves it for a look (or to run an example);
 * `--turbopack` also builds the Next example with Turbopack. Exits 1 on any failure; `--json`
 * writes one record per example: its steps with their seconds, and Playwright's counts.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    tarballs: { type: 'string' },
    only: { type: 'string' },
    keep: { type: 'string' },
    json: { type: 'string' },
    turbopack: { type: 'boolean', default: false },
  },
});

/** How each example is built; every example runs `npx playwright test`. */
const BUILDS = {
  'vite-react': [['npm', 'run', 'build']],
  'next-app-router': [['npm', 'run', 'build:webpack']],
};
const SKIPPED = new Set(['node_modules', 'dist', '.next', 'test-results', 'playwright-report']);

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
};
// The workspace's own Node options (source conditions) must not reach the examples.
delete env.NODE_OPTIONS;

function step(label, command, args, cwd, extraEnv = {}) {
  const started = Date.now();
  process.stdout.write(`\n--- ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  const seconds = +((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`--- ${label}: exit ${result.status ?? result.signal} in ${seconds}s\n`);
  return { label, ok: result.status === 0, seconds };
}

/** `@wallet-auth/<name>` → absolute tarball path. */
function findTarballs() {
  let dir = values.tarballs;
  if (dir === undefined || !existsSync(dir)) {
    dir = mkdtempSync(join(tmpdir(), 'wallet-auth-tarballs-'));
    const packed = spawnSync('node', [join(root, 'scripts/check-packages.mjs'), '--keep', dir], {
      cwd: root,
      stdio: 'inherit',
    });
    if (packed.status !== 0) {
      throw new Error('check-examples: packing the packages failed');
    }
  }
  const tarballs = {};
  for (const file of readdirSync(dir)) {
    const match = /^wallet-auth-(.+)-\d+\.\d+\.\d+(?:-[\w.]+)?\.tgz$/.exec(file);
    if (match) {
      tarballs[`@wallet-auth/${match[1]}`] = join(dir, file);
    }
  }
  return tarballs;
}

/** Copies an example and points every `@wallet-auth/*` dependency (also transitive) at a tarball. */
function prepare(name, target, tarballs) {
  rmSync(target, { recursive: true, force: true });
  cpSync(join(root, 'examples', name), target, {
    recursive: true,
    filter: (source) => !SKIPPED.has(source.split('/').pop()),
  });
  const manifestPath = join(target, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const overrides = {};
  for (const field of ['dependencies', 'devDependencies']) {
    for (const dependency of Object.keys(manifest[field] ?? {})) {
      if (dependency.startsWith('@wallet-auth/')) {
        if (tarballs[dependency] === undefined) {
          throw new Error(`check-examples: no tarball for ${dependency} (examples/${name})`);
        }
        manifest[field][dependency] = `file:${tarballs[dependency]}`;
      }
    }
  }
  for (const [dependency, tarball] of Object.entries(tarballs)) {
    overrides[dependency] = `file:${tarball}`;
  }
  manifest.overrides = overrides;
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function runExample(name, base, tarballs) {
  const dir = join(base, name);
  const record = { name, dir, steps: [], passed: 0, failed: 0, ok: false };
  prepare(name, dir, tarballs);
  const install = step(`${name} install`, 'npm', ['install', '--loglevel=error'], dir);
  record.steps.push(install);
  if (!install.ok) {
    return record;
  }
  for (const [command, ...args] of BUILDS[name]) {
    const built = step(`${name} build`, command, args, dir);
    record.steps.push(built);
    if (!built.ok) {
      return record;
    }
  }
  test(name, dir, record, 'playwright');
  if (values.turbopack && name === 'next-app-router') {
    // Next's default bundler: the same tests against `next build` (Turbopack).
    const built = step(`${name} turbopack-build`, 'npm', ['run', 'build'], dir);
    record.steps.push(built);
    if (built.ok) {
      test(name, dir, record, 'turbopack-playwright');
    }
  }
  record.ok = record.steps.every((s) => s.ok) && record.failed === 0 && record.passed > 0;
  return record;
}

/** Runs the example's Playwright tests and adds their counts to `record`. */
function test(name, dir, record, label) {
  const report = join(dir, `${label}.json`);
  const tested = step(
    `${name} ${label}`,
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    dir,
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
  );
  record.steps.push(tested);
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    record.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    record.failed += stats.unexpected ?? 0;
  }
}

const started = Date.now();
const names = (values.only?.split(',') ?? Object.keys(BUILDS)).filter(Boolean);
for (const name of names) {
  if (BUILDS[name] === undefined) {
    process.stderr.write(
      `check-examples: unknown example "${name}" (${Object.keys(BUILDS).join(', ')})\n`,
    );
    process.exit(2);
  }
}
const tarballs = findTarballs();
const base = values.keep ?? mkdtempSync(join(tmpdir(), 'wallet-auth-examples-'));
mkdirSync(base, { recursive: true });
const records = names.map((name) => runExample(name, base, tarballs));
if (!values.keep) {
  rmSync(base, { recursive: true, force: true });
}

process.stdout.write(
  '\nexample              steps (seconds)                                   tests\n',
);
for (const record of records) {
  const steps = record.steps.map(
    (s) => `${s.label.split(' ').pop()} ${s.seconds}${s.ok ? '' : ' FAILED'}`,
  );
  process.stdout.write(
    `${record.name.padEnd(21)}${steps.join(', ').padEnd(50)} ${record.passed} passed, ${record.failed} failed\n`,
  );
}
const seconds = +((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(`check-examples: ${seconds}s in all\n`);
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify({ seconds, examples: records }, null, 2)}\n`);
}
process.exit(records.every((record) => record.ok) ? 0 : 1);
