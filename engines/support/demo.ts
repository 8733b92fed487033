/**
 * The demo as a person uses it, over the engines' locators (the same steps as
 * `e2e/support/demo-user.ts`, which Playwright runs in Chromium).
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '../drivers/types.js';
import { type Page, pageOf, type Query, re } from '../lib/page.js';
import type { TestContext } from '../lib/runner.js';

/** The sandbox's OTP code; the sign-in screen shows it as a hint. */
export const SANDBOX_CODE = '000000';

/** The key-store namespace the demo gives the kit. */
export const DEMO_NAMESPACE = 'wallet-auth-demo';

/** A fresh e-mail per test, so every test has its own demo user and wallet. */
export function uniqueEmail(label: string): string {
  return `${label}+${randomUUID().slice(0, 8)}@example.com`;
}

export const signInCard: Query = { role: 'region', name: 'Sign in to your wallet' };
export const accountSecurity: Query = { role: 'region', name: 'Account security' };
export const codeField: Query = { role: 'textbox', name: re(/Enter the 6-digit code/) };
export const sessionsList: Query = {
  role: 'list',
  name: "Where you're signed in",
  within: accountSecurity,
};
export const methodsList: Query = {
  role: 'list',
  name: 'Sign-in methods',
  within: accountSecurity,
};

/** A new tab of `context` on `url`, with locators. */
export async function openPage(
  t: TestContext,
  context: BrowserContext,
  url: string,
): Promise<Page> {
  return pageOf(await context.newTab(url), t.probeSource);
}

/** Opens the demo and creates the app account with the sign-up form. */
export async function signUp(page: Page, origin: string, email: string): Promise<void> {
  if (!(await page.tab.url()).startsWith(origin)) {
    await page.tab.goto(`${origin}/`);
  }
  await page.waitFor({ role: 'heading', name: 'Create your wallet' }, { timeout: 20_000 });
  await page.fill({ role: 'textbox', name: 'Email' }, email);
  await page.click({ role: 'button', name: 'Continue' });
  await page.waitFor({ role: 'heading', name: 'Open your wallet' }, { timeout: 15_000 });
}

/** Waits for the signed-in wallet home. */
export async function expectWalletHome(page: Page, timeout = 20_000): Promise<void> {
  await page.waitFor({ role: 'heading', name: 'Your wallet', level: 1 }, { timeout });
  await page.waitFor(methodsList, { timeout });
}

/** Asks for an e-mail code, types the sandbox code and waits for the wallet home. */
export async function signInWithEmailCode(page: Page): Promise<void> {
  await page.click({ role: 'button', name: 'Email me a code', within: signInCard });
  await page.waitFor(codeField, { timeout: 15_000 });
  await page.fill(codeField, SANDBOX_CODE);
  await expectWalletHome(page);
}

/** Signs up a new demo user in `page` and signs in to the wallet with the e-mail code. */
export async function newSignedInUser(page: Page, origin: string, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUp(page, origin, email);
  await signInWithEmailCode(page);
  return email;
}

/** Approves the pending stamp shown by `SignedActionConfirm` inside `scope`. */
export async function approve(page: Page, scope: Query, action: string): Promise<void> {
  const request: Query = { role: 'region', name: 'Confirm with your session key', within: scope };
  await page.waitFor({ ...request, text: action }, { timeout: 15_000 });
  await page.click({ role: 'button', name: 'Approve', within: request });
  await page.waitFor(request, { state: 'hidden', timeout: 15_000 });
}

/** Changes the wallet's privacy (a signed action) and waits until the box shows the change. */
export async function togglePrivacy(page: Page): Promise<void> {
  const box: Query = { role: 'checkbox', name: re(/^Private wallet/) };
  const before = (await page.waitFor(box, { state: 'enabled', timeout: 15_000 })).checked;
  await page.click(box);
  await approve(page, { role: 'region', name: 'Privacy' }, 'Change wallet privacy');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await page.inspect(box);
    if (now.count > 0 && now.checked !== before && now.disabled !== true) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the privacy change did not settle: ${JSON.stringify(now)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs this device out from `AccountSecurity` and waits for the sign-in card. */
export async function signOut(page: Page): Promise<void> {
  await page.click({ role: 'button', name: 'Sign out', within: accountSecurity });
  await page.waitFor(signInCard, { timeout: 15_000 });
}

/** The session id the kit stored in this origin's IndexedDB, or `null`. */
export function storedSessionId(page: Page): Promise<string | null> {
  return page.probe<string | null>('storedSessionId', DEMO_NAMESPACE);
}

/**
 * Reveals the recovery phrase (a signed export, opened with HPKE in the page), checks its twelve
 * words and hides it again.
 */
export async function revealRecoveryPhrase(page: Page): Promise<void> {
  const exporter: Query = { role: 'region', name: 'Recovery phrase', within: accountSecurity };
  await page.click({ role: 'button', name: 'Show recovery phrase', within: exporter });
  await approve(page, exporter, 'Export the wallet’s recovery phrase');
  const phrase: Query = { role: 'list', name: 'Your recovery phrase', within: exporter };
  await page.waitFor(phrase, { timeout: 15_000 });
  const words = await page.texts({ role: 'listitem', within: phrase });
  if (words.length !== 12 || !words.every((word) => /^[a-z]+$/.test(word))) {
    throw new Error(`the recovery phrase is not twelve words: ${words.length} items`);
  }
  await page.click({ role: 'button', name: 'Hide recovery phrase', within: exporter });
  await page.waitFor(phrase, { state: 'hidden' });
}

/** The text of this device's row in "Where you're signed in" (e.g. "Passkey … This device"). */
export async function thisDeviceSession(page: Page): Promise<string> {
  const row: Query = { role: 'listitem', text: 'This device', within: sessionsList };
  await page.waitFor(row, { timeout: 15_000 });
  return (await page.texts(row)).join(' ');
}
