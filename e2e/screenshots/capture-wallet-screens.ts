/**
 * Screenshots of the wallet screens of issue 21 (the payment approval, the cash-out to the USD
 * account, a settled payment, and where the account is signed in) for design review, on a desktop
 * (1280×800) and a phone (390×844) viewport; the desktop also in the dark theme.
 *
 * Start the demo first (`pnpm --filter @wallet-auth/demo start --port 5231`), then:
 *
 *   pnpm exec tsx e2e/screenshots/capture-wallet-screens.ts --base-url http://localhost:5231 \
 *     --out docs/screenshots/after
 *
 * Each run signs up fresh demo users, so the screens show a new wallet every time.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, expect, type Locator, type Page } from '@playwright/test';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:5231' },
    out: { type: 'string', default: 'docs/screenshots/after' },
  },
});
const baseUrl = values['base-url'] ?? 'http://localhost:5231';
const outDir = values.out ?? 'docs/screenshots/after';

const SETS = [
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'light' },
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'dark' },
  { viewport: 'mobile', size: { width: 390, height: 844 }, theme: 'light' },
] as const;

/** Captures one region of the page (the card a screen is about). */
async function shoot(region: Locator, name: string, viewport: string, theme: string) {
  await region.page().waitForTimeout(250);
  await region.screenshot({
    path: join(outDir, `${name}-${viewport}-${theme}.png`),
    animations: 'disabled',
  });
}

/** Signs a fresh demo user up and in with the sandbox code; returns the e-mail. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const card = page.getByRole('region', { name: 'Sign in to your wallet' });
  await card.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByRole('textbox', { name: /Enter the 6-digit code/ }).fill('000000');
  await expect(
    page.getByRole('heading', { name: 'Your wallet', exact: true, level: 1 }),
  ).toBeVisible();
}

async function captureSet(browser: Browser, set: (typeof SETS)[number]): Promise<void> {
  const options = {
    baseURL: baseUrl,
    viewport: set.size,
    colorScheme: set.theme,
    reducedMotion: 'reduce' as const,
    ...(set.viewport === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  };
  const laptop = await browser.newContext(options);
  const phone = await browser.newContext(options);
  try {
    const page = await laptop.newPage();
    const email = `shots+${randomUUID().slice(0, 8)}@example.com`;
    await signIn(page, email);
    await page.getByRole('button', { name: 'Add 100 USDC of test funds' }).click();
    await expect(page.getByText('Test funds added.')).toBeVisible();

    const shop = page.getByRole('region', { name: 'Pay the demo shop' });
    await shop.getByLabel('Amount (USDC)').fill('12.5');
    await shop.getByRole('button', { name: 'Send' }).click();
    await expect(shop.locator('[data-transfer]')).toBeVisible();
    await shoot(shop, 'payment-approval', set.viewport, set.theme);
    await shop.getByRole('button', { name: 'Approve' }).click();
    await expect(shop.locator('[data-transaction-status]')).toContainText('Completed');
    await shoot(shop, 'payment-sent', set.viewport, set.theme);

    const cashOut = page.getByRole('region', { name: 'Cash out to your USD account' });
    await cashOut.getByLabel('Amount (USDC)').fill('20');
    await cashOut.getByRole('button', { name: 'Cash out' }).click();
    await expect(cashOut.locator('[data-transfer-fact="rate"]')).toBeVisible();
    await shoot(cashOut, 'cash-out-approval', set.viewport, set.theme);

    // A second device of the same person, signed in with the same e-mail code.
    await signIn(await phone.newPage(), email);
    await page.reload();
    const sessions = page
      .getByRole('region', { name: 'Account security' })
      .getByRole('list', { name: "Where you're signed in" });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await shoot(sessions, 'sessions', set.viewport, set.theme);
  } finally {
    await Promise.all([laptop.close(), phone.close()]);
  }
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const set of SETS) {
    await captureSet(browser, set);
    process.stdout.write(`captured ${set.viewport} ${set.theme}\n`);
  }
} finally {
  await browser.close();
}
