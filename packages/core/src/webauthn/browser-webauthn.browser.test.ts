import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createPasskeyLoginFlow } from '../flows/passkey-login/passkey-login.js';
import { createPasskeyRegistrationFlow } from '../flows/passkey-registration/passkey-registration.js';
import { setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { createBrowserWebAuthn } from './browser-webauthn.js';

// Chromium's virtual authenticator through CDP (docs/contributing.md §4 "Browser tests"): the real
// navigator.credentials, the real @simplewebauthn/browser, no prompt.
let authenticatorId: string | undefined;

/** The page's CDP session (its `send` is typed by the Playwright provider, not in core's types). */
function devtools() {
  return cdp() as unknown as { send(method: string, params?: object): Promise<unknown> };
}

async function addAuthenticator(options: Record<string, unknown> = {}) {
  const session = devtools();
  const answer = (await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      ...options,
    },
  })) as { authenticatorId: string };
  return answer.authenticatorId;
}

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

beforeAll(async () => {
  await devtools().send('WebAuthn.enable', { enableUI: false });
  authenticatorId = await addAuthenticator();
});

afterAll(async () => {
  await devtools().send('WebAuthn.disable', {});
});

describe('the default WebAuthn port in Chromium', () => {
  it('given a virtual platform authenticator, should register a passkey and sign in with it against the emulator', async () => {
    const { client, emailCredentialId, accountId } = await setup({
      sandbox: { requireUserVerification: true },
    });
    const webauthn = createBrowserWebAuthn();
    await expect(webauthn.isSupported()).resolves.toBe(true);
    await signInWithOtp(client, emailCredentialId);
    const registration = createPasskeyRegistrationFlow(client, {
      webauthn,
      rp: { name: 'Wallet' },
    });
    registration.register('Chromium');
    const registered = await waitFor(
      registration,
      (s) => s.status === 'registered' || s.status === 'failed',
      15_000,
    );
    expect(registered).toMatchObject({
      status: 'registered',
      credential: { type: 'PASSKEY', accountId },
    });
    const credentialId = registered.status === 'registered' ? registered.credential.id : '';

    await client.sessions.signOut();
    const login = createPasskeyLoginFlow(client, { webauthn });
    login.start(credentialId);
    const done = await waitFor(
      login,
      (s) => s.status === 'authenticated' || s.status === 'failed',
      15_000,
    );
    expect(done).toMatchObject({
      status: 'authenticated',
      session: { type: 'PASSKEY', accountId },
    });

    // PK-11: the same authenticator again is excluded by the browser itself.
    const again = createPasskeyRegistrationFlow(client, { webauthn, rp: { name: 'Wallet' } });
    again.register('Chromium again');
    const refused = await waitFor(
      again,
      (s) => s.status === 'failed' || s.status === 'registered',
      15_000,
    );
    expect(refused).toMatchObject({
      status: 'failed',
      error: { code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS' },
    });
  });

  it('PK-12: given a prompt nobody answers (it times out as NotAllowedError), should end cancelled, not failed', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    await devtools().send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    authenticatorId = await addAuthenticator({ automaticPresenceSimulation: false });
    const registration = createPasskeyRegistrationFlow(client, {
      webauthn: createBrowserWebAuthn(),
      rp: { name: 'Wallet' },
      timeoutMs: 1000,
    });
    registration.register('Unanswered');
    const done = await waitFor(
      registration,
      (s) => s.status === 'cancelled' || s.status === 'failed' || s.status === 'registered',
      15_000,
    );
    expect(done).toEqual({ status: 'cancelled', nickname: 'Unanswered' });
  });
});
