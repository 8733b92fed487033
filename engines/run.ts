/**
 * `pnpm test:engines`: the kit's browser tests that matter per engine, in Firefox ESR (Gecko) and
 * WebKitGTK, printed as a table of test × engine with the time per engine.
 *
 *   tsx --conditions=@wallet-auth/source engines/run.ts [--engine=firefox,webkit] [--smoke]
 *     [--grep=TEXT] [--json=FILE]
 *
 * `--smoke` runs the subset marked `smoke` (key custody and the e-mail code sign-in); `--json`
 * writes the results for `scripts/check-all.mjs`. Exits 1 when a test failed or an engine could
 * not be launched.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchFirefox } from './drivers/firefox.js';
import type { BrowserProfile, EngineBrowser, EngineName } from './drivers/types.js';
import { launchWebKit } from './drivers/webkit.js';
import { type EngineRun, formatReport } from './lib/report.js';
import { registeredTests, runTests, type TestResult } from './lib/runner.js';
import { type DemoServer, startDemo } from './servers/demo.js';
import { buildProbe, type PagesServer, startPagesServer } from './servers/pages.js';
import './specs/key-custody.spec.js';
import './specs/sign-in-crypto.spec.js';
import './specs/otp-sign-in.spec.js';
import './specs/oauth.spec.js';
import './specs/multi-tab.spec.js';
import './specs/passkeys.spec.js';
import './specs/storage-blocked.spec.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'firefox,webkit' },
    smoke: { type: 'boolean', default: false },
    grep: { type: 'string' },
    json: { type: 'string' },
  },
});

const ENGINES: Record<EngineName, (profile: BrowserProfile) => Promise<EngineBrowser>> = {
  firefox: launchFirefox,
  webkit: launchWebKit,
};
const PROFILES: BrowserProfile[] = ['default', 'storage-blocked', 'before-safari-15.4'];

const engines = (values.engine ?? '').split(',').filter(Boolean) as EngineName[];
for (const engine of engines) {
  if (!(engine in ENGINES)) {
    process.stderr.write(`engines: unknown engine "${engine}" (firefox, webkit)\n`);
    process.exit(2);
  }
}
const selected = registeredTests().filter(
  (test) =>
    (!values.smoke || test.options.smoke === true) &&
    (values.grep === undefined || test.title.includes(values.grep)),
);

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch(() => undefined);
  }
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}

const started = Date.now();
const runs: EngineRun[] = [];
const results: TestResult[] = [];
try {
  process.stdout.write(
    `engines: ${selected.length} tests${values.smoke ? ' (smoke subset)' : ''} × ${engines.join(', ')}; building pages and starting the demo\n`,
  );
  const [probeSource, pages] = await Promise.all([buildProbe(), startPagesServer()]);
  cleanups.push(() => (pages as PagesServer).close());
  // One after the other: both build the demo page into apps/demo/dist (same bytes each time).
  const demo: DemoServer = await startDemo('sandbox.engines.json');
  cleanups.push(() => demo.close());
  const needsShortSessions = selected.some((test) => /SES-04|SES-13/.test(test.title));
  const shortSessionDemo = needsShortSessions
    ? await startDemo('sandbox.short-sessions.json')
    : demo;
  if (shortSessionDemo !== demo) {
    cleanups.push(() => shortSessionDemo.close());
  }
  const base = {
    probeSource,
    urls: { kit: pages.kitUrl, demo: demo.origin, shortSessionDemo: shortSessionDemo.origin },
  };
  process.stdout.write(`engines: ready in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);

  for (const engine of engines) {
    const engineStarted = Date.now();
    const run: EngineRun = { engine, versions: [], driver: '', ms: 0 };
    runs.push(run);
    for (const profile of PROFILES) {
      const tests = selected.filter(
        (test) =>
          (test.options.profile ?? 'default') === profile &&
          (test.options.engines ?? engines).includes(engine),
      );
      if (tests.length === 0) {
        continue;
      }
      let browser: EngineBrowser;
      try {
        browser = await ENGINES[engine](profile);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        run.launchError = message;
        for (const test of tests) {
          results.push({
            title: test.title,
            engine,
            status: 'failed',
            ms: 0,
            notes: [],
            error: `${engine} (${profile}) could not be launched: ${message}`,
          });
        }
        continue;
      }
      run.driver = browser.driver;
      try {
        results.push(
          ...(await runTests(browser, tests, base, (result) => {
            process.stdout.write(
              `  ${result.status === 'passed' ? 'pass' : 'FAIL'} [${engine}${profile === 'default' ? '' : `, ${profile}`}] ${result.title} (${(result.ms / 1000).toFixed(1)}s)\n`,
            );
          })),
        );
        run.versions.push(
          profile === 'default' ? browser.version : `${profile}: ${browser.version}`,
        );
      } finally {
        await browser.close().catch(() => undefined);
      }
    }
    run.ms = Date.now() - engineStarted;
  }
} catch (error) {
  process.stderr.write(
    `engines: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  results.push({
    title: 'engine suite set-up',
    engine: engines[0] ?? 'firefox',
    status: 'failed',
    ms: 0,
    notes: [],
    error: String(error),
  });
} finally {
  await cleanUp();
}

process.stdout.write(`${formatReport(selected, runs, results)}\n`);
const failed = results.filter((result) => result.status === 'failed').length;
if (values.json !== undefined) {
  writeFileSync(
    values.json,
    JSON.stringify(
      {
        engines: runs,
        tests: results,
        passed: results.length - failed,
        failed,
        totalMs: Date.now() - started,
      },
      null,
      2,
    ),
  );
}
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
