/**
 * Import rules of the workspace (`pnpm deps`, a step of `scripts/check-all.mjs`):
 * - no import circle inside any package (the servers' last ones are reported as warnings);
 * - `@wallet-auth/react` depends on `@wallet-auth/core` only (no sandbox, proxy or test-utils
 *   outside its tests and stories);
 * - `@wallet-auth/core` never imports React or another kit package outside its tests;
 * - the sandbox imports nothing of the kit; the proxy nothing of core or react outside its tests;
 * - a package's files are reached from another package only through its public entries
 *   (`src/index.ts`, core's `src/primitives.ts`), never by path.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
const TESTS =
  '(\\.test\\.tsx?$|\\.test-d\\.ts$|\\.stories\\.tsx$|/test/|/testing/|/storybook/|\\.fixtures\\.ts$)';

const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The source file of every entry in the packages' `exports` maps: what other packages may import. */
function publicEntries() {
  const files = [];
  const collect = (target, dir) => {
    if (typeof target === 'string') {
      files.push(join('packages', dir, target).replace(/\\/g, '/'));
    } else if (target && typeof target === 'object') {
      const source = target['@wallet-auth/source'];
      collect(source ?? target.default, dir);
    }
  };
  for (const dir of readdirSync(join(__dirname, 'packages'))) {
    const manifest = JSON.parse(
      readFileSync(join(__dirname, 'packages', dir, 'package.json'), 'utf8'),
    );
    for (const target of Object.values(manifest.exports ?? {})) {
      collect(target, dir);
    }
  }
  const escapeRegExp = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^(${files.map(escapeRegExp).join('|')})$`;
}

const PUBLIC_ENTRIES = publicEntries();

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle ties modules into one unit that cannot be loaded, tested or split apart.',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    {
      name: 'react-depends-on-core-only',
      severity: 'error',
      comment: '@wallet-auth/react builds on @wallet-auth/core and nothing else of the kit.',
      from: { path: '^packages/react/src/', pathNot: TESTS },
      to: { path: '^packages/(sandbox|proxy|test-utils)/' },
    },
    {
      name: 'core-imports-no-react-or-kit',
      severity: 'error',
      comment: 'The headless core never imports React, and no other kit package outside its tests.',
      from: { path: '^packages/core/src/', pathNot: TESTS },
      to: {
        path: '^packages/(react|sandbox|proxy|test-utils)/|node_modules/(react|react-dom|@tanstack)/',
      },
    },
    {
      name: 'sandbox-imports-nothing-of-the-kit',
      severity: 'error',
      comment:
        'The sandbox emulates the service; it shares no code with the kit it tests (its tests may use the private test-utils).',
      from: { path: '^packages/sandbox/src/' },
      to: { path: '^packages/(core|react|proxy)/' },
    },
    {
      name: 'sandbox-runtime-imports-no-test-utils',
      severity: 'error',
      comment: 'The private test-utils serve tests only.',
      from: { path: '^packages/sandbox/src/', pathNot: TESTS },
      to: { path: '^packages/test-utils/' },
    },
    {
      name: 'proxy-imports-nothing-browser-side',
      severity: 'error',
      comment: 'The proxy is a server: nothing of core or react outside its tests.',
      from: { path: '^packages/proxy/src/', pathNot: TESTS },
      to: { path: '^packages/(core|react)/' },
    },
    {
      name: 'no-deep-imports-across-packages',
      severity: 'error',
      comment:
        "Another package's modules are reached through its public entries only (src/index.ts, core's src/primitives.ts).",
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/[^/]+/src/', pathNot: ['^packages/$1/', PUBLIC_ENTRIES] },
    },
    {
      name: 'no-deep-imports-from-apps',
      severity: 'error',
      comment:
        'Apps, end-to-end tests, stories and benchmarks use the packages as an integrator does.',
      from: { path: '^(apps|e2e|bench|\\.storybook)/' },
      // A package's test harnesses (src/testing/) serve the bench as they serve its own tests.
      to: {
        path: '^packages/[^/]+/src/',
        pathNot: [PUBLIC_ENTRIES, '^packages/[^/]+/src/testing/'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that cannot be resolved.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|storybook-static|node_modules|coverage|\\.reports)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@wallet-auth/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
