import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { checkUnpacked } from './check-packages.mjs';

const LICENSE = readFileSync(new URL('../LICENSE', import.meta.url), 'utf8');
const made: string[] = [];

const GOOD_MANIFEST = {
  name: '@wallet-auth/example',
  main: './dist/index.js',
  types: './dist/index.d.ts',
  exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
  dependencies: { '@noble/curves': '2.4.0' },
};

/** Writes an unpacked tarball (`package/…`) and returns its folder. */
function tarball(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'check-packages-test-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'package', path)), { recursive: true });
    writeFileSync(join(dir, 'package', path), text);
  }
  return dir;
}

function good(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const files: Record<string, string | undefined> = {
    'package.json': JSON.stringify(GOOD_MANIFEST),
    'README.md': '# example',
    'CHANGELOG.md': '# example',
    LICENSE,
    'dist/index.js': "import { p256 } from '@noble/curves/nist.js';\nexport const a = p256;\n",
    'dist/index.js.map': JSON.stringify({ sources: ['../src/index.ts'], sourcesContent: ['x'] }),
    'dist/index.d.ts': 'export declare const a: unknown;\n',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

afterEach(() => {
  for (const dir of made.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('check-packages', () => {
  it('given a clean package, should report nothing', () => {
    expect(checkUnpacked(tarball(good()), LICENSE).findings).toEqual([]);
  });

  it('given each defect a published package once had, should name it', () => {
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ LICENSE: undefined }, /LICENSE is missing/],
      [{ LICENSE: 'ISC' }, /LICENSE differs/],
      [{ 'CHANGELOG.md': undefined }, /CHANGELOG\.md is missing/],
      [
        { 'dist/test/harness.js': "import 'vitest';" },
        /test-only file packed: dist\/test\/harness\.js/,
      ],
      [{ 'dist/a.test.js': '' }, /test-only file packed/],
      [{ 'src/index.ts': '' }, /TypeScript source packed/],
      [{ 'dist/index.js.map': JSON.stringify({ sources: ['a'] }) }, /does not carry its sources/],
      [{ 'dist/index.js.map': undefined }, /has no source map/],
      [
        { 'dist/index.d.ts': "import type { X } from 'vitest';" },
        /imports vitest, which is not a dependency/,
      ],
      [
        {
          'package.json': JSON.stringify({
            ...GOOD_MANIFEST,
            exports: {
              '.': { '@wallet-auth/source': './src/index.ts', default: './dist/index.js' },
            },
          }),
        },
        /src\/index\.ts .*not in the tarball/,
      ],
      [
        { 'package.json': JSON.stringify({ ...GOOD_MANIFEST, main: undefined, types: undefined }) },
        /no top-level "main"/,
      ],
      [
        {
          'package.json': JSON.stringify({
            ...GOOD_MANIFEST,
            dependencies: { '@noble/curves': '2.4.0', '@wallet-auth/core': 'workspace:*' },
          }),
        },
        /workspace:\*/,
      ],
      [
        { 'package.json': JSON.stringify({ ...GOOD_MANIFEST, bin: { x: './dist/cli.js' } }) },
        /dist\/cli\.js \(bin\), not in the tarball/,
      ],
    ];
    for (const [overrides, finding] of cases) {
      const { findings } = checkUnpacked(tarball(good(overrides)), LICENSE);
      expect(findings.join('\n')).toMatch(finding);
    }
  });
});
