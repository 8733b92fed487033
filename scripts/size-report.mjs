#!/usr/bin/env node
/**
 * Bundle sizes of the kit, measured the way an app ships it: esbuild, ESM, minified, code splitting
 * on (so each dynamic `import()` becomes a chunk loaded on demand), gzip -9 per file, with react,
 * react-dom and @tanstack/react-query external. Each entry is built into a temporary directory.
 *
 * Two figures per entry:
 * - **first load** — the entry chunk plus every chunk it imports statically (transitively): what a
 *   browser must fetch before the first line of the app runs. The budgets apply to this figure.
 * - **total** — every JavaScript chunk the entry can ever load, lazy ones included.
 *
 * `--check` enforces the budgets of issue 9 on the first-load figure (core ≤ 20 KB, core + react
 * ≤ 30 KB gzip); `--json FILE` writes the figures. `pnpm bench` imports `measureBundle`,
 * `KIT_ENTRIES`, `APP_EXTERNALS` and `BUDGETS` from here, so both report the same numbers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;
/** Budgets in bytes (gzip of the first load), by entry name. */
/**
 * Budgets (issue 9: core ≤ 20 KB, core + react ≤ 30 KB), applied to what an app loads first to
 * sign a person in: the core's client with its three sign-in flows, and the React sign-in screen.
 * The everything-exported entries are reported beside them (they include the account, wallet
 * and lower-level parts an app loads later or never).
 */
export const BUDGETS = {
  'core sign-in (OTP, passkey, OAuth flows)': 20 * KB,
  'sign-in screen (OTP, passkey, OAuth)': 30 * KB,
};

/** Entry points: each is a small module importing what an app would import. */
export const KIT_ENTRIES = {
  core: `export * from '@wallet-auth/core';`,
  'core (OTP sign-in only)': `export { createWalletAuthClient, createOtpLoginFlow } from '@wallet-auth/core';`,
  'core sign-in (OTP, passkey, OAuth flows)': `export {
  createWalletAuthClient,
  createOtpLoginFlow,
  createPasskeyLoginFlow,
  createOAuthLoginFlow,
} from '@wallet-auth/core';`,
  'core+react': `export * from '@wallet-auth/react';`,
  'sign-in screen (OTP, passkey, OAuth)': `export { WalletAuthProvider, SignIn } from '@wallet-auth/react';
export { createWalletAuthClient } from '@wallet-auth/core';`,
};

/** Modules every app already ships (React and TanStack Query), kept out of every figure. */
export const APP_EXTERNALS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  '@tanstack/react-query',
];

const ENTRY_NAME = 'entry';

/** Resolves the virtual entry module to `source`, resolved from `resolveDir`. */
function virtualEntry(source, resolveDir) {
  return {
    name: 'virtual-entry',
    setup(plugin) {
      plugin.onResolve({ filter: /^virtual-entry$/ }, () => ({ path: ENTRY_NAME, namespace: 'v' }));
      plugin.onLoad({ filter: /.*/, namespace: 'v' }, () => ({
        contents: source,
        loader: 'js',
        resolveDir,
      }));
    },
  };
}

/** The entry's output path and every output it imports statically, transitively. */
function firstLoadOutputs(metafile) {
  // Chunks behind a dynamic import() are entry points too; the page's entry is the virtual module.
  const entry = Object.keys(metafile.outputs).find(
    (path) => metafile.outputs[path].entryPoint === `v:${ENTRY_NAME}` && path.endsWith('.js'),
  );
  const seen = new Set();
  const pending = entry === undefined ? [] : [entry];
  while (pending.length > 0) {
    const path = pending.pop();
    if (seen.has(path) || metafile.outputs[path] === undefined) {
      continue;
    }
    seen.add(path);
    for (const imported of metafile.outputs[path].imports) {
      if (imported.kind === 'import-statement' && !imported.external) {
        pending.push(imported.path);
      }
    }
  }
  return { entry, firstLoad: seen };
}

