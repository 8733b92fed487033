#!/usr/bin/env node
/**
 * Packs every published package the way `pnpm publish` would and checks what a user would install:
 *
 * - the tarball holds `package.json`, `README.md`, `CHANGELOG.md` and the repository's `LICENSE`;
 * - nothing test-only (tests, stories, fixtures, harnesses, Storybook or reliability folders) and
 *   no TypeScript source is packed;
 * - the packed `package.json` has `main` and `types`, no `workspace:` ranges, no export condition
 *   pointing at unshipped source, and every path it names (`exports`, `main`, `types`, `bin`) is
 *   in the tarball;
 * - every JavaScript file has a source map carrying its sources;
 * - every bare import of the shipped JavaScript and declarations is a dependency or peer
 *   dependency of the package (or a `node:` built-in).
 *
 *   node scripts/check-packages.mjs [--no-build] [--json FILE] [--keep DIR]
 *
 * Prints one row per package (tarball size, unpacked size, file count) and exits 1 on any finding.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    keep: { type: 'string' },
  },
});

/** The published packages, by folder. */
export const PUBLISHED = ['core', 'react', 'sandbox', 'proxy', 'testing'];

const TEST_ONLY = [
  /(^|\/)(test|tests|testing|__tests__|reliability|storybook|docs)\//,
  /\.(test|spec|stories|fixtures|browser\.test)\.[cm]?[jt]sx?(\.map)?$/,
  /\.test-d\.ts$/,
  /(^|\/)harness\.[^/]*$/,
];
const SOURCE = /(^|\/)src\/.*\.tsx?$|(?<!\.d)\.tsx?$/;
const REQUIRED = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];
const BUILTINS = new Set(builtinModules);

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every path string an `exports` value names (conditions and subpaths walked). */
function exportTargets(value, conditions = []) {
  if (typeof value === 'string') {
    return [{ path: value, conditions }];
  }
  if (value === null || typeof value !== 'object') {
    return [];
  }
  return Object.entries(value).flatMap(([key, inner]) =>
    exportTargets(inner, key.startsWith('.') ? conditions : [...conditions, key]),
  );
}

function bareImports(text) {
  const found = new Set();
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1];
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        found.add(specifier);
      }
    }
  }
  return found;
}

/** Checks one unpacked tarball (`dir/package/…`); returns findings and figures. */
export function checkUnpacked(dir, rootLicense) {
  const findings = [];
  const base = join(dir, 'package');
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(path);
      } else {
        files.push(
          posix.normalize(
            path
              .slice(base.length + 1)
              .split('\\')
              .join('/'),
          ),
        );
      }
    }
  };
  walk(base);
  const fileSet = new Set(files);

  for (const name of REQUIRED) {
    if (!fileSet.has(name)) {
      findings.push(`${name} is missing`);
    }
  }
  if (fileSet.has('LICENSE') && readFileSync(join(base, 'LICENSE'), 'utf8') !== rootLicense) {
    findings.push('LICENSE differs from the repository LICENSE');
  }
  for (const file of files) {
    if (TEST_ONLY.some((pattern) => pattern.test(file))) {
      findings.push(`test-only file packed: ${file}`);
    } else if (SOURCE.test(file)) {
      findings.push(`TypeScript source packed: ${file}`);
    }
  }

  const manifest = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8'));
  for (const field of ['main', 'types']) {
    if (typeof manifest[field] !== 'string') {
      findings.push(`package.json has no top-level "${field}"`);
    }
  }
  const named = [
    ...exportTargets(manifest.exports ?? {}),
    ...['main', 'types', 'module']
      .filter((field) => typeof manifest[field] === 'string')
      .map((field) => ({ path: manifest[field], conditions: [field] })),
    ...Object.values(
      typeof manifest.bin === 'string' ? { bin: manifest.bin } : (manifest.bin ?? {}),
    ).map((path) => ({ path, conditions: ['bin'] })),
  ];
  for (const { path, conditions } of named) {
    const file = posix.normalize(path.replace(/^\.\//, ''));
    if (!fileSet.has(file)) {
      findings.push(
        `package.json names ${path} (${conditions.join('/') || 'default'}), not in the tarball`,
      );
    }
    if (conditions.some((condition) => condition.startsWith('@wallet-auth/'))) {
      findings.push(`export condition ${conditions.join('/')} is a workspace-only condition`);
    }
  }
  const allowed = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith('workspace:')) {
        findings.push(`${field}.${name} is "${range}"`);
      }
    }
  }

  for (const file of files) {
    if (/\.(m?js|d\.ts)$/.test(file)) {
      for (const specifier of bareImports(readFileSync(join(base, file), 'utf8'))) {
        const name = packageNameOf(specifier);
        if (!specifier.startsWith('node:') && !BUILTINS.has(name) && !allowed.has(name)) {
          findings.push(`${file} imports ${specifier}, which is not a dependency`);
        }
      }
    }
    // Built files carry their maps; a hand-written launcher (the sandbox's `bin/`) has no source.
    if (/\.m?js$/.test(file) && file.startsWith('dist/')) {
      if (!fileSet.has(`${file}.map`)) {
        findings.push(`${file} has no source map`);
        continue;
      }
      const map = JSON.parse(readFileSync(join(base, `${file}.map`), 'utf8'));
      const contents = map.sourcesContent ?? [];
      if (contents.length !== map.sources.length || contents.some((text) => text == null)) {
        findings.push(`${file}.map does not carry its sources`);
      }
    }
  }
  return { findings, files, manifest };
}

function main() {
  if (!values['no-build']) {
    const built = spawnSync('pnpm', ['-r', '--filter', './packages/*', 'run', 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) {
      process.stderr.write('check-packages: the build failed\n');
      process.exit(1);
    }
  }
  const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
  const out = values.keep ?? mkdtempSync(join(tmpdir(), 'wallet-auth-pack-'));
  mkdirSync(out, { recursive: true });
  const rows = [];
  let failed = false;
  for (const name of PUBLISHED) {
    const packageDir = join(root, 'packages', name);
    const tarball = execFileSync('pnpm', ['pack', '--pack-destination', out], {
      cwd: packageDir,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop();
    const unpacked = mkdtempSync(join(tmpdir(), `wallet-auth-unpacked-${name}-`));
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    const { findings, files, manifest } = checkUnpacked(unpacked, rootLicense);
    const tarballBytes = readFileSync(tarball).byteLength;
    const unpackedBytes = files.reduce(
      (sum, file) => sum + readFileSync(join(unpacked, 'package', file)).byteLength,
      0,
    );
    rmSync(unpacked, { recursive: true, force: true });
    rows.push({
      name: manifest.name,
      tarball,
      tarballKiB: +(tarballBytes / 1024).toFixed(1),
      unpackedKiB: +(unpackedBytes / 1024).toFixed(1),
      files: files.length,
      findings,
    });
    failed ||= findings.length > 0;
  }
  process.stdout.write('\npackage                 tarball KiB  unpacked KiB  files  findings\n');
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(24)}${String(row.tarballKiB).padStart(11)}${String(row.unpackedKiB).padStart(14)}${String(row.files).padStart(7)}  ${row.findings.length}\n`,
    );
    for (const finding of row.findings) {
      process.stdout.write(`  - ${finding}\n`);
    }
  }
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
  }
  if (!values.keep) {
    rmSync(out, { recursive: true, force: true });
  }
  process.stdout.write(failed ? '\ncheck-packages: FAILED\n' : '\ncheck-packages: ok\n');
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  main();
}
