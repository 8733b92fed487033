/**
 * IndexedDB unavailable, as people meet it: Firefox in private browsing with IndexedDB off there
 * (`open` fails with InvalidStateError, catalogue KEY-04) and WebKit without the IndexedDB API
 * (no `indexedDB`, as in Lockdown Mode, KEY-03). The kit keeps keys in memory with one warning,
 * signs in for the life of the tab, says the session will not survive a reload, and never falls
 * back to anything weaker.
 */
import assert from 'node:assert/strict';
import { re } from '../lib/page.js';
import { test } from '../lib/runner.js';
import {
  accountSecurity,
  newSignedInUser,
  openPage,
  signInCard,
  togglePrivacy,
} from '../support/demo.js';
import { kitReady, openKitPage, uniqueNamespace } from '../support/kit.js';

test('KEY-03/KEY-04: given IndexedDB unavailable, should keep a non-extractable key in memory with one KEY_STORE_UNAVAILABLE warning, sign with it, and report it unsupported after a reload', {
  profile: 'storage-blocked',
  smoke: true,
}, async (t) => {
  const { page } = await openKitPage(t);
  const environment = await page.kit<{ indexedDB: string }>('custody', 'environment');
  const namespace = uniqueNamespace('blocked');
  const saved = await page.kit<{
    persistence: string;
    warnings: { code: string; message: string; errorName?: string }[];
    extractable: boolean;
    exports: Record<string, string>;
    compressedPublicKeyHex: string;
  }>('custody', 'save', namespace, 'Session:blocked');
  assert.equal(saved.persistence, 'memory');
  assert.equal(saved.warnings.length, 1, 'one warning');
  const [warning] = saved.warnings;
  assert.equal(warning?.code, 'KEY_STORE_UNAVAILABLE');
  assert.match(warning?.message ?? '', /will not survive a reload/);
  t.note(
    `IndexedDB unavailable: typeof indexedDB = ${environment.indexedDB}; the kit's warning: "${warning?.message}"${warning?.errorName ? ` (${warning.errorName})` : ''}`,
  );
  assert.equal(saved.extractable, false, 'never an extractable key instead');
  for (const outcome of Object.values(saved.exports)) {
    assert.notEqual(outcome, 'exported');
  }
  const local = await page.tab.run<number>('return localStorage.length + sessionStorage.length;');
  assert.equal(local, 0, 'nothing falls back to Web Storage');

  await page.tab.reload();
  await kitReady(page);
  const reopened = await page.kit<{
    persistence: string;
    health: string;
    healthError?: { code: string };
  }>('custody', 'reopen', namespace, saved.compressedPublicKeyHex, 'payload');
  assert.equal(reopened.persistence, 'memory');
  assert.equal(reopened.health, 'unsupported');
  assert.equal(reopened.healthError?.code, 'KEY_STORE_UNAVAILABLE');
});

test('KEY-03: given IndexedDB unavailable, the demo should sign in with an e-mail code for the life of the tab, say the session will not survive a reload, sign a change, and ask to sign in again after a reload', {
  profile: 'storage-blocked',
}, async (t) => {
  const context = await t.newContext();
  const page = await openPage(t, context, `${t.urls.demo}/`);
  await newSignedInUser(page, t.urls.demo, 'memory');
  await page.waitFor(
    {
      role: 'note',
      text: re(/sign in again after closing or reloading this page/),
      within: accountSecurity,
    },
    { timeout: 10_000 },
  );
  await togglePrivacy(page);
  await page.tab.reload();
  await page.waitFor(signInCard, { timeout: 20_000 });
});
