#!/usr/bin/env node
/**
 * Bundle sizes of the kit, measured the way an app would ship it: esbuild, ESM, minified, gzip -9,
 * with react, react-dom and @tanstack/react-query external. `--check` enforces the budgets
 * (issue 9: core ≤ 20 KB, core + react ≤ 30 KB gzip); `--json FILE` writes the figures.
 * `pnpm bench` imports `measureBundle` and `KIT_ENTRIES` from here, so both report the same numbers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const KB = 1024;
/** Budgets in bytes (gzip), by entry name. */
export const BUDGETS = { core: 20 * KB, 'core+react': 30 * KB };

/** Entry points: each is a small module importing what an app would import. */
export const KIT_ENTRIES = {
  core: `export * from '@wallet-auth/core';`,
  'core (OTP sign-in only)': `export { createWalletAuthClient, createOtpLoginFlow } from '@wallet-auth/core';`,
  'core+react': `export * from '@wallet-auth/react';`,
  'sign-in screen (OTP, passkey, OAuth)': `export { WalletAuthProvider, SignIn } from '@wallet-auth/react';
export { createWalletAuthClient } from '@wallet-auth/core';`,
  'whole kit (core + react)': `export * from '@wallet-auth/core';
export * from '@wallet-auth/react';`,
};

/** Modules every app already ships (React and TanStack Query), kept out of every figure. */
export const APP_EXTERNALS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@tanstack/react-query',
];

/**
 * Bundles `source` (resolved from `resolveDir`, by default the demo app, which depends on the kit's
 * packages like an integrator's app) and returns minified and gzip -9 byte counts, plus esbuild's
 * metafile when `metafile` is set. Never throws: a failed build comes back as
 * `{ name, error, unresolved }`.
 */
export async function measureBundle(name, source, options = {}) {
  try {
    const result = await build({
      stdin: {
        contents: source,
        resolveDir: options.resolveDir ?? join(root, 'apps/demo'),
        loader: 'js',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      outdir: 'out',
      metafile: options.metafile === true,
      // Custom conditions replace esbuild's default `module` condition, so it is listed again.
      conditions: [...(options.conditions ?? ['@wallet-auth/source']), 'module'],
      external: [...APP_EXTERNALS, ...(options.external ?? [])],
      loader: { '.css': 'css', '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl' },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    });
    const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
    const css = result.outputFiles.find((file) => file.path.endsWith('.css'));
    const code = js?.contents ?? new Uint8Array();
    return {
      name,
      minified: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      ...(css === undefined ? {} : { cssGzip: gzipSync(css.contents, { level: 9 }).length }),
      ...(options.metafile === true ? { metafile: result.metafile } : {}),
    };
  } catch (error) {
    // Modules that could not be resolved (e.g. a peer kit's optional peers), for a retry with them external.
    const unresolved = (error.errors ?? [])
      .map((e) => /^Could not resolve "([^"]+)"/.exec(e.text)?.[1])
      .filter((id) => id !== undefined);
    return { name, error: error.errors?.[0]?.text ?? String(error), unresolved };
  }
}

async function main() {
  const results = [];
  for (const [name, source] of Object.entries(KIT_ENTRIES)) {
    results.push(await measureBundle(name, source));
  }

  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  let failed = false;
  process.stdout.write('bundle                                   minified     gzip   budget\n');
  for (const r of results) {
    if (r.error) {
      process.stdout.write(`${r.name.padEnd(40)} not measurable: ${r.error}\n`);
      if (r.name in BUDGETS) {
        failed = true;
      }
      continue;
    }
    const budget = BUDGETS[r.name];
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
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
