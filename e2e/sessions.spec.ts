import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAtDemoIdentity } from './support/demo-identity.js';
import {
  accountSecurity,
  approve,
  codeField,
  currentUser,
  expectWalletHome,
  newSignedInUser,
  requestEmailCode,
  SANDBOX_CODE,
  signInCard,
  signInWithEmailCode,
  signOut,
  signUp,
} from './support/demo-user.js';
import { advanceSandboxClock } from './support/sandbox-clock.js';
import { checkScreen, clearProtocol, protocolRows } from './support/screens.js';

/** A second device: its own browser context (cookies, IndexedDB, BroadcastChannel). */
async function secondDevice(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, email);
  return page;
}

function sessionsList(page: Page) {
  return accountSecurity(page).getByRole('list', { name: "Where you're signed in" });
}

function methodsList(page: Page) {
  return accountSecurity(page).getByRole('list', { name: 'Sign-in methods' });
}

/** Tries the privacy switch, a signed action, and approves its stamp. */
async function trySignedAction(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /Private wallet/ }).click();
  await approve(page.getByRole('region', { name: 'Privacy' }), 'Change wallet privacy');
}

test.describe('sessions and credentials across devices and tabs', () => {
  test('given a second device signed in with a linked identity, should show both sessions and, once that credential is removed, reject its session (SES-06, SES-07)', async ({
    page,
    browser,
  }) => {
    await newSignedInUser(page, 'owner');
    const { email } = await currentUser(page.request);
    const person = { email: `id-${email}`, name: 'Katherine Johnson' };
    await signInAtDemoIdentity(
      page,
      () => accountSecurity(page).getByRole('button', { name: 'Link Demo Identity' }).click(),
      person,
    );
    await approve(accountSecurity(page), 'Add a sign-in method');
    await expect(methodsList(page).getByRole('listitem')).toHaveCount(2);

    const laptop = await secondDevice(browser, email);
    await signInAtDemoIdentity(
      laptop,
      () => signInCard(laptop).getByRole('button', { name: 'Continue with Demo Identity' }).click(),
      person,
    );
    await expectWalletHome(laptop);
    // The laptop's own credential cannot be removed from the laptop (SES-07): it says why.
    const ownItem = methodsList(laptop).getByRole('listitem').filter({ hasText: 'Social sign-in' });
    await expect(ownItem.getByRole('button', { name: /^Remove / })).toBeDisabled();
    await expect(ownItem).toContainText('Sign in with another method to remove this one.');

    await page.reload();
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(2);
    await expect(
      sessionsList(page).getByRole('listitem').filter({ hasText: 'This device' }),
    ).toContainText('Email code');
    await expect(
      sessionsList(page).getByRole('listitem').filter({ hasNotText: 'This device' }),
    ).toContainText('Social sign-in');

    const linked = methodsList(page).getByRole('listitem').filter({ hasText: 'Social sign-in' });
    await linked.getByRole('button', { name: `Remove ${person.email}` }).click();
    await approve(accountSecurity(page), 'Remove a sign-in method');
    await expect(methodsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);

    // The laptop's session was issued by the removed credential: its next stamp is refused.
    await trySignedAction(laptop);
    await expect(signInCard(laptop)).toBeVisible();
    await expect(signInCard(laptop).getByRole('status').first()).toHaveText(
      'This session was signed out from another device. Sign in again.',
    );
    await laptop.reload();
    await expect(signInCard(laptop).getByRole('button', { name: 'Email me a code' })).toBeVisible();
    await expect(
      signInCard(laptop).getByRole('button', { name: 'Continue with Demo Identity' }),
    ).toBeHidden();
    await laptop.context().close();
  });

  test('given two devices on e-mail codes, should sign out the other one from the session list (SES-11)', async ({
    page,
    browser,
  }) => {
    await newSignedInUser(page, 'two');
    const { email } = await currentUser(page.request);
    const phone = await secondDevice(browser, email);
    await signInWithEmailCode(phone);

    await page.reload();
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(2);
    await accountSecurity(page)
      .getByRole('button', { name: 'Sign out all other sessions' })
      .click();
    await expect(accountSecurity(page).getByText('Other sessions signed out.')).toBeVisible();
    await expect(sessionsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(
      protocolRows(page, 'DELETE', /^\/auth\/sessions\/Session:[^/]+$/).filter({ hasText: '204' }),
    ).toHaveCount(1);

    await trySignedAction(phone);
    await expect(signInCard(phone)).toContainText('Sign in again.');
    // This device is untouched: its own stamps still work.
    await trySignedAction(page);
    await expect(page.getByRole('checkbox', { name: /Private wallet/ })).toBeChecked();
    await phone.context().close();
  });

  test('SES-21: given a double click on Sign out, should revoke once and show the sign-in methods at once, not hang', async ({
    page,
  }) => {
    await newSignedInUser(page, 'double');
    const deletes: number[] = [];
    page.on('requestfinished', async (request) => {
      if (request.method() === 'DELETE') {
        deletes.push((await request.response())?.status() ?? 0);
      }
    });
    await accountSecurity(page).getByRole('button', { name: 'Sign out', exact: true }).dblclick();
    await expect(signInCard(page).getByRole('button', { name: 'Email me a code' })).toBeVisible();
    // One revoke: leg 1 (202) and the signed leg (204); the second click shared it.
    expect(deletes.sort()).toEqual([202, 204]);
  });

  test('SES-22, SES-23: given this device signed out from another one while its privacy change awaits approval, should show the sign-in when the page comes into view and offer the change again after signing in', async ({
    page,
    browser,
  }) => {
    await newSignedInUser(page, 'noticed');
    const { email } = await currentUser(page.request);
    const phone = await secondDevice(browser, email);
    await signInWithEmailCode(phone);
    // The phone starts a privacy change and leaves its approval open.
    await phone.getByRole('checkbox', { name: /Private wallet/ }).click();
    const privacy = phone.getByRole('region', { name: 'Privacy' });
    await expect(
      privacy.getByRole('region', { name: 'Confirm with your session key' }),
    ).toBeVisible();
    await page.reload();
    await accountSecurity(page)
      .getByRole('button', { name: 'Sign out all other sessions' })
      .click();
    await expect(accountSecurity(page).getByText('Other sessions signed out.')).toBeVisible();
    // The phone's page comes back into view: the end is noticed without any signed action.
    await phone.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(signInCard(phone).getByRole('status').first()).toHaveText(
      'This session was signed out from another device. Sign in again.',
    );
    await expect(
      protocolRows(phone, 'PATCH', /^\/internal-accounts\//).filter({ hasText: 'signed retry' }),
    ).toHaveCount(0);
    await signInWithEmailCode(phone);
    await expect(privacy.getByRole('note')).toContainText(
      'Your session ended before the wallet was made private, so nothing changed.',
    );
    await privacy.getByRole('button', { name: 'Make the wallet private now' }).click();
    await approve(privacy, 'Change wallet privacy');
    await expect(phone.getByRole('checkbox', { name: /Private wallet/ })).toBeChecked();
    await expect(privacy.getByRole('note')).toHaveCount(0);
    await phone.context().close();
  });

  test('given two tabs of one browser, should sign the other tab out within a second of signing out (SES-05)', async ({
    page,
  }) => {
    await newSignedInUser(page, 'tabs');
    const other = await page.context().newPage();
    await other.goto('/');
    await expectWalletHome(other);
    await signOut(page);
    await expect(signInCard(other)).toBeVisible({ timeout: 1_000 });
  });

  test('given the session time up on both clocks, should refuse to sign locally and ask to sign in again, then re-authenticate with a challenge (SES-01, rule 7)', async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.clock.install();
    await newSignedInUser(page, 'expiry');
    // The page's clock joins the emulator's, which earlier tests may already have moved ahead.
    const emulatorNow = await advanceSandboxClock(page.request, baseURL!, 901);
    await page.clock.setSystemTime(emulatorNow);
    await clearProtocol(page);
    await page.getByRole('checkbox', { name: /Private wallet/ }).click();
    await expect(signInCard(page)).toBeVisible();
    await expect(signInCard(page).getByRole('status').first()).toHaveText(
      'Your session has expired. Sign in again to continue.',
    );
    await checkScreen(page, testInfo, 'session-expired');
    // Refused before any network call: nothing was sent for the privacy change.
    await expect(protocolRows(page, 'PATCH', /^\/internal-accounts\//)).toHaveCount(0);

    await requestEmailCode(page);
    await codeField(page).fill(SANDBOX_CODE);
    await expectWalletHome(page);
    await expect(
      protocolRows(page, 'POST', /^\/auth\/credentials\/AuthMethod:[^/]+\/challenge$/),
    ).toHaveCount(1);
    await expect(protocolRows(page, 'POST', /^\/auth\/credentials$/)).toHaveCount(0);
  });

  test('given a session expired on the emulator only, should take the late 401 back to sign-in (SES-01)', async ({
    page,
    baseURL,
  }) => {
    await newSignedInUser(page, 'late401');
    await advanceSandboxClock(page.request, baseURL!, 901);
    await trySignedAction(page);
    await expect(
      protocolRows(page, 'PATCH', /^\/internal-accounts\//).filter({
        hasText: '401 WALLET_SIGNATURE_INVALID',
      }),
    ).toHaveCount(1);
    await expect(signInCard(page)).toContainText('Sign in again');
    await signInWithEmailCode(page);
  });

  test('given a session expired on the emulator only, should say the session expired (SES-01)', async ({
    page,
    baseURL,
  }) => {
    await newSignedInUser(page, 'late401text');
    await advanceSandboxClock(page.request, baseURL!, 901);
    await trySignedAction(page);
    await expect(signInCard(page).getByRole('status').first()).toHaveText(
      'Your session has expired. Sign in again to continue.',
    );
  });
});
