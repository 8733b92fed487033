#!/usr/bin/env node
/**
 * Mutation check of the validators (reliability catalogue X-04): the stamp and DER parsers, the
 * OTP target-bundle checks, the OIDC claim checks, the proxy's route matcher and its header
 * allowlist. Each mutant (one operator of ./mutation/operators.mjs at one site) is applied in
 * memory by a Vite transform, and only that module's tests run against it; a mutant the tests do
 * not notice "survives". Mutants that do not even parse are skipped, not counted as killed.
 *
 *   node scripts/mutation-check.mjs [--only stamp,der,bundle,oidc,routes,headers] [--max N]
 *                                    [--jobs 2] [--min-score 80]
 *
 * Prints the score per module and every survivor (file:line, operator, source line) for review,
 * writes .reports/mutation.json, and exits 1 when a module scores below --min-score. Opt-in:
 * several minutes on two cores; not part of `pnpm test`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { transformSync } from 'esbuild';
import { mutationSites } from './mutation/operators.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    max: { type: 'string', default: '60' },
    jobs: { type: 'string', default: '2' },
    'min-score': { type: 'string', default: '80' },
  },
});

/** The validators and the tests that guard each. */
const TARGETS = [
  {
    name: 'stamp',
    file: 'packages/sandbox/src/crypto/stamp.ts',
    tests: [
      'packages/sandbox/src/reliability/parsers.property.reliability.test.ts',
      'packages/sandbox/src/signed-retry/signed-retry.test.ts',
    ],
  },
  {
    name: 'der',
    file: 'packages/sandbox/src/crypto/der.ts',
    tests: [
      'packages/sandbox/src/reliability/parsers.property.reliability.test.ts',
      'packages/sandbox/src/signed-retry/signed-retry.test.ts',
    ],
  },
  {
    name: 'bundle',
    file: 'packages/core/src/crypto/otp-target-bundle.ts',
    tests: [
      'packages/core/src/crypto/otp-target-bundle.test.ts',
      'packages/core/src/reliability/parsers.property.reliability.test.ts',
    ],
  },
  {
    name: 'bundle',
    file: 'packages/core/src/crypto/enclave-bundle.ts',
    tests: [
      'packages/core/src/crypto/otp-target-bundle.test.ts',
      'packages/core/src/reliability/parsers.property.reliability.test.ts',
    ],
  },
  {
    name: 'oidc',
    file: 'packages/sandbox/src/auth/oidc.ts',
    tests: [
      'packages/sandbox/src/routes/oauth.test.ts',
      'packages/sandbox/src/reliability/parsers.property.reliability.test.ts',
    ],
  },
  {
    name: 'routes',
    file: 'packages/proxy/src/routes/match-route.ts',
    tests: [
      'packages/proxy/src/routes/match-route.test.ts',
      'packages/proxy/src/reliability/allowlists.property.reliability.test.ts',
    ],
  },
  {
    name: 'routes',
    file: 'packages/proxy/src/http/raw-path.ts',
    tests: [
      'packages/proxy/src/routes/match-route.test.ts',
      'packages/proxy/src/reliability/allowlists.property.reliability.test.ts',
      'packages/proxy/src/create-proxy.refusals.test.ts',
    ],
  },
  {
    name: 'headers',
    file: 'packages/proxy/src/http/forward-headers.ts',
    tests: [
      'packages/proxy/src/http/forward-headers.test.ts',
      'packages/proxy/src/reliability/allowlists.property.reliability.test.ts',
    ],
  },
];

const only = values.only ? new Set(values.only.split(',')) : undefined;
const max = Number(values.max);
const jobs = Math.max(1, Number(values.jobs));
const minScore = Number(values['min-score']);

/** Runs the target's tests against mutant `index` (-1 = none); resolves true when they pass. */
function runTests(target, index) {
  return new Promise((resolve) => {
    const child = spawn(
      join(root, 'node_modules/.bin/vitest'),
      ['run', '--config', 'scripts/mutation/vitest.config.mjs', ...target.tests],
      {
        cwd: root,
        env: {
          ...process.env,
          MUTANT_FILE: join(root, target.file),
          MUTANT_INDEX: String(index),
          PROPERTY_RUNS: process.env.PROPERTY_RUNS ?? '200',
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? '50',
        },
        stdio: 'ignore',
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

async function pool(tasks, size) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/** Picks at most `limit` sites spread evenly over the module. */
function sample(sites, limit) {
  if (sites.length <= limit) {
    return sites.map((site, index) => ({ site, index }));
  }
  const step = sites.length / limit;
  return Array.from({ length: limit }, (_, k) => {
    const index = Math.floor(k * step);
    return { site: sites[index], index };
  });
}

const report = [];
let failed = false;
for (const target of TARGETS) {
  if (only !== undefined && !only.has(target.name)) {
    continue;
  }
  const source = readFileSync(join(root, target.file), 'utf8');
  const lines = source.split('\n');
  const sites = mutationSites(source);
  const valid = sites
    .map((site, index) => ({ site, index }))
    .filter(({ site }) => {
      try {
        transformSync(source.slice(0, site.start) + site.replacement + source.slice(site.end), {
          loader: 'ts',
        });
        return true;
      } catch {
        return false;
      }
    });
  const chosen = sample(
    valid.map(({ site }) => site),
    max,
  ).map(({ index }) => valid[index]);
  process.stdout.write(`\n${target.file}: ${chosen.length} of ${valid.length} mutants\n`);
  if (!(await runTests(target, -1))) {
    process.stdout.write('  baseline: the tests fail without any mutant; skipped\n');
    failed = true;
    continue;
  }
  const outcomes = await pool(
    chosen.map(
      ({ index }) =>
        () =>
          runTests(target, index),
    ),
    jobs,
  );
  const survivors = chosen
    .filter((_, i) => outcomes[i])
    .map(({ site }) => ({
      line: site.line,
      mutation: site.label,
      code: lines[site.line - 1].trim(),
    }));
  const killed = chosen.length - survivors.length;
  const score = chosen.length === 0 ? 100 : (100 * killed) / chosen.length;
  process.stdout.write(`  killed ${killed}/${chosen.length} (${score.toFixed(0)}%)\n`);
  for (const survivor of survivors) {
    process.stdout.write(
      `  survived ${target.file}:${survivor.line}  ${survivor.mutation}  ${survivor.code}\n`,
    );
  }
  report.push({ ...target, mutants: chosen.length, killed, score, survivors });
}

const byName = new Map();
for (const entry of report) {
  const total = byName.get(entry.name) ?? { mutants: 0, killed: 0 };
  total.mutants += entry.mutants;
  total.killed += entry.killed;
  byName.set(entry.name, total);
}
process.stdout.write('\nscore per validator (goal ≥ 80% killed)\n');
for (const [name, total] of byName) {
  const score = total.mutants === 0 ? 100 : (100 * total.killed) / total.mutants;
  process.stdout.write(
    `  ${name.padEnd(8)} ${total.killed}/${total.mutants} = ${score.toFixed(0)}%\n`,
  );
  if (score < minScore) {
    failed = true;
  }
}
mkdirSync(join(root, '.reports'), { recursive: true });
writeFileSync(join(root, '.reports/mutation.json'), `${JSON.stringify(report, null, 2)}\n`);
process.exit(failed ? 1 : 0);
