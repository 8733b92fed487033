import { expect, test } from '@playwright/test';
import { signInAtDemoIdentity } from './support/demo-identity.js';
import {
  accountSecurity,
  approve,
  currentUser,
  expectWalletHome,
  newSignedInUser,
  signInCard,
  signOut,
} from './support/demo-user.js';
import { clearProtocol, protocolRows } from './support/screens.js';

const VERIFY_PATH = /^\/auth\/credentials\/AuthMethod:[^/]+\/verify$/;
const CHALLENGE_PATH = /^\/auth\/credentials\/AuthMethod:[^/]+\/challenge$/;

test.describe('OAuth identity through the demo identity provider', () => {
  test('given a signed-in wallet, should link an identity from the provider popup and sign in with it after signing out, verify only (rule 7, OIDC-12)', async ({
    page,
  }, testInfo) => {
    await newSignedInUser(page, 'oidc');
    const { email } = await currentUser(page.request);
    const person = { email: `id-${email}`, name: 'Grace Hopper' };
    const security = accountSecurity(page);
    const methods = security.getByRole('list', { name: 'Sign-in methods' });

    const linkToken = await signInAtDemoIdentity(
      page,
      () => security.getByRole('button', { name: 'Link Demo Identity' }).click(),
      person,
      testInfo.outputPath('identity-provider.png'),
    );
    await approve(security, 'Add a sign-in method');
    await expect(methods.getByRole('listitem')).toHaveCount(2);
    await expect(methods.getByRole('listitem').filter({ hasText: 'Social sign-in' })).toContainText(
      person.email,
    );

    await signOut(page);
    await clearProtocol(page);
    const signInToken = await signInAtDemoIdentity(
      page,
      () => signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' }).click(),
      person,
    );
    await expectWalletHome(page);
    const sessions = security.getByRole('list', { name: "Where you're signed in" });
    await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
      'Social sign-in',
    );
    // OAuth re-authentication calls verify only: no challenge, no credential creation.
    await expect(protocolRows(page, 'POST', VERIFY_PATH)).toHaveCount(1);
    await expect(protocolRows(page, 'POST', VERIFY_PATH)).toContainText('200');
    await expect(protocolRows(page, 'POST', CHALLENGE_PATH)).toHaveCount(0);
    await expect(protocolRows(page, 'POST', /^\/auth\/credentials$/)).toHaveCount(0);

    // The ID tokens were used once and kept nowhere: not in the page, its URL, history or storage.
    const kept = await page.evaluate(() =>
      JSON.stringify({
        html: document.documentElement.outerHTML,
        url: location.href,
        history: history.length,
        local: { ...localStorage },
        session: { ...sessionStorage },
      }),
    );
    for (const token of [linkToken, signInToken]) {
      expect(kept).not.toContain(token);
      expect(kept).not.toContain(token.split('.')[1]);
    }
  });

  test('given another person at the provider, should refuse the sign-in and accept the linked one on retry (OIDC-07)', async ({
    page,
  }) => {
    await newSignedInUser(page, 'other');
    const { email } = await currentUser(page.request);
    const security = accountSecurity(page);
    const person = { email: `id-${email}` };
    await signInAtDemoIdentity(
      page,
      () => security.getByRole('button', { name: 'Link Demo Identity' }).click(),
      person,
    );
    await approve(security, 'Add a sign-in method');
    await expect(
      security.getByRole('list', { name: 'Sign-in methods' }).getByRole('listitem'),
    ).toHaveCount(2);
    await signOut(page);

    const oauthButton = signInCard(page).getByRole('button', {
      name: 'Continue with Demo Identity',
    });
    await signInAtDemoIdentity(page, () => oauthButton.click(), { email: `intruder-${email}` });
    // Said in words, with no technical details, and another method offered as a button.
    const refusal = signInCard(page).getByRole('alert');
    await expect(refusal).toContainText(
      "This account at your identity provider isn't the one linked to this wallet.",
    );
    await expect(refusal).not.toContainText(/OIDC|Details/);
    await expect(refusal.getByRole('button', { name: 'Use another method' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wallet', exact: true })).toBeHidden();

    await signInAtDemoIdentity(page, () => oauthButton.click(), person);
    await expectWalletHome(page);
  });
});
