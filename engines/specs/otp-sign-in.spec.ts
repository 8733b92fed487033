/**
 * The demo's e-mail code sign-in in each engine, end to end (page, reference proxy, emulator):
 * OTP crypto against the emulator, the session key in IndexedDB across a reload, a signed change,
 * sign-out.
 */
import assert from 'node:assert/strict';
import { test } from '../lib/runner.js';
import {
  expectWalletHome,
  newSignedInUser,
  openPage,
  signInCard,
  signOut,
  storedSessionId,
  togglePrivacy,
} from '../support/demo.js';

test('BFF-41: given the demo on http://localhost, should sign up (its cookie accepted), sign in with an e-mail code, keep the session across a reload, sign a change with the stored key, then sign out for good', {
  smoke: true,
}, async (t) => {
  const context = await t.newContext();
  const page = await openPage(t, context, `${t.urls.demo}/`);
  await newSignedInUser(page, t.urls.demo, 'otp');
  const sessionId = await storedSessionId(page);
  assert.match(sessionId ?? '', /^Session:/, 'the session key is stored in IndexedDB');

  await page.tab.reload();
  await expectWalletHome(page);
  assert.equal(await storedSessionId(page), sessionId);
  await togglePrivacy(page);

  await signOut(page);
  assert.equal(await storedSessionId(page), null, 'the key is deleted on sign-out');
  await page.tab.reload();
  await page.waitFor({ role: 'heading', name: 'Welcome back' }, { timeout: 20_000 });
  await page.waitFor(signInCard);
});
