/**
 * OAuth through the demo identity provider in each engine. Popup: link an identity, sign out, a
 * popup closed by the person (OIDC-14), then sign in with the identity — a sealed session key with
 * a compressed `enc` opened in the engine (WebKit: through the kit's decompression). Redirect
 * (OIDC-11): the tab leaves for the provider with the pending key saved in the engine's IndexedDB,
 * comes back with the answer in its fragment and signs in; a person cancelling at the provider
 * comes back to a cancelled sign-in.
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

/** A new demo user who links a Demo Identity person through the popup, then signs out. */
async function linkedThenSignedOut(t: TestContext, label: string) {
  const context = await t.newContext();
  const page = await openPage(t, context, `${t.urls.demo}/`);
  const email = await newSignedInUser(page, t.urls.demo, label);
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
  return { context, page, person };
}

test('OIDC-14/OIDC-12/OIDC-13: given the demo, should open the provider popup from the click, link an identity, report a popup closed by the person as cancelled, then sign in with the identity and keep no ID token in the page', {}, async (t) => {
  const { context, page, person } = await linkedThenSignedOut(t, 'oidc');
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

/** Has the demo open Demo Identity in this tab (the kit's redirect mode). */
async function chooseRedirect(page: Page): Promise<void> {
  await page.waitFor({ role: 'combobox', name: 'Demo Identity opens in' });
  await page.tab.run(`
    const select = [...document.querySelectorAll('select')].find((s) => s.labels?.[0]?.textContent === 'Demo Identity opens in');
    select.value = 'redirect';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  `);
  await page.waitFor({
    role: 'button',
    name: 'Continue with Demo Identity',
    within: signInCard,
    css: '[data-mode="redirect"]',
  });
}

test('OIDC-11/OIDC-12: given "This tab", should leave for the provider, come back with the pending key kept across the page load, sign in and keep no ID token; a cancel at the provider comes back cancelled', {}, async (t) => {
  const { page, person } = await linkedThenSignedOut(t, 'oidc-redirect');
  const provider = { role: 'button', name: 'Continue with Demo Identity', within: signInCard };

  // The person declines at the provider: back on the demo, the sign-in says it was closed.
  await chooseRedirect(page);
  await page.click(provider);
  await page.waitFor({ role: 'heading', name: 'Demo Identity' }, { timeout: 15_000 });
  await page.click({ role: 'button', name: 'Cancel' });
  await page.waitFor(
    { text: re(/The sign-in window was closed/), role: 'status' },
    { timeout: 15_000 },
  );

  await chooseRedirect(page);
  await page.click(provider);
  await page.waitFor({ role: 'heading', name: 'Demo Identity' }, { timeout: 15_000 });
  assert.match(await page.tab.url(), /redirect_uri=/);
  await page.fill({ role: 'textbox', name: 'Email' }, person);
  await page.click({ role: 'button', name: 'Continue as this person' });
  await expectWalletHome(page);
  assert.match(await thisDeviceSession(page), /Social sign-in/);
  assert.doesNotMatch(await page.tab.url(), /#|id_token/, 'the answer is gone from the URL');
  const kept = await page.tab.run<string>(
    'return JSON.stringify({ html: document.documentElement.outerHTML, url: location.href, local: { ...localStorage }, session: { ...sessionStorage } });',
  );
  assert.doesNotMatch(kept, /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/, 'no JWT in the page, URL or storage');
});
