#!/usr/bin/env node
/**
 * Runs every check of the workspace in order and ends with one line `N passed, N failed`,
 * counted over all runners (typecheck and lint count one check per package/tool, Vitest and
 * Playwright one per test). Exits non-zero when anything failed or a runner crashed.
 *
 *   node scripts/check-all.mjs [--only=typecheck,lint,deps,knip,api,packaging,unit,size,catalogue,
 *                              packages,examples,storybook-build,e2e,engines]
 *
 * `engines` runs `engines/` (Firefox ESR and WebKitGTK, one test per test × engine), after a
 * `node scripts/setup.mjs --engines`; `ENGINES_SMOKE=1` runs its smoke subset instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice(7).split(',')) : undefined;
const env = {
  ...process.env,
  STORYBOOK_DISABLE_TELEMETRY: '1',
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=6144'].filter(Boolean).join(' '),
};

let passed = 0;
let failed = 0;
const problems = [];
/** Seconds per step, printed at the end: the whole command must stay under 20 minutes. */
const timings = [];
const startedAll = Date.now();

function run(label, command, args, options = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${label}: exit ${result.status ?? result.signal} in ${seconds}s\n`);
  timings.push([label, seconds]);
  return result.status === 0;
}

function runQuiet(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ ok: code === 0, output }));
    child.on('error', (error) => resolve({ ok: false, output: String(error) }));
  });
}

async function runPool(tasks, size) {
  const results = new Array(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  }
  await Promise.all(Array.from({ length: size }, worker));
  return results;
}

function count(label, ok) {
  if (ok) {
    passed += 1;
  } else {
    failed += 1;
    problems.push(label);
  }
}

function step(name) {
  return only === undefined || only.has(name);
}

if (step('typecheck')) {
  const dirs = ['packages', 'apps']
    .flatMap((d) => readdirSync(join(root, d)).map((p) => join(d, p)))
    .concat(['e2e', 'engines', 'bench'])
    .filter((d) => existsSync(join(root, d, 'tsconfig.json')));
  // Two at a time: the machines have two cores.
  const started = Date.now();
  process.stdout.write(`\n=== typecheck: ${dirs.length} projects, two at a time\n`);
  const results = await runPool(
    dirs.map(
      (dir) => () =>
        runQuiet('pnpm', ['exec', 'tsc', '--noEmit', '-p', join(dir, 'tsconfig.json')]),
    ),
    2,
  );
  dirs.forEach((dir, i) => {
    const { ok, output } = results[i];
    process.stdout.write(`  typecheck ${dir}: ${ok ? 'ok' : 'FAILED'}\n${ok ? '' : output}`);
    count(`typecheck ${dir}`, ok);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== typecheck: done in ${seconds}s\n`);
  timings.push(['typecheck', seconds]);
}

if (step('lint')) {
  count('lint (biome)', run('lint', 'pnpm', ['exec', 'biome', 'ci', '.']));
}

if (step('deps')) {
  // Import rules (.dependency-cruiser.cjs): no circles, one-way package boundaries, public entries.
  count('dependency rules', run('dependency rules', 'pnpm', ['run', '--silent', 'deps']));
}

if (step('knip')) {
  count('unused files and exports (knip)', run('knip', 'pnpm', ['run', '--silent', 'knip']));
}

for (const part of ['api', 'packaging']) {
  if (step(part)) {
    // One check per line `check <name>: ok|FAILED` (API reports, publint, Are the Types Wrong).
    process.stdout.write(`\n=== ${part}: node scripts/package-checks.mjs ${part}\n`);
    const started = Date.now();
    const { ok, output } = await runQuiet('node', ['scripts/package-checks.mjs', part]);
    process.stdout.write(output);
    timings.push([part, ((Date.now() - started) / 1000).toFixed(1)]);
    const lines = output.split('\n').filter((line) => line.startsWith('check '));
    for (const line of lines) {
      count(line.slice(6).replace(/: (ok|FAILED)$/, ''), line.endsWith(': ok'));
    }
    if (!ok && lines.every((line) => line.endsWith(': ok'))) {
      count(`${part} (runner failed)`, false);
    }
  }
}

if (step('unit')) {
  const file = join(reports, 'vitest.json');
  const ok = run('vitest (unit, browser, stories)', 'pnpm', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (report.numFailedTests > 0) {
      problems.push(`vitest: ${report.numFailedTests} failed`);
    }
    if (!ok && report.numFailedTests === 0) {
      count('vitest run (suite error outside a test)', false);
    }
  } else {
    count('vitest run (no report written)', false);
  }
}

