import { createSoftAuthenticator, type SoftAuthenticator } from '@wallet-auth/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes } from '../../encoding/base64url.js';
import { bytesToUtf8 } from '../../encoding/utf8.js';
import { setup, waitFor } from '../../test/harness.js';
import { setWalletPrivacy } from '../../wallet/set-wallet-privacy.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  WebAuthnPort,
} from '../../webauthn/webauthn-port.js';
import { createOtpLoginFlow } from '../otp-login/otp-login.js';
import { createPasskeyRegistrationFlow } from '../passkey-registration/passkey-registration.js';
import { createPasskeyLoginFlow } from './passkey-login.js';

/** The software authenticator of test-utils behind the kit's WebAuthn port (JSON in, JSON out). */
function softPort(authenticator: SoftAuthenticator) {
  const seen: {
    create: PublicKeyCredentialCreationOptionsJSON[];
    get: PublicKeyCredentialRequestOptionsJSON[];
  } = {
    create: [],
    get: [],
  };
  const port: WebAuthnPort & { seen: typeof seen; cancelNext: number } = {
    seen,
    cancelNext: 0,
    isSupported: async () => true,
    async create(options) {
      seen.create.push(options);
      return authenticator.create({
        challenge: base64UrlToBytes(options.challenge),
        rp: options.rp,
        user: { ...options.user, id: base64UrlToBytes(options.user.id) },
      });
    },
    async get(options) {
      seen.get.push(options);
      if (port.cancelNext > 0) {
        port.cancelNext -= 1;
        throw new DOMException(
          'The operation either timed out or was not allowed.',
          'NotAllowedError',
        );
      }
      const allow = options.allowCredentials ?? [];
      return authenticator.get({
        challenge: base64UrlToBytes(options.challenge),
        ...(options.rpId === undefined ? {} : { rpId: options.rpId }),
        ...(allow.length === 0
          ? {}
          : {
              allowCredentials: allow.map((c) => ({
                type: 'public-key' as const,
                id: base64UrlToBytes(c.id),
              })),
            }),
      });
    },
  };
  return port;
}

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

