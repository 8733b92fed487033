import { expect, test } from '@playwright/test';
import {
  accountSecurity,
  approve,
  expectWalletHome,
  newSignedInUser,
  signInCard,
  signOut,
  turnOffPasskeyAutofill,
} from './support/demo-user.js';
import { checkScreen, clearProtocol, protocolRows } from './support/screens.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

const CREDENTIAL_PATH = /^\/auth\/credentials$/;
const CHALLENGE_PATH = /^\/auth\/credentials\/AuthMethod:[^/]+\/challenge$/;
const VERIFY_PATH = /^\/auth\/credentials\/AuthMethod:[^/]+\/verify$/;

test.describe('passkeys through the virtual authenticator', () => {
  test('given a signed-in wallet, should add a passkey with a signed retry, then sign in with it after signing out (SR-01, rule 7)', async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'bio');
    const authenticator = await addVirtualAuthenticator(page);
    const security = accountSecurity(page);
    const methods = security.getByRole('list', { name: 'Sign-in methods' });
    await expect(methods.getByRole('listitem')).toHaveCount(1);
    await checkScreen(page, testInfo, 'account-security');

    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await checkScreen(page, testInfo, 'confirm-add-passkey');
    await approve(security, 'Add a sign-in method');
    await expect(security.getByText('Passkey added.')).toBeVisible();
    await expect(methods.getByRole('listitem')).toHaveCount(2);
    await expect(methods.getByRole('listitem').filter({ hasText: 'Passkey' })).toHaveCount(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    const added = protocolRows(page, 'POST', CREDENTIAL_PATH);
    await expect(added.filter({ hasText: '202 challenge' })).toHaveCount(1);
    await expect(added.filter({ hasText: 'signed retry' })).toContainText('201');

    // The button path: this person turned the demo's passkey autofill off (Chromium's virtual
    // authenticator answers an autofill request by itself: PK-18 below).
    await turnOffPasskeyAutofill(page);
    await signOut(page);
    await clearProtocol(page);
    // This device's passkey is offered first (SignIn's order).
    const methodsOffered = signInCard(page).getByRole('listitem');
    await expect(methodsOffered.first()).toHaveText('Sign in with a passkey');
    await checkScreen(page, testInfo, 'sign-in-methods');
    await signInCard(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectWalletHome(page);

    // Re-authentication is challenge then verify with Request-Id; no credential is created.
    await expect(protocolRows(page, 'POST', CHALLENGE_PATH)).toHaveCount(1);
    await expect(protocolRows(page, 'POST', VERIFY_PATH)).toContainText('Request-Id');
    await expect(protocolRows(page, 'POST', VERIFY_PATH)).toContainText('200');
    await expect(protocolRows(page, 'POST', CREDENTIAL_PATH)).toHaveCount(0);
    const sessions = security.getByRole('list', { name: "Where you're signed in" });
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
      'Passkey',
    );
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);
  });

  test('PK-18: given passkey autofill on (the default), should offer the passkey in a username-webauthn field and sign in through the autofill request, one challenge, no click', async ({
    page,
  }) => {
    await newSignedInUser(page, 'autofill');
    const authenticator = await addVirtualAuthenticator(page);
    const security = accountSecurity(page);
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await approve(security, 'Add a sign-in method');
    await expect(security.getByText('Passkey added.')).toBeVisible();
    await clearProtocol(page);
    await security.getByRole('button', { name: 'Sign out', exact: true }).click();
    // The sign-in offers the passkey in autofill; the virtual authenticator picks it at once (a
    // person would pick it from the field's suggestions). Nobody clicks the passkey button.
    await expectWalletHome(page);
    await expect(protocolRows(page, 'POST', CHALLENGE_PATH)).toHaveCount(1);
    await expect(protocolRows(page, 'POST', VERIFY_PATH)).toContainText('200');
    const sessions = security.getByRole('list', { name: "Where you're signed in" });
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
      'Passkey',
    );
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);
  });

  test('given a passkey prompt that fails, should say it was cancelled, keep no half-made credential and succeed on retry (PK-12)', async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'dismiss');
    const authenticator = await addVirtualAuthenticator(page);
    const security = accountSecurity(page);
    const methods = security.getByRole('list', { name: 'Sign-in methods' });

    // Registration refused by the authenticator: nothing is created anywhere.
    await authenticator.setUserVerified(false);
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      security.getByText('The passkey prompt was closed. Try again when you’re ready.'),
    ).toBeVisible();
    await expect(methods.getByRole('listitem')).toHaveCount(1);
    expect(await authenticator.credentials()).toHaveLength(0);

    await authenticator.setUserVerified(true);
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await approve(security, 'Add a sign-in method');
    await expect(methods.getByRole('listitem')).toHaveCount(2);

    // The prompt of the button, not the autofill request (which the virtual authenticator would
    // answer by itself, PK-18): this person turned the demo's autofill off.
    await turnOffPasskeyAutofill(page);
    await signOut(page);
    await authenticator.setUserVerified(false);
    const passkeyButton = signInCard(page).getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.click();
    // Browsers report a dismissed prompt and a passkey that is not on this device alike; signed
    // out, the kit cannot tell which, so it says both and offers both steps as buttons (PK-19).
    await expect(signInCard(page).getByRole('status').filter({ hasText: 'passkey' })).toHaveText(
      'No passkey was used. If your passkey is on another device, use that device, or choose another way to sign in.',
    );
    await expect(passkeyButton).toBeEnabled();
    await expect(signInCard(page).getByRole('button', { name: 'Try again' })).toBeFocused();
    await expect(
      signInCard(page).getByRole('button', { name: 'Use another method' }),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'passkey-cancelled');

    await authenticator.setUserVerified(true);
    await passkeyButton.click();
    await expectWalletHome(page);
  });
});
