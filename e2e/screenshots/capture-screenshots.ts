/**
 * Screenshots of the demo's main screens for design review: sign-up, wallet sign-in, the code step
 * after a wrong code, the wallet home and the demo identity provider's page, each on a desktop
 * (1280×800) and a phone (390×844) viewport, in the light and the dark theme.
 *
 * Start the demo first (`pnpm --filter @wallet-auth/demo start --port 5231`), then:
 *
 *   pnpm exec tsx e2e/screenshots/capture-screenshots.ts --base-url http://localhost:5231 \
 *     --out docs/screenshots/after
 *
 * Each run signs up fresh demo users, so the screens show a new wallet every time.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.js';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:5231' },
    out: { type: 'string', default: 'docs/screenshots/after' },
  },
});
const baseUrl = values['base-url'] ?? 'http://localhost:5231';
const outDir = values.out ?? 'docs/screenshots/after';

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
const THEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string, viewport: string, theme: string): Promise<void> {
  // Let transitions and the caret settle; animations are disabled for stable pictures.
  await page.waitForTimeout(250);
  await page.screenshot({
    path: join(outDir, `${name}-${viewport}-${theme}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

async function captureSet(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS,
  theme: (typeof THEMES)[number],
): Promise<void> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    colorScheme: theme,
    reducedMotion: 'reduce',
    ...(viewport === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
    await shoot(page, 'sign-up', viewport, theme);

    await page.getByLabel('Email').fill(`shots+${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    const card = page.getByRole('region', { name: 'Sign in to your wallet' });
    await expect(card.getByRole('button', { name: 'Email me a code' })).toBeVisible();
    await shoot(page, 'sign-in', viewport, theme);

    await card.getByRole('button', { name: 'Email me a code' }).click();
    const code = page.getByRole('textbox', { name: /Enter the 6-digit code/ });
    await expect(code).toBeFocused();
    await code.fill('123456');
    await expect(card.getByRole('alert')).toBeVisible();
    await shoot(page, 'code-wrong', viewport, theme);

    await code.fill('000000');
    await expect(
      page.getByRole('heading', { name: 'Your wallet', exact: true, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sign-in methods' })).toBeVisible();
    await shoot(page, 'wallet-home', viewport, theme);

    // A passkey and a linked identity, then signed out: the sign-in screen with every kind of method.
    const authenticator = await addVirtualAuthenticator(page);
    const security = page.getByRole('region', { name: 'Account security' });
    const confirm = security.getByRole('region', { name: 'Confirm with your session key' });
    const methods = security.getByRole('list', { name: 'Sign-in methods' });
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(methods.getByRole('listitem')).toHaveCount(2);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      security.getByRole('button', { name: 'Link Demo Identity' }).click(),
    ]);
    await popup.getByLabel('Email').fill(`id-shots+${randomUUID().slice(0, 8)}@example.com`);
    await popup.getByLabel('Name').fill('Grace Hopper');
    await popup.getByRole('button', { name: 'Continue as this person' }).click();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(methods.getByRole('listitem')).toHaveCount(3);
    await shoot(page, 'account-security', viewport, theme);
    // The virtual authenticator would answer the sign-in's passkey autofill request by itself;
    // refusing verification leaves the autofill waiting quietly, as a person's browser shows it.
    await authenticator.setUserVerified(false);
    await security.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(card.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await shoot(page, 'sign-in-methods', viewport, theme);

    const nonce = '0'.repeat(64);
    await page.goto(`/__sandbox/oidc/authorize?nonce=${nonce}&state=${'s'.repeat(20)}`);
    await shoot(page, 'identity-popup', viewport, theme);
  } finally {
    await context.close();
  }
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    for (const theme of THEMES) {
      await captureSet(browser, viewport, theme);
      process.stdout.write(`captured ${viewport} ${theme}\n`);
    }
  }
} finally {
  await browser.close();
}
