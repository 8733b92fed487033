import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** The sandbox's OTP code (docs/protocol.md §14); the sign-in screen shows it as a hint. */
export const SANDBOX_CODE = '000000';

/** A fresh e-mail per test, so every test has its own demo user, customer and wallet. */
export function uniqueEmail(label: string): string {
  return `${label}+${randomUUID().slice(0, 8)}@example.com`;
}

/** The demo user as `GET /api/session` reports it. */
export interface DemoUser {
  email: string;
  customerId: string;
  accountId: string;
}

/** Opens the demo and creates the app account with the sign-up form, as a person would. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A person who has just created the account is not welcomed back.
  await expect(page.getByRole('heading', { name: 'Open your wallet' })).toBeVisible();
}

/** The wallet sign-in card of the demo (the kit's `SignIn`). */
export function signInCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Sign in to your wallet' });
}

/** The code field of the OTP step (labelled by the "Enter the 6-digit code…" sentence). */
export function codeField(page: Page): Locator {
  return page.getByRole('textbox', { name: /Enter the 6-digit code/ });
}

/** Asks for an e-mail code and waits for the code field. */
export async function requestEmailCode(page: Page): Promise<void> {
  await signInCard(page).getByRole('button', { name: 'Email me a code' }).click();
  await expect(codeField(page)).toBeFocused();
}

/** Signs in to the wallet with the sandbox e-mail code and waits for the wallet home. */
export async function signInWithEmailCode(page: Page): Promise<void> {
  await requestEmailCode(page);
  await codeField(page).fill(SANDBOX_CODE);
  await expectWalletHome(page);
}

/** Waits for the signed-in wallet home (wallet card and account security). */
export async function expectWalletHome(page: Page): Promise<void> {
  await expect(
    page.getByRole('heading', { name: 'Your wallet', exact: true, level: 1 }),
  ).toBeVisible();
  await expect(accountSecurity(page).getByRole('list', { name: 'Sign-in methods' })).toBeVisible();
}

/**
 * Turns the demo's "Offer passkeys in autofill" off before the sign-in screen mounts (the demo
 * keeps the choice in localStorage). Chromium's virtual authenticator answers the autofill request
 * by itself, so a test of the passkey button's prompt needs it off.
 */
export async function turnOffPasskeyAutofill(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('wallet-auth-demo:passkey-autofill', 'off'));
}

/** Signs up a new demo user and signs in to the wallet with the e-mail code. */
export async function newSignedInUser(page: Page, label: string): Promise<DemoUser> {
  const email = uniqueEmail(label);
  await signUp(page, email);
  await signInWithEmailCode(page);
  return currentUser(page.request);
}

/** The demo user of a browser context's cookie (`GET /api/session`). */
export async function currentUser(request: APIRequestContext): Promise<DemoUser> {
  const response = await request.get('/api/session');
  expect(response.status()).toBe(200);
  return (await response.json()) as DemoUser;
}

/** The kit's `AccountSecurity` section. */
export function accountSecurity(page: Page): Locator {
  return page.getByRole('region', { name: 'Account security' });
}

/**
 * Approves the pending stamp shown by `SignedActionConfirm` (docs/protocol.md §11.1) inside `scope`,
 * after checking it names `action` (the sentence read from the payload).
 */
export async function approve(scope: Page | Locator, action: string): Promise<void> {
  const request = scope.getByRole('region', { name: 'Confirm with your session key' });
  await expect(request).toContainText(action);
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request).toBeHidden();
}

/** Signs this device out from `AccountSecurity` and waits for the sign-in card. */
export async function signOut(page: Page): Promise<void> {
  await accountSecurity(page).getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(signInCard(page)).toBeVisible();
}

/**
 * Presses Tab until `target` has focus (at most `maxTabs` presses), so a test walks the page
 * with the keyboard alone and fails if the control cannot be reached.
 */
export async function tabTo(page: Page, target: Locator, maxTabs = 25): Promise<void> {
  for (let presses = 0; presses < maxTabs; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()} in ${maxTabs} presses`);
}
