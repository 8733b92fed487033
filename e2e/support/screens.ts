import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Saves a full-page screenshot of a main screen as a test artifact and runs axe on it; any
 * violation fails the test with its rule ids and targets (catalogue UI-07).
 */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, `axe violations on the "${name}" screen`).toEqual([]);
}

/** Runs axe on one part of the page (no screenshot, e.g. while a recovery phrase is shown). */
export async function checkRegion(page: Page, selector: string, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    violations.map((violation) => violation.id),
    `axe violations in "${name}"`,
  ).toEqual([]);
}

/** The kit's devtools panel (`@wallet-auth/react/devtools`) the demo renders beside its screens. */
export function devtools(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Wallet Auth devtools' });
}

/** Empties the devtools' record of exchanges. */
export async function clearProtocol(page: Page): Promise<void> {
  await devtools(page).getByRole('button', { name: 'Clear' }).click();
}

/** The exchanges the kit made, newest first, as the devtools list them. */
export function protocolEntries(page: Page): Locator {
  return devtools(page).getByRole('list', { name: 'Exchanges' }).getByRole('listitem');
}

/** The exchanges of one method and path (`/auth/credentials/{id}/verify` as a RegExp). */
export function protocolRows(page: Page, method: string, path: RegExp): Locator {
  return protocolEntries(page)
    .filter({
      has: page.locator('[data-method]', { hasText: new RegExp(`^${method}$`) }),
    })
    .filter({ has: page.locator('[data-path]', { hasText: path }) });
}
