/**
 * The suite's test registry and runner: specs register `test(title, options, body)`; the runner
 * runs each test once per engine it applies to, one at a time (the tests share the demo, and the
 * machine has two cores), each in fresh browser contexts closed afterwards.
 */
import type {
  BrowserContext,
  BrowserProfile,
  EngineBrowser,
  EngineName,
} from '../drivers/types.js';
import { withTimeout } from '../drivers/with-timeout.js';

/** Where the specs find their pages. */
export interface SuiteUrls {
  /** The kit page (`pages/kit-page.ts`). */
  kit: string;
  /** The demo with the emulator's default lifetimes. */
  demo: string;
  /** The demo whose sessions last 80 s, so a refresh comes due 20 s after sign-in. */
  shortSessionDemo: string;
}

/** What a test body gets. */
export interface TestContext {
  engine: EngineName;
  browser: EngineBrowser;
  urls: SuiteUrls;
  /** The probe script sent with each locator call. */
  probeSource: string;
  /** A fresh browser context (own cookies and storage), closed when the test ends. */
  newContext(): Promise<BrowserContext>;
  /** A note shown under the result table (an engine fact the test observed). */
  note(text: string): void;
}

/** Options of a test. */
export interface TestOptions {
  /** Part of the smoke subset run by `npm test` when the full suite does not fit. */
  smoke?: boolean;
  /** The engines it applies to. @defaultValue both */
  engines?: EngineName[];
  /** The browser configuration it needs. @defaultValue 'default' */
  profile?: BrowserProfile;
  /** @defaultValue 90 s */
  timeoutMs?: number;
}

/** A registered test. */
export interface RegisteredTest {
  title: string;
  options: TestOptions;
  body: (context: TestContext) => Promise<void>;
}

/** One test in one engine. */
export interface TestResult {
  title: string;
  engine: EngineName;
  status: 'passed' | 'failed';
  ms: number;
  error?: string;
  notes: string[];
}

const registry: RegisteredTest[] = [];

/**
 * Registers a test. Titles read "given … / should …" and carry the catalogue ids they cover.
 * @param title - What it proves.
 * @param options - Smoke subset, engines, browser profile, timeout.
 * @param body - The test; throws (an assertion) to fail.
 */
export function test(
  title: string,
  options: TestOptions,
  body: (context: TestContext) => Promise<void>,
): void {
  registry.push({ title, options, body });
}

/** The registered tests, in registration order. */
export function registeredTests(): readonly RegisteredTest[] {
  return registry;
}

/** What each open tab showed when a test failed: its URL and visible text (clipped). */
async function describeTabs(contexts: BrowserContext[]): Promise<string> {
  const seen: string[] = [];
  for (const context of contexts) {
    const tabs = await withTimeout(context.tabs(), 5_000, 'tabs').catch(() => []);
    for (const tab of tabs) {
      const shown = await withTimeout(
        tab.run<string>(
          'return location.href + "\\n" + (document.body ? document.body.innerText : "").replace(/\\s+/g, " ").slice(0, 4000);',
        ),
        5_000,
        'tab did not answer',
      ).catch((failure: unknown) => `(unreadable: ${String(failure)})`);
      seen.push(`\n--- tab: ${shown}`);
    }
  }
  return seen.join('');
}

/**
 * Runs `tests` in one launched browser, one after another.
 * @param browser - The engine, launched with the profile the tests need.
 * @param tests - Tests that apply to this engine and profile.
 * @param base - URLs and the probe.
 * @param onResult - Called after each test (progress output).
 */
export async function runTests(
  browser: EngineBrowser,
  tests: readonly RegisteredTest[],
  base: { urls: SuiteUrls; probeSource: string },
  onResult: (result: TestResult) => void,
): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const registered of tests) {
    const contexts: BrowserContext[] = [];
    const notes: string[] = [];
    const started = Date.now();
    const context: TestContext = {
      engine: browser.engine,
      browser,
      ...base,
      async newContext() {
        const created = await browser.newContext();
        contexts.push(created);
        return created;
      },
      note: (text) => notes.push(text),
    };
    let error: string | undefined;
    try {
      await withTimeout(
        registered.body(context),
        registered.options.timeoutMs ?? 90_000,
        `timed out after ${(registered.options.timeoutMs ?? 90_000) / 1000} s`,
      );
    } catch (caught) {
      // The message, what the tabs showed, then where it was thrown.
      const where =
        caught instanceof Error ? (caught.stack ?? '').split('\n').slice(1, 4).join('\n') : '';
      error = `${caught instanceof Error ? caught.message : String(caught)}${await describeTabs(contexts)}\n${where}`;
    }
    for (const created of contexts) {
      await withTimeout(created.close(), 15_000, 'context did not close').catch(() => undefined);
    }
    const result: TestResult = {
      title: registered.title,
      engine: browser.engine,
      status: error === undefined ? 'passed' : 'failed',
      ms: Date.now() - started,
      notes,
      ...(error === undefined ? {} : { error }),
    };
    results.push(result);
    onResult(result);
  }
  return results;
}
