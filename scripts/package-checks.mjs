#!/usr/bin/env node
/**
 * The checks of the publishable packages as an integrator receives them (`@wallet-auth/core`,
 * `@wallet-auth/react`), each run on a fresh build of the package (its `build` script):
 *
 *   node scripts/package-checks.mjs api [--update]   API Extractor: the public surface of every
 *                                                    entry against the report checked in under
 *                                                    packages/<name>/api/ (fails when the surface
 *                                                    changed; `--update` rewrites the reports)
 *   node scripts/package-checks.mjs packaging        publint and Are the Types Wrong (ESM-only
 *                                                    profile: the packages ship ES modules only)
 *
 * Prints one line `check <name>: ok|FAILED` per check; `scripts/check-all.mjs` counts them.
 * Exits non-zero when any check failed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The publishable packages, in build order (react's types read core's built declarations). */
const PACKAGES = [
  { name: 'core', configs: ['api-extractor.json', 'api-extractor.primitives.json'] },
  {
    name: 'react',
    configs: ['api-extractor.json', 'api-extractor.devtools.json', 'api-extractor.locales.json'],
    attwExclude: ['./styles.css', './devtools.css'],
  },
];

const [mode, ...flags] = process.argv.slice(2);
const update = flags.includes('--update');

function exec(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: process.env });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

const results = [];
function report(label, { ok, output }) {
  results.push(ok);
  process.stdout.write(`check ${label}: ${ok ? 'ok' : 'FAILED'}\n`);
  if (!ok) {
    process.stdout.write(`${output.trim()}\n`);
  }
}

function build(pkg) {
  const cwd = join(root, 'packages', pkg.name);
  exec('rm', ['-rf', 'dist'], cwd);
  return exec('pnpm', ['run', 'build'], cwd);
}

if (mode !== 'api' && mode !== 'packaging') {
  process.stderr.write('usage: node scripts/package-checks.mjs api [--update] | packaging\n');
  process.exit(2);
}

for (const pkg of PACKAGES) {
  const cwd = join(root, 'packages', pkg.name);
  const built = build(pkg);
  if (!built.ok) {
    report(`build ${pkg.name}`, built);
    continue;
  }
  if (mode === 'api') {
    for (const config of pkg.configs) {
      report(
        `api report ${pkg.name} (${config})`,
        exec(
          'pnpm',
          ['exec', 'api-extractor', 'run', '--config', config, ...(update ? ['--local'] : [])],
          cwd,
        ),
      );
    }
  } else {
    report(`publint ${pkg.name}`, exec('pnpm', ['exec', 'publint', 'run', '--strict'], cwd));
    const exclude = pkg.attwExclude ? ['--exclude-entrypoints', ...pkg.attwExclude] : [];
    report(
      `are the types wrong ${pkg.name}`,
      exec(
        'pnpm',
        ['exec', 'attw', '--pack', '.', '--profile', 'esm-only', '--no-color', ...exclude],
        cwd,
      ),
    );
  }
}

process.exit(results.every(Boolean) ? 0 : 1);
