import { expect, test } from '@playwright/test';
import {
  codeField,
  currentUser,
  expectWalletHome,
  requestEmailCode,
  SANDBOX_CODE,
  signInCard,
  signUp,
  uniqueEmail,
} from './support/demo-user.js';
import { checkScreen, protocolRows } from './support/screens.js';

test.describe('sign-up and e-mail code sign-in', () => {
  test('given a new email, should provision a wallet and sign in with the sandbox code; the panel shows the 202 challenge and the signed retry (SR-01)', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
    await checkScreen(page, testInfo, 'sign-up');

    const email = uniqueEmail('ada');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // New here: not "Welcome back" (issue 21 defect 9); a returning visit is welcomed back.
    await expect(page.getByRole('heading', { name: 'Open your wallet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeHidden();
    await expect(page.getByText(email)).toBeVisible();
    // The provisioned wallet starts with one EMAIL_OTP credential named after the email (§14).
    await expect(page.getByText(`The code is always ${SANDBOX_CODE}`)).toBeVisible();
    await checkScreen(page, testInfo, 'wallet-sign-in');

    await requestEmailCode(page);
    await expect(signInCard(page)).toContainText(`Enter the 6-digit code we sent to ${email}.`);
    await checkScreen(page, testInfo, 'code-step');

    await codeField(page).fill(SANDBOX_CODE);
    await expectWalletHome(page);
    const wallet = page.getByRole('region', { name: 'Wallet', exact: true });
    await expect(wallet).toContainText('0.00 USDC');
    await expect(wallet).toContainText('Active');
    await checkScreen(page, testInfo, 'wallet-home');

    const user = await currentUser(page.request);
    expect(user).toMatchObject({ email, accountId: expect.stringMatching(/^InternalAccount:/) });

    // OTP verify: leg 1 answered 202 with a payloadToSign, then the retry stamped by the TEK.
    const verify = protocolRows(page, 'POST', /^\/auth\/credentials\/AuthMethod:[^/]+\/verify$/);
    await expect(verify.filter({ hasText: '202 challenge' })).toHaveCount(1);
    await expect(verify.filter({ hasText: 'payloadToSign issued · requestId' })).toHaveCount(1);
    const signed = verify.filter({ hasText: 'signed retry · Service-Wallet-Signature' });
    await expect(signed).toHaveCount(1);
    await expect(signed).toContainText('200');
  });

  test('given the page, should be served with a strict Content-Security-Policy (UI-08)', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    await signUp(page, uniqueEmail('csp'));
    await expect(signInCard(page)).toBeVisible();
  });
});
