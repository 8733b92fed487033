/**
 * Several tabs of one browser on the demo (catalogue SES-04, SES-05): one refresh for all tabs
 * when it comes due (Web Locks / BroadcastChannel in the engine under test), every tab adopting
 * the new key, and a sign-out reaching every tab within a second. The refresh runs on the real
 * clock, against a demo whose sessions last 80 s (the kit refreshes 60 s before expiry).
 */
import assert from 'node:assert/strict';
import { eventually, type Page } from '../lib/page.js';
import { type TestContext, test } from '../lib/runner.js';
import {
  expectWalletHome,
  newSignedInUser,
  openPage,
  revealRecoveryPhrase,
  signInCard,
  signOut,
  storedSessionId,
  togglePrivacy,
} from '../support/demo.js';

const REFRESH = '/auth/sessions/Session:[^/]+/refresh$';

/** Records, in the page, when the sign-in card appears (a MutationObserver is not throttled in background tabs). */
function watchForSignIn(page: Page): Promise<void> {
  return page.tab.run(`
    window.__signedOutAt = undefined;
    const seen = () => Array.from(document.querySelectorAll('section[aria-labelledby]')).some(
      (section) => /Sign in to your wallet/.test(section.textContent || ''));
    const observer = new MutationObserver(() => {
      if (window.__signedOutAt === undefined && seen()) {
        window.__signedOutAt = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    window.__messageAt = undefined;
    addEventListener('storage', (event) => {
      if (event.key === 'wallet-auth-demo:session:message' && event.newValue && window.__messageAt === undefined) {
        window.__messageAt = Date.now();
      }
    });
    if (typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel('wallet-auth-demo:session');
      channel.onmessage = (event) => {
        if (event.data && event.data.type === 'signedOut' && window.__messageAt === undefined) {
          window.__messageAt = Date.now();
        }
      };
    }
  `);
}

/** Signs out in one of three tabs; the other two show sign-in within a second (SES-05). */
async function signOutReachesEveryTab(t: TestContext): Promise<void> {
  const context = await t.newContext();
  const first = await openPage(t, context, `${t.urls.demo}/`);
  await newSignedInUser(first, t.urls.demo, 'tabs');
  const others: Page[] = [];
  for (let index = 0; index < 2; index++) {
    const page = await openPage(t, context, `${t.urls.demo}/`);
    await expectWalletHome(page);
    others.push(page);
  }
  for (const page of others) {
    await watchForSignIn(page);
  }
  // The person signs out in the tab in front of them; the others are in the background.
  await first.tab.bringToFront();
  const visibility = [];
  for (const page of [first, ...others]) {
    visibility.push(await page.tab.run<string>('return document.visibilityState;'));
  }
  t.note(`tab visibility during the sign-out: ${visibility.join(', ')}`);
  const clickedAt = await first.tab.run<number>('return Date.now();');
  await signOut(first);
  for (const [index, page] of others.entries()) {
    const at = await eventually(
      () => page.tab.run<number | null>('return window.__signedOutAt ?? null;'),
      (value) => value !== null,
      `tab ${index + 2} shows the sign-in card`,
      5_000,
    );
    const latency = (at as number) - clickedAt;
    const message = await page.tab.run<number | null>('return window.__messageAt ?? null;');
    t.note(
      `sign-out reached tab ${index + 2} in ${latency} ms (its cross-tab message after ${message === null ? '—' : message - clickedAt} ms)`,
    );
    assert.ok(latency <= 1_000, `tab ${index + 2} signed out after ${latency} ms (> 1 s)`);
    await page.waitFor(signInCard);
  }
  assert.equal(await storedSessionId(first), null, 'no session key is left in IndexedDB');
}

test(
  'SES-05: given three tabs signed in, should take every other tab to sign-in within a second of one signing out, and leave no key behind',
  {},
  (t) => signOutReachesEveryTab(t),
);

test(
  'SES-14: given a browser without BroadcastChannel (Safari before 15.4), should still take every other tab to sign-in within a second of one signing out',
  { profile: 'before-safari-15.4', engines: ['webkit'] },
  (t) => signOutReachesEveryTab(t),
);

/** One refresh for three tabs, each then signing with the new key (SES-04). */
async function refreshOnceAcrossTabs(
  t: TestContext,
  check: (page: Page) => Promise<void> = async () => undefined,
): Promise<void> {
  const origin = t.urls.shortSessionDemo;
  const context = await t.newContext();
  const first = await openPage(t, context, `${origin}/`);
  await check(first);
  await newSignedInUser(first, origin, 'refresh');
  const before = await storedSessionId(first);
  assert.ok(before);
  const pages = [first];
  for (let index = 0; index < 2; index++) {
    const page = await openPage(t, context, `${origin}/`);
    await expectWalletHome(page);
    pages.push(page);
  }
  // Due 20 s after sign-in (80 s lifetime, refreshed 60 s before its end).
  const after = await eventually(
    () => storedSessionId(first),
    (id) => id !== null && id !== before,
    'a refreshed session is stored',
    45_000,
  );
  // Let any second refresh (a tab that missed the lock) show up before counting.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const counts: number[] = [];
  for (const page of pages) {
    counts.push(await page.probe<number>('resourceCount', REFRESH));
  }
  t.note(`refresh requests per tab (first leg + signed retry): ${counts.join(', ')}`);
  assert.equal(
    counts.reduce((sum, count) => sum + count, 0),
    2,
    `one refresh (its two legs) across the three tabs, saw ${counts.join(' + ')}`,
  );
  assert.equal(await storedSessionId(first), after, 'no later refresh replaced it');
  // Every tab adopted the new key: a signed action from each of the other tabs goes through
  // (two different actions, so neither depends on the other tab's view of the wallet).
  const [, second, third] = pages as [Page, Page, Page];
  for (const page of [second, third]) {
    await page.waitFor(signInCard, { state: 'hidden' });
  }
  await togglePrivacy(second);
  await revealRecoveryPhrase(third);
}

test(
  'SES-04: given three tabs when the session refresh comes due, should refresh once for all of them and let every tab sign with the new key',
  { timeoutMs: 120_000 },
  (t) => refreshOnceAcrossTabs(t),
);

test('SES-13: given a browser without Web Locks (Safari before 15.4), should still refresh once for three tabs and let every tab sign with the new key', {
  timeoutMs: 120_000,
  profile: 'before-safari-15.4',
  // Gecko has no switch for it any more (`dom.weblocks.enabled` is ignored by Firefox 153).
  engines: ['webkit'],
}, async (t) => {
  await refreshOnceAcrossTabs(t, async (page) => {
    assert.equal(await page.tab.run<string>('return typeof navigator.locks;'), 'undefined');
  });
});
