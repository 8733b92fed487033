#!/usr/bin/env node
/**
 * Builds the publishable package in the current directory: empties `dist/` (so no file of an
 * earlier build is ever packed), compiles with `tsconfig.build.json` (JavaScript, declarations and
 * source maps with their sources inlined), and copies the stylesheets under `src/` to the same
 * place under `dist/`.
 *
 *   node ../../scripts/build-package.mjs      (each package's `build` script)
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const packageDir = process.cwd();
rmSync(join(packageDir, 'dist'), { recursive: true, force: true });

const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
  cwd: packageDir,
  stdio: 'inherit',
});
if (result.status !== 0) {
  process.exit(result.status ?? 1);
}

function copyStylesheets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      copyStylesheets(path);
    } else if (entry.name.endsWith('.css')) {
      const target = join(packageDir, 'dist', relative(join(packageDir, 'src'), path));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
    }
  }
}
copyStylesheets(join(packageDir, 'src'));