async function registerPasskey(
  client: WalletAuthClient,
  port: WebAuthnPort,
  nickname = 'My laptop',
) {
  const flow = createPasskeyRegistrationFlow(client, {
    webauthn: port,
    rp: { id: 'localhost', name: 'Wallet' },
  });
  flow.register(nickname);
  const done = await waitFor(flow, (s) => s.status === 'registered' || s.status === 'failed');
  if (done.status !== 'registered') {
    throw new Error(`registration failed: ${JSON.stringify(done)}`);
  }
  return done.credential;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('passkey registration and sign-in against the emulator', () => {
  for (const sessionKeyMode of ['documented', 'client-held'] as const) {
    it(`given a passkey registered under an OTP session, should sign in with it (${sessionKeyMode} key) and sign the next action`, async () => {
      const { client, emailCredentialId, accountId, requests } = await setup({
        client: { sessionKeyMode },
      });
      const port = softPort(
        createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
      );
      await signInWithOtp(client, emailCredentialId);
      const passkey = await registerPasskey(client, port);
      expect(passkey).toMatchObject({ type: 'PASSKEY', accountId, nickname: 'My laptop' });
      // §9: algorithms −7 then −257, attestation none, UV required; the body's challenge is the one create() got.
      const created = port.seen.create[0]!;
      expect(created.pubKeyCredParams.map((p) => p.alg)).toEqual([-7, -257]);
      expect(created).toMatchObject({
        attestation: 'none',
        authenticatorSelection: { userVerification: 'required' },
      });
      expect(created.user.name).toBe('ada@example.com');
      const adds = requests.filter(
        (r) => r.method === 'POST' && r.url.endsWith('/auth/credentials'),
      );
      expect(adds).toHaveLength(2);
      expect(adds[1]!.body).toBe(adds[0]!.body);
      expect(JSON.parse(adds[0]!.body)).toMatchObject({
        type: 'PASSKEY',
        challenge: created.challenge,
      });

      await client.sessions.signOut();
      const flow = createPasskeyLoginFlow(client, { webauthn: port });
      flow.start(passkey.id);
      const done = await waitFor(
        flow,
        (s) => s.status === 'authenticated' || s.status === 'failed',
      );
      expect(done).toMatchObject({
        status: 'authenticated',
        session: { type: 'PASSKEY', accountId },
      });
      expect(client.sessions.getSnapshot()).toMatchObject({
        status: 'active',
        session: { type: 'PASSKEY', credentialId: passkey.id },
      });
      // PK-10: the WebAuthn challenge is the UTF-8 of the hex string, never its decoding.
      const challengeCall = requests.find((r) => r.url.endsWith(`${passkey.id}/challenge`))!;
      const sentKey = JSON.parse(challengeCall.body).clientPublicKey as string;
      expect(sentKey).toMatch(
        sessionKeyMode === 'documented' ? /^04[0-9a-f]{128}$/ : /^0[23][0-9a-f]{64}$/,
      );
      const got = port.seen.get[0]!;
      expect(bytesToUtf8(base64UrlToBytes(got.challenge))).toMatch(/^[0-9a-f]{64}$/);
      expect(got).toMatchObject({
        userVerification: 'required',
        allowCredentials: [{ id: passkey.credentialId }],
      });
      // §9: verify carries Request-Id alone and no clientPublicKey.
      const verify = requests.find((r) => r.url.endsWith(`${passkey.id}/verify`))!;
      expect(verify.headers.get('Request-Id')).toMatch(/^Request:/);
      expect(verify.headers.get('Service-Wallet-Signature')).toBeNull();
      expect(JSON.parse(verify.body)).not.toHaveProperty('clientPublicKey');
      // The adopted key is the session's: a signed action goes through.
      await expect(setWalletPrivacy(client, accountId, true)).resolves.toMatchObject({
        privateEnabled: true,
      });
    });
  }

  it('PK-12: given the prompt dismissed, should be cancelled with no verify sent, then sign in on retry', async () => {
    const { client, emailCredentialId, requests } = await setup();
    const port = softPort(
      createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
    );
    await signInWithOtp(client, emailCredentialId);
    const passkey = await registerPasskey(client, port);
    await client.sessions.signOut();
    port.cancelNext = 1;
    const flow = createPasskeyLoginFlow(client, { webauthn: port });
    flow.start(passkey.id);
    await waitFor(flow, (s) => s.status === 'cancelled');
    expect(requests.some((r) => r.url.endsWith(`${passkey.id}/verify`))).toBe(false);
    expect(client.sessions.getSnapshot().status).toBe('signedOut');
    flow.retry();
    await waitFor(flow, (s) => s.status === 'authenticated');
    // A new challenge (and a new client key) for the new attempt.
    expect(requests.filter((r) => r.url.endsWith(`${passkey.id}/challenge`))).toHaveLength(2);
  });

  it('PK-13: given a second start while the prompt is open, should abort the first ceremony and use one challenge', async () => {
    const { client, emailCredentialId } = await setup();
    const authenticator = createSoftAuthenticator({
      rpId: 'localhost',
      origin: 'http://localhost:5173',
    });
    const soft = softPort(authenticator);
    await signInWithOtp(client, emailCredentialId);
    const passkey = await registerPasskey(client, soft);
    await client.sessions.signOut();
    const signals: AbortSignal[] = [];
    let release: (() => void) | undefined;
    const port: WebAuthnPort = {
      isSupported: async () => true,
      create: soft.create,
      async get(options, ceremony) {
        signals.push(ceremony!.signal!);
        if (signals.length === 1) {
          // The first prompt stays open until the flow closes it.
          await new Promise<void>((resolve) => {
            release = resolve;
            ceremony!.signal!.addEventListener('abort', () => resolve());
          });
          throw new DOMException('aborted', 'AbortError');
        }
        return soft.get(options);
      },
    };
    const flow = createPasskeyLoginFlow(client, { webauthn: port });
    flow.start(passkey.id);
    await waitFor(flow, (s) => s.status === 'awaitingPasskey');
    flow.start(passkey.id);
    const done = await waitFor(flow, (s) => s.status === 'authenticated' || s.status === 'failed');
    expect(done.status).toBe('authenticated');
    expect(signals[0]!.aborted).toBe(true);
    release?.();
  });

  it('given a session that expired, should re-authenticate with the same passkey and a fresh key (rule 7)', async () => {
    // Fake time from the start, so the session manager's expiry timer is a fake one.
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { client, emailCredentialId } = await setup({ client: { refreshMarginMs: 0 } });
    const port = softPort(
      createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
    );
    await signInWithOtp(client, emailCredentialId);
    const passkey = await registerPasskey(client, port);
    await client.sessions.signOut();
    const flow = createPasskeyLoginFlow(client, { webauthn: port });
    expect(flow.reauthenticate()).toBe(false);
    flow.start(passkey.id);
    await waitFor(flow, (s) => s.status === 'authenticated');
    const first = client.sessions.getSnapshot();
    if (first.status !== 'active') {
      throw new Error('expected an active session');
    }
    await vi.advanceTimersByTimeAsync(first.session.expiresAt - Date.now() + 1000);
    expect(client.sessions.getSnapshot().status).toBe('expired');
    expect(flow.reauthenticate()).toBe(true);
    await waitFor(flow, (s) => s.status === 'authenticated' && s.session.id !== first.session.id);
    const second = client.sessions.getSnapshot();
    expect(second).toMatchObject({ status: 'active', session: { credentialId: passkey.id } });
    expect(second.status === 'active' && second.session.publicKey).not.toBe(
      first.session.publicKey,
    );
  });

  it('PK-12: given a browser without passkeys, should fail PASSKEY_UNSUPPORTED before any challenge', async () => {
    const { client, requests } = await setup();
    const port: WebAuthnPort = {
      isSupported: async () => false,
      create: () => Promise.reject(new Error('unreachable')),
      get: () => Promise.reject(new Error('unreachable')),
    };
    const flow = createPasskeyLoginFlow(client, { webauthn: port });
    flow.start('AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({ error: { code: 'PASSKEY_UNSUPPORTED' }, retryable: false });
    expect(requests.filter((r) => r.url.includes('/auth/'))).toHaveLength(0);
  });
});

describe('passkey registration rules against the emulator', () => {
  it('given an invalid nickname, should refuse it with no network call (§9)', async () => {
    const { client, emailCredentialId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const before = requests.length;
    const port = softPort(
      createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
    );
    const flow = createPasskeyRegistrationFlow(client, { webauthn: port });
    flow.register('   ');
    expect(flow.getSnapshot()).toEqual({ status: 'idle', nicknameProblem: 'empty' });
    flow.register('x'.repeat(101));
    expect(flow.getSnapshot()).toEqual({ status: 'idle', nicknameProblem: 'tooLong' });
    expect(requests.length).toBe(before);
    expect(port.seen.create).toHaveLength(0);
  });

  it('given no session on the device, should fail SESSION_KEY_MISSING before any network call', async () => {
    const { client, requests } = await setup();
    const port = softPort(
      createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
    );
    const flow = createPasskeyRegistrationFlow(client, { webauthn: port });
    flow.register('Key');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({ error: { code: 'SESSION_KEY_MISSING' }, retryable: false });
    expect(requests).toHaveLength(0);
  });

  it('given a second passkey, should exclude the first one from create()', async () => {
    const { client, emailCredentialId } = await setup();
    const port = softPort(
      createSoftAuthenticator({ rpId: 'localhost', origin: 'http://localhost:5173' }),
    );
    await signInWithOtp(client, emailCredentialId);
    const first = await registerPasskey(client, port, 'Laptop');
    await registerPasskey(client, port, 'Phone');
    expect(port.seen.create[0]!.excludeCredentials).toEqual([]);
    expect(port.seen.create[1]!.excludeCredentials).toEqual([
      { type: 'public-key', id: first.credentialId },
    ]);
  });

  it('PK-11: given an authenticator that already holds an excluded passkey, should fail PASSKEY_CREDENTIAL_ALREADY_EXISTS', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const port: WebAuthnPort = {
      isSupported: async () => true,
      create: () => Promise.reject(new DOMException('already registered', 'InvalidStateError')),
      get: () => Promise.reject(new Error('unreachable')),
    };
    const flow = createPasskeyRegistrationFlow(client, { webauthn: port });
    flow.register('Key');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      error: { code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS' },
      retryable: false,
    });
  });
});
