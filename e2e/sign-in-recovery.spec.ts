import { expect, test } from '@playwright/test';
import {
  codeField,
  expectWalletHome,
  requestEmailCode,
  SANDBOX_CODE,
  signInCard,
  signUp,
  uniqueEmail,
} from './support/demo-user.js';
import { checkScreen } from './support/screens.js';

test.describe('sign-in: focus, connection and words', () => {
  test('UI-13: given wrong codes, should keep focus in the code field so the next code is typed without a click', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail('focus'));
    await requestEmailCode(page);
    await page.keyboard.type('111111');
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      "That code isn't right. 4 attempts left.",
    );
    await expect(codeField(page)).toBeFocused();
    await page.keyboard.type('222222');
    await expect(signInCard(page).getByRole('alert')).toHaveText(
      "That code isn't right. 3 attempts left.",
    );
    await expect(codeField(page)).toBeFocused();
    await page.keyboard.type(SANDBOX_CODE);
    await expectWalletHome(page);
  });

  test('UI-14: given the connection lost while the code is typed, should keep the code, never show the raw error, and sign in when it is back', async ({
    page,
    context,
  }, testInfo) => {
    await signUp(page, uniqueEmail('offline'));
    await requestEmailCode(page);
    await context.setOffline(true);
    await expect(signInCard(page).getByRole('status').first()).toBeVisible();
    await expect(signInCard(page)).toContainText("You're offline.");
    await page.keyboard.type(SANDBOX_CODE);
    await expect(signInCard(page).getByRole('alert')).toContainText(
      "The connection dropped before the code could be checked. It will be checked as soon as you're back online.",
    );
    await expect(codeField(page)).toHaveValue(SANDBOX_CODE);
    await expect(codeField(page)).toBeFocused();
    await expect(page.locator('body')).not.toContainText('Failed to fetch');
    await checkScreen(page, testInfo, 'code-offline');
    await context.setOffline(false);
    await expectWalletHome(page);
  });

  test('UI-14: given sign-up without a connection, should say so in words, keep the address and create the wallet when the connection is back', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
    const email = uniqueEmail('signup-offline');
    await page.getByLabel('Email').fill(email);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'offline' })).toHaveText(
      "You're offline. Your wallet will be created as soon as the connection is back.",
    );
    await expect(page.locator('body')).not.toContainText('Failed to fetch');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Open your wallet' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });

  test('UI-14: given a sign-up the server refuses, should say what to fix, not the raw answer', async ({
    page,
  }) => {
    await page.goto('/');
    // An address the browser accepts and the server does not (no dot in the domain).
    await page.getByLabel('Email').fill('ada@localhost');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter a valid email address, like name@example.com.',
    );
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('given a returning visit, should welcome the person back', async ({ page }) => {
    await signUp(page, uniqueEmail('again'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