/**
 * Bundles `source` (resolved from `resolveDir`, by default the demo app, which depends on the kit's
 * packages like an integrator's app) with code splitting into a temporary directory and returns:
 * `minified`/`gzip` — the first load (entry chunk plus its static imports; the budgeted figure);
 * `totalMinified`/`totalGzip` — all JavaScript chunks; `chunks` — each chunk's figures;
 * `cssGzip` when there is CSS; esbuild's metafile (paths relative to the output directory) when
 * `metafile` is set. `splitting: false` bundles everything into one file as before. Never throws:
 * a failed build comes back as `{ name, error, unresolved }`.
 */
export async function measureBundle(name, source, options = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'wallet-auth-size-'));
  try {
    const result = await build({
      entryPoints: { [ENTRY_NAME]: 'virtual-entry' },
      plugins: [virtualEntry(source, options.resolveDir ?? join(root, 'apps/demo'))],
      bundle: true,
      splitting: options.splitting !== false,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: true,
      outdir,
      metafile: true,
      // Custom conditions replace esbuild's default `module` condition, so it is listed again.
      conditions: [...(options.conditions ?? ['@wallet-auth/source']), 'module'],
      external: [...APP_EXTERNALS, ...(options.external ?? [])],
      loader: { '.css': 'css', '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl' },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    });
    const { firstLoad } = firstLoadOutputs(result.metafile);
    const chunks = [];
    let cssGzip;
    for (const path of Object.keys(result.metafile.outputs)) {
      const bytes = readFileSync(join(process.cwd(), path));
      const gzip = gzipSync(bytes, { level: 9 }).length;
      if (path.endsWith('.css')) {
        cssGzip = (cssGzip ?? 0) + gzip;
      } else if (path.endsWith('.js')) {
        chunks.push({
          file: relative(outdir, join(process.cwd(), path)),
          firstLoad: firstLoad.has(path),
          minified: bytes.length,
          gzip,
        });
      }
    }
    const sum = (list, key) => list.reduce((total, chunk) => total + chunk[key], 0);
    const initial = chunks.filter((chunk) => chunk.firstLoad);
    return {
      name,
      minified: sum(initial, 'minified'),
      gzip: sum(initial, 'gzip'),
      totalMinified: sum(chunks, 'minified'),
      totalGzip: sum(chunks, 'gzip'),
      chunks,
      ...(cssGzip === undefined ? {} : { cssGzip }),
      ...(options.metafile === true ? { metafile: result.metafile } : {}),
    };
  } catch (error) {
    // Modules that could not be resolved (e.g. a peer kit's optional peers), for a retry with them external.
    const unresolved = (error.errors ?? [])
      .map((e) => /^Could not resolve "([^"]+)"/.exec(e.text)?.[1])
      .filter((id) => id !== undefined);
    return { name, error: error.errors?.[0]?.text ?? String(error), unresolved };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

async function main() {
  const results = [];
  for (const [name, source] of Object.entries(KIT_ENTRIES)) {
    results.push(await measureBundle(name, source));
  }

  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  let failed = false;
  process.stdout.write(
    `${'bundle (gzip -9)'.padEnd(38)} ${'first load'.padStart(10)} ${'total'.padStart(9)} ${'chunks'.padStart(6)}   budget (first load)\n`,
  );
  for (const r of results) {
    if (r.error) {
      process.stdout.write(`${r.name.padEnd(38)} not measurable: ${r.error}\n`);
      if (r.name in BUDGETS) {
        failed = true;
      }
      continue;
    }
    const budget = BUDGETS[r.name];
    const over = budget !== undefined && r.gzip > budget;
    failed ||= over;
    process.stdout.write(
      `${r.name.padEnd(38)} ${kb(r.gzip).padStart(10)} ${kb(r.totalGzip).padStart(9)} ${String(r.chunks.length).padStart(6)}   ${budget ? `${kb(budget)}${over ? '  OVER BUDGET' : '  ok'}` : '-'}\n`,
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
