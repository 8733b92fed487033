import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('demo: first slice', () => {
  test('given a new email, should provision a wallet and show its accounts from the sandbox through the proxy', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
    await page.getByLabel('Email').fill(`ada+${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    const accounts = page.getByRole('list');
    await expect(accounts.locator('li[data-type="EMBEDDED_WALLET"]')).toBeVisible();
    await expect(accounts.locator('li[data-type="INTERNAL_FIAT"]')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('accounts.png'), fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations).toEqual([]);
  });

  test('given the page, should be served with a strict Content-Security-Policy', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'unsafe-inline'");
  });
});
