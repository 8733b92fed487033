/**
 * OAuth through the demo identity provider's popup in each engine: link an identity, sign out,
 * a popup closed by the person (OIDC-11), then sign in with the identity — a sealed session key
 * with a compressed `enc` opened in the engine (WebKit: through the kit's decompression).
 */
import assert from 'node:assert/strict';
import type { BrowserContext } from '../drivers/types.js';
import { type Page, pageOf, re } from '../lib/page.js';
import { type TestContext, test } from '../lib/runner.js';
import {
  accountSecurity,
  approve,
  expectWalletHome,
  methodsList,
  newSignedInUser,
  openPage,
  signInCard,
  signOut,
  thisDeviceSession,
} from '../support/demo.js';

/** Opens the provider's popup with `click`, signs `email` in there, and waits for it to close. */
async function signInAtDemoIdentity(
  t: TestContext,
  context: BrowserContext,
  page: Page,
  click: () => Promise<void>,
  email: string,
): Promise<void> {
  const popup = pageOf(await context.popup(page.tab, click), t.probeSource);
  await popup.waitFor({ role: 'heading', name: 'Demo Identity' }, { timeout: 15_000 });
  await popup.fill({ role: 'textbox', name: 'Email' }, email);
  await popup.fill({ role: 'textbox', name: 'Name' }, 'Grace Hopper');
  await popup.click({ role: 'button', name: 'Continue as this person' });
  // The demo's page closes the popup once it has the token.
  const deadline = Date.now() + 15_000;
  while (!(await popup.tab.isClosed())) {
    if (Date.now() > deadline) {
      throw new Error('the demo did not close the identity provider popup');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('OIDC-11/OIDC-12/OIDC-13: given the demo, should open the provider popup from the click, link an identity, report a popup closed by the person as cancelled, then sign in with the identity and keep no ID token in the page', {}, async (t) => {
  const context = await t.newContext();
  const page = await openPage(t, context, `${t.urls.demo}/`);
  const email = await newSignedInUser(page, t.urls.demo, 'oidc');
  const person = `id-${email}`;

  await signInAtDemoIdentity(
    t,
    context,
    page,
    () => page.click({ role: 'button', name: 'Link Demo Identity', within: accountSecurity }),
    person,
  );
  await approve(page, accountSecurity, 'Add a sign-in method');
  await page.waitFor({ role: 'listitem', text: person, within: methodsList }, { timeout: 15_000 });

  await signOut(page);
  const provider = { role: 'button', name: 'Continue with Demo Identity', within: signInCard };
  // The person closes the popup: the kit's flow ends as cancelled, and can be started again.
  const abandoned = await context.popup(page.tab, () => page.click(provider));
  await abandoned.close();
  await page.waitFor(
    { text: re(/The sign-in window was closed/), role: 'status' },
    { timeout: 10_000 },
  );

  await signInAtDemoIdentity(t, context, page, () => page.click(provider), person);
  await expectWalletHome(page);
  assert.match(await thisDeviceSession(page), /Social sign-in/);

  const kept = await page.tab.run<string>(
    'return JSON.stringify({ html: document.documentElement.outerHTML, url: location.href, local: { ...localStorage }, session: { ...sessionStorage } });',
  );
  assert.doesNotMatch(kept, /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/, 'no JWT in the page, URL or storage');
});