if (step('size')) {
  count(
    'size budgets',
    run('bundle sizes and budgets', 'node', [
      'scripts/size-report.mjs',
      '--check',
      '--json',
      join(reports, 'size.json'),
    ]),
  );
}

if (step('catalogue')) {
  // Every docs/reliability.md ID appears in a test title or in catalogue-exemptions.json.
  count(
    'catalogue coverage',
    run('catalogue coverage', 'node', ['scripts/catalogue-coverage.mjs', '--check']),
  );
}

if (step('standalone')) {
  // Nothing that ships or documents the kit points outside the repository (check-standalone.mjs).
  count(
    'standalone docs and comments',
    run('standalone docs and comments', 'node', ['scripts/check-standalone.mjs']),
  );
}

if (step('packages')) {
  // The published tarballs: built, packed and their file lists checked (check-packages.mjs).
  count(
    'packages (pack and file lists)',
    run('pack the published packages', 'node', [
      'scripts/check-packages.mjs',
      '--json',
      join(reports, 'packages.json'),
      '--keep',
      join(reports, 'tarballs'),
    ]),
  );
}

if (step('examples')) {
  // examples/*: installed from the tarballs with npm in a temporary folder, built, and signed in
  // through in Chromium (check-examples.mjs); each Playwright test counts, and so does a failed
  // install or build.
  const file = join(reports, 'examples.json');
  const ok = run('examples from the tarballs', 'node', [
    'scripts/check-examples.mjs',
    '--tarballs',
    join(reports, 'tarballs'),
    '--json',
    file,
  ]);
  if (existsSync(file)) {
    for (const example of JSON.parse(readFileSync(file, 'utf8')).examples) {
      passed += example.passed;
      failed += example.failed;
      if (example.failed > 0) {
        problems.push(`examples: ${example.name}: ${example.failed} failed`);
      }
      for (const broken of example.steps.filter((s) => !s.ok)) {
        // A failing test is counted above; a failed install, build or runner is one more failure.
        if (!broken.label.endsWith('playwright') || example.failed === 0) {
          count(`examples: ${broken.label}`, false);
        }
      }
    }
  }
  if (!ok && !existsSync(file)) {
    count('examples (no report written)', false);
  }
}

if (step('storybook-build')) {
  count(
    'storybook build',
    run('storybook build', 'pnpm', [
      'exec',
      'storybook',
      'build',
      '--quiet',
      '-o',
      'storybook-static',
    ]),
  );
}

if (step('e2e')) {
  const file = join(reports, 'playwright.json');
  const ok = run(
    'playwright e2e',
    'pnpm',
    ['--filter', '@wallet-auth/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'],
    {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    },
  );
  if (existsSync(file)) {
    const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    if ((stats.unexpected ?? 0) > 0) {
      problems.push(`playwright: ${stats.unexpected} failed`);
    }
    if (!ok && (stats.unexpected ?? 0) === 0) {
      count('playwright run (error outside a test)', false);
    }
  } else {
    count('playwright run (no report written)', false);
  }
}

if (step('engines')) {
  // Firefox ESR and WebKitGTK: each test once per engine; a failure names its engine.
  const file = join(reports, 'engines.json');
  const ok = run('browser engines (Firefox ESR, WebKitGTK)', 'pnpm', [
    '--filter',
    '@wallet-auth/engines',
    'exec',
    'tsx',
    '--conditions=@wallet-auth/source',
    'run.ts',
    `--json=${file}`,
    ...(process.env.ENGINES_SMOKE === '1' ? ['--smoke'] : []),
  ]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.passed;
    failed += report.failed;
    if (report.failed > 0) {
      const names = report.tests
        .filter((test) => test.status === 'failed')
        .map((test) => `[${test.engine}] ${test.title.slice(0, 60)}`);
      problems.push(`engines: ${report.failed} failed (${names.join('; ')})`);
    }
    if (!ok && report.failed === 0) {
      count('engines run (error outside a test)', false);
    }
  } else {
    count('engines run (no report written)', false);
  }
}

process.stdout.write('\nTime per step\n');
for (const [label, seconds] of timings) {
  process.stdout.write(`  ${seconds.padStart(7)}s  ${label}\n`);
}
process.stdout.write(
  `  ${((Date.now() - startedAll) / 1000).toFixed(1).padStart(7)}s  all checks\n`,
);

if (problems.length > 0) {
  process.stdout.write(`\nFailed: ${problems.join('; ')}\n`);
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
