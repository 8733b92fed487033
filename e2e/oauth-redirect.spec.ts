import { expect, type Page, test } from '@playwright/test';
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

/** A signed-in user links a Demo Identity (popup), then signs out: ready to sign in by OAuth. */
async function userWithIdentity(page: Page, label: string): Promise<{ email: string }> {
  await newSignedInUser(page, label);
  const { email } = await currentUser(page.request);
  const person = { email: `id-${email}` };
  const security = accountSecurity(page);
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
  return person;
}

/** At the provider's page in this tab, signs in as `email`; returns the answer's URL. */
async function answerAtProvider(page: Page, email: string): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Demo Identity' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('redirect_uri')).toMatch(/^http:\/\/localhost:\d+\//);
  await page.getByLabel('Email').fill(email);
  let answer = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('#id_token=')) {
      answer = frame.url();
    }
  });
  await page.getByRole('button', { name: 'Continue as this person' }).click();
  await expect.poll(() => answer).toContain('state=');
  return answer;
}

test.describe('OAuth by redirect', () => {
  test('OIDC-11: given "This tab", should leave for the provider, come back and sign in, keeping no token in the URL, history or storage', async ({
    page,
  }) => {
    const person = await userWithIdentity(page, 'redirect');
    await page.getByLabel('Demo Identity opens in').selectOption('redirect');
    const button = signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' });
    await expect(button).toHaveAttribute('data-mode', 'redirect');
    await button.click();
    const answer = await answerAtProvider(page, person.email);
    await expectWalletHome(page);
    await expect(
      accountSecurity(page)
        .getByRole('list', { name: "Where you're signed in" })
        .getByRole('listitem')
        .filter({ hasText: 'This device' }),
    ).toContainText('Social sign-in');
    const token = new URLSearchParams(new URL(answer).hash.slice(1)).get('id_token') ?? '';
    expect(token).toMatch(/^eyJ/);
    const kept = await page.evaluate(() =>
      JSON.stringify({
        html: document.documentElement.outerHTML,
        url: location.href,
        local: { ...localStorage },
        session: { ...sessionStorage },
      }),
    );
    expect(kept).not.toContain(token.split('.')[1]);
    expect(page.url()).not.toContain('#');
    // Back in history is the provider's page, never the answer with the token.
    await page.goBack();
    expect(page.url()).not.toContain('id_token');
  });

  test('OIDC-16: given the answer replayed after the sign-in, should refuse it with a clear message and stay signed out', async ({
    page,
  }) => {
    const person = await userWithIdentity(page, 'replay');
    await page.getByLabel('Demo Identity opens in').selectOption('redirect');
    await signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' }).click();
    const answer = await answerAtProvider(page, person.email);
    await expectWalletHome(page);
    await signOut(page);

    // A fresh load of the answer's address (a same-page hash change would not reload the app).
    await page.goto('about:blank');
    await page.goto(answer);
    const refusal = signInCard(page).getByRole('alert');
    await expect(refusal).toContainText(
      "This sign-in response can't be used: it expired, was already used or belongs to another attempt. Start the sign-in again.",
    );
    await expect(refusal.getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Your wallet', exact: true })).toBeHidden();
    expect(page.url()).not.toContain('id_token');
  });

  test('OIDC-14: given the person cancelling at the provider, should come back to a cancelled sign-in with the next steps as buttons', async ({
    page,
  }) => {
    await userWithIdentity(page, 'decline');
    await page.getByLabel('Demo Identity opens in').selectOption('redirect');
    await signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' }).click();
    await expect(page.getByRole('heading', { name: 'Demo Identity' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(signInCard(page).getByRole('status').filter({ hasText: 'window' })).toHaveText(
      'The sign-in window was closed. Try again when you’re ready.',
    );
    await expect(signInCard(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(signInCard(page).getByRole('alert')).toHaveCount(0);
  });

  test('OIDC-15: given the browser blocking the provider popup, should go on by redirect and sign in', async ({
    page,
  }) => {
    const person = await userWithIdentity(page, 'blocked');
    // A popup blocker: window.open gives nothing.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.reload();
    const button = signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' });
    await expect(button).toHaveAttribute('data-mode', 'popup');
    await button.click();
    await answerAtProvider(page, person.email);
    await expectWalletHome(page);
  });

  test('OIDC-16: given an answer that arrives after the attempt expired, should refuse it', async ({
    page,
  }) => {
    const person = await userWithIdentity(page, 'late');
    await page.clock.install();
    await page.reload();
    await page.getByLabel('Demo Identity opens in').selectOption('redirect');
    await signInCard(page).getByRole('button', { name: 'Continue with Demo Identity' }).click();
    await expect(page.getByRole('heading', { name: 'Demo Identity' })).toBeVisible();
    // Eleven minutes at the provider: the pending attempt lapsed (10 minutes).
    await page.clock.fastForward('11:00');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Continue as this person' }).click();
    await expect(signInCard(page).getByRole('alert')).toContainText(
      "This sign-in response can't be used",
    );
    await expect(page.getByRole('heading', { name: 'Your wallet', exact: true })).toBeHidden();
  });
});
