/**
 * Another device of a demo user, run in Node with the kit's core against the same demo (its
 * proxy cookie, the demo's Origin): signs in with the e-mail code and registers a passkey with
 * the software authenticator of `@wallet-auth/test-utils`. It gives an account a passkey the
 * engine under test did not create (WebKitGTK cannot create one).
 */
import {
  createMemoryKeyStore,
  createOtpLoginFlow,
  createPasskeyRegistrationFlow,
  createWalletAuthClient,
  type WebAuthnPort,
} from '@wallet-auth/core';
import { base64UrlToBytes } from '@wallet-auth/core/primitives';
import { createSoftAuthenticator } from '@wallet-auth/test-utils';
import { SANDBOX_CODE } from './demo.js';

interface Observable<S> {
  getSnapshot(): S;
  subscribe(listener: () => void): () => void;
}

function settle<S extends { status: string }>(flow: Observable<S>, done: string[]): Promise<S> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`flow stuck in ${JSON.stringify(flow.getSnapshot())}`));
    }, 15_000);
    const check = () => {
      const state = flow.getSnapshot();
      if (done.includes(state.status)) {
        clearTimeout(timer);
        stop();
        resolve(state);
      }
    };
    const stop = flow.subscribe(check);
    check();
  });
}

/**
 * Signs `email` in on a Node "device" (the demo's sign-up route, then the e-mail code) and adds a
 * passkey named `nickname` for the demo's origin.
 */
export async function addPasskeyFromAnotherDevice(
  origin: string,
  email: string,
  nickname: string,
): Promise<void> {
  const signUp = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!signUp.ok) {
    throw new Error(`demo sign-up answered ${signUp.status}`);
  }
  const { accountId } = (await signUp.json()) as { accountId: string };
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const info = (await (await fetch(`${origin}/__sandbox/info`)).json()) as {
    enclavePublicKey: string;
  };
  const client = createWalletAuthClient({
    baseUrl: `${origin}/api/2025-10-13`,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: info.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    headers: { Cookie: cookie, Origin: origin },
  });
  try {
    const { data } = await client.api.listCredentials(accountId);
    const email = data.find((credential) => credential.type === 'EMAIL_OTP');
    if (email === undefined) {
      throw new Error('the demo account has no e-mail credential');
    }
    const otp = createOtpLoginFlow(client, { credentialType: 'EMAIL_OTP' });
    otp.start(email.id);
    await settle(otp, ['awaitingCode', 'failed']);
    otp.submitCode(SANDBOX_CODE);
    const signedIn = await settle(otp, ['authenticated', 'failed']);
    otp.dispose();
    if (signedIn.status !== 'authenticated') {
      throw new Error(`the other device could not sign in: ${JSON.stringify(signedIn)}`);
    }
    const authenticator = createSoftAuthenticator({ rpId: 'localhost', origin });
    const webauthn: WebAuthnPort = {
      isSupported: async () => true,
      create: (options) =>
        authenticator.create({
          challenge: base64UrlToBytes(options.challenge),
          rp: options.rp,
          user: { ...options.user, id: base64UrlToBytes(options.user.id) },
        }),
      get: () => Promise.reject(new DOMException('not used', 'NotAllowedError')),
    };
    const registration = createPasskeyRegistrationFlow(client, {
      webauthn,
      rp: { id: 'localhost', name: 'Demo wallet' },
    });
    registration.register(nickname);
    const registered = await settle(registration, ['registered', 'failed', 'cancelled']);
    registration.dispose();
    if (registered.status !== 'registered') {
      throw new Error(`the other device could not add a passkey: ${JSON.stringify(registered)}`);
    }
  } finally {
    client.sessions.dispose();
  }
}
