/**
 * Passkeys per engine. Firefox: registration and sign-in through Marionette's CTAP2 virtual
 * authenticator (Firefox's software token). WebKitGTK has no WebAuthn: the passkey parts say why
 * they cannot be used and every other method still works (catalogue PK-17).
 */
import assert from 'node:assert/strict';
import { re } from '../lib/page.js';
import { test } from '../lib/runner.js';
import {
  accountSecurity,
  approve,
  expectWalletHome,
  methodsList,
  newSignedInUser,
  openPage,
  signInCard,
  signInWithEmailCode,
  signOut,
  thisDeviceSession,
} from '../support/demo.js';
import { addPasskeyFromAnotherDevice } from '../support/node-device.js';

test('PK-12: given the virtual authenticator, should add a passkey with a signed retry and sign in with it after signing out', {
  engines: ['firefox'],
}, async (t) => {
  const authenticator = await t.browser.addVirtualAuthenticator();
  assert.ok(authenticator, 'Firefox offers a virtual authenticator');
  try {
    const context = await t.newContext();
    const page = await openPage(t, context, `${t.urls.demo}/`);
    await newSignedInUser(page, t.urls.demo, 'passkey');
    await page.click({ role: 'button', name: 'Add a passkey', within: accountSecurity });
    await approve(page, accountSecurity, 'Add a sign-in method');
    await page.waitFor({ text: 'Passkey added.', within: accountSecurity }, { timeout: 15_000 });
    await page.waitFor({ role: 'listitem', text: 'Passkey', within: methodsList });
    assert.equal((await authenticator.credentials()).length, 1);

    await signOut(page);
    const offered = await page.texts({ role: 'listitem', within: signInCard });
    assert.equal(offered[0], 'Sign in with a passkey', "this device's passkey is offered first");
    await page.click({ role: 'button', name: 'Sign in with a passkey', within: signInCard });
    await expectWalletHome(page);
    assert.match(await thisDeviceSession(page), /Passkey/);
    const [credential] = await authenticator.credentials();
    assert.ok((credential?.signCount ?? 0) > 0, 'the assertion counted');
  } finally {
    await authenticator.remove();
  }
});

test('PK-17: given a browser without WebAuthn, should not offer a passkey that cannot work, say why, and sign in with the e-mail code beside an account passkey', {
  engines: ['webkit'],
}, async (t) => {
  const context = await t.newContext();
  const page = await openPage(t, context, `${t.urls.demo}/`);
  const environment = await page.tab.run<string>('return typeof PublicKeyCredential;');
  assert.equal(environment, 'undefined', 'this engine has no WebAuthn');
  t.note(
    'PublicKeyCredential is undefined: no WebAuthn, and no virtual authenticator in the driver',
  );
  const email = await newSignedInUser(page, t.urls.demo, 'nowebauthn');

  // Adding a passkey: the button cannot be used here, and the page says why (its description).
  await page.waitFor({ text: re(/can't use passkeys/), within: accountSecurity });
  const add = await page.inspect({
    role: 'button',
    name: 'Add a passkey',
    within: accountSecurity,
  });
  assert.equal(add.disabled, true, '"Add a passkey" is disabled');
  assert.match(add.description ?? '', /can't use passkeys/, 'and described by the reason');

  // The account gets a passkey on another device; this browser still cannot use it.
  await addPasskeyFromAnotherDevice(t.urls.demo, email, 'Laptop');
  // Opened again later, as the person would: the list now has the other device's passkey.
  await page.tab.reload();
  await page.waitFor(
    { role: 'listitem', text: 'Laptop', within: methodsList },
    { timeout: 15_000 },
  );
  await signOut(page);
  await page.waitFor({ role: 'status', text: re(/can't use passkeys/), within: signInCard });
  const passkey = await page.inspect({
    role: 'button',
    name: 'Sign in with a passkey',
    within: signInCard,
  });
  assert.equal(passkey.disabled, true, 'the passkey button is disabled');
  await signInWithEmailCode(page);
  await expectWalletHome(page);
});
