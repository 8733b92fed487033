/** Opens the kit page (`pages/kit-page.ts`) in a fresh context. */
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '../drivers/types.js';
import { eventually, type Page, pageOf } from '../lib/page.js';
import type { TestContext } from '../lib/runner.js';

/** Waits until the kit page has set `window.__kit`. */
export async function kitReady(page: Page): Promise<void> {
  await eventually(
    () => page.tab.run<string>('return document.title;'),
    (title) => title === 'kit ready',
    'the kit page loads its modules',
  );
}

/** A fresh context with the kit page open and ready. */
export async function openKitPage(
  t: TestContext,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await t.newContext();
  const page = pageOf(await context.newTab(t.urls.kit), t.probeSource);
  await kitReady(page);
  return { context, page };
}

/** A key-store namespace unique to this run. */
export function uniqueNamespace(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}
