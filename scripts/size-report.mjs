#!/usr/bin/env node
/**
 * Bundle sizes of the kit, measured the way an app would ship it: esbuild, ESM, minified, gzip -9,
 * with react, react-dom and @tanstack/react-query external. `--check` enforces the budgets
 * (issue 9: core ≤ 20 KB, core + react ≤ 30 KB gzip); `--json FILE` writes the figures.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const KB = 1024;
const budgets = { core: 20 * KB, 'core+react': 30 * KB };

/** Entry points: each is a small module importing what an app would import. */
const entries = {
  core: `export * from '@wallet-auth/core';`,
  'core+react': `export * from '@wallet-auth/react';`,
  'sign-in screen (OTP, passkey, OAuth)': `export { WalletAuthProvider, SignIn } from '@wallet-auth/react';
export { createWalletAuthClient } from '@wallet-auth/core';`,
};

async function measure(name, source) {
  try {
    const result = await build({
      // Resolved from the demo app, which depends on the kit's packages like an integrator's app.
      stdin: { contents: source, resolveDir: join(root, 'apps/demo'), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      conditions: ['@wallet-auth/source'],
      external: ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'],
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    const code = result.outputFiles[0].contents;
    return { name, minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
  } catch (error) {
    return { name, error: error.errors?.[0]?.text ?? String(error) };
  }
}

const results = [];
for (const [name, source] of Object.entries(entries)) {
  results.push(await measure(name, source));
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
let failed = false;
process.stdout.write('bundle                                   minified     gzip   budget\n');
for (const r of results) {
  if (r.error) {
    process.stdout.write(`${r.name.padEnd(40)} not measurable: ${r.error}\n`);
    if (r.name in budgets) {
      failed = true;
    }
    continue;
  }
  const budget = budgets[r.name];
  const over = budget !== undefined && r.gzip > budget;
  failed ||= over;
  process.stdout.write(
    `${r.name.padEnd(40)} ${kb(r.minified).padStart(9)} ${kb(r.gzip).padStart(8)}   ${budget ? `${kb(budget)}${over ? '  OVER BUDGET' : '  ok'}` : '-'}\n`,
  );
}
const jsonIndex = process.argv.indexOf('--json');
if (jsonIndex > 0) {
  writeFileSync(process.argv[jsonIndex + 1], `${JSON.stringify(results, null, 2)}\n`);
}
if (process.argv.includes('--check') && failed) {
  process.stderr.write('size budgets exceeded (see above)\n');
  process.exit(1);
}
