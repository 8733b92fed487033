import { mintSandboxIdToken, oidcNonceFor } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../../keys/key-store.js';
import { createMemoryKeyStore } from '../../keys/memory-key-store.js';
import { setup, waitFor } from '../../test/harness.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createAddCredentialFlow } from '../add-credential/add-credential.js';
import { createOtpLoginFlow } from '../otp-login/otp-login.js';
import type { GetIdToken } from './id-token.js';
import { createOAuthLoginFlow } from './oauth-login.js';

const identity = { aud: 'wallet-demo', sub: 'google-user-42', email: 'ada@gmail.example' };

/** A fake identity provider: tokens with the §10 claims, the requested nonce, issued now. */
function provider(overrides: { iatOffsetSeconds?: number; nonce?: string; sub?: string } = {}) {
  const nonces: string[] = [];
  const getIdToken: GetIdToken = async ({ nonce }) => {
    nonces.push(nonce);
    const now = Date.now() / 1000;
    return mintSandboxIdToken({
      ...identity,
      ...(overrides.sub === undefined ? {} : { sub: overrides.sub }),
      nonce: overrides.nonce ?? nonce,
      iat: Math.floor(now) + (overrides.iatOffsetSeconds ?? 0),
      now,
    });
  };
  return { getIdToken, nonces };
}

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

async function addOAuth(client: WalletAuthClient, getIdToken: GetIdToken) {
  const flow = createAddCredentialFlow(client, { getIdToken });
  flow.add('OAUTH');
  const done = await waitFor(
    flow,
    (s) => s.status === 'added' || s.status === 'failed' || s.status === 'needsFreshToken',
  );
  if (done.status !== 'added') {
    throw new Error(`add failed: ${JSON.stringify(done)}`);
  }
  return done.credential;
}

describe('OAuth add and sign-in against the emulator', () => {
  for (const sessionKeyMode of ['documented', 'client-held'] as const) {
    it(`given an OAUTH credential added under an OTP session, should sign in with a fresh token (${sessionKeyMode} key)`, async () => {
      const { client, emailCredentialId, accountId, requests } = await setup({
        client: { sessionKeyMode },
      });
      await signInWithOtp(client, emailCredentialId);
      const credential = await addOAuth(client, provider().getIdToken);
      // §12: the OAUTH nickname is the token's email claim.
      expect(credential).toMatchObject({ type: 'OAUTH', accountId, nickname: identity.email });
      const adds = requests.filter(
        (r) => r.url.endsWith('/auth/credentials') && r.method === 'POST',
      );
      expect(adds.map((r) => r.headers.has('Service-Wallet-Signature'))).toEqual([false, true]);

      await client.sessions.signOut();
      const idp = provider();
      const flow = createOAuthLoginFlow(client, { getIdToken: idp.getIdToken });
      flow.start(credential.id);
      const done = await waitFor(
        flow,
        (s) => s.status === 'authenticated' || s.status === 'failed',
      );
      expect(done).toMatchObject({
        status: 'authenticated',
        session: { type: 'OAUTH', accountId },
      });
      expect(client.sessions.getSnapshot()).toMatchObject({
        status: 'active',
        session: { type: 'OAUTH', credentialId: credential.id },
      });
      // §10: the nonce is hex SHA-256 of the exact clientPublicKey string sent with the token.
      const verify = requests.find((r) => r.url.endsWith(`${credential.id}/verify`))!;
      const body = JSON.parse(verify.body) as {
        type: string;
        clientPublicKey: string;
        oidcToken: string;
      };
      expect(body.type).toBe('OAUTH');
      expect(idp.nonces).toEqual([oidcNonceFor(body.clientPublicKey)]);
      expect(body.clientPublicKey).toMatch(sessionKeyMode === 'documented' ? /^04/ : /^0[23]/);
    });
  }

  it('OIDC-01: given a token carrying another nonce, should fail with nonceMismatch and no session', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const credential = await addOAuth(client, provider().getIdToken);
    await client.sessions.signOut();
    const flow = createOAuthLoginFlow(client, {
      getIdToken: provider({ nonce: 'f'.repeat(64) }).getIdToken,
    });
    flow.start(credential.id);
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      problem: 'nonceMismatch',
      error: { code: 'UNAUTHORIZED', reason: 'OIDC nonce mismatch' },
    });
    expect(client.sessions.getSnapshot().status).toBe('signedOut');
  });

  it('OIDC-02: given a token 120 s old, should ask for a fresh one and sign in with it', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const credential = await addOAuth(client, provider().getIdToken);
    await client.sessions.signOut();
    let stale = true;
    const fresh = provider();
    const old = provider({ iatOffsetSeconds: -120 });
    const flow = createOAuthLoginFlow(client, {
      getIdToken: (request) => (stale ? old.getIdToken(request) : fresh.getIdToken(request)),
    });
    flow.start(credential.id);
    const asked = await waitFor(flow, (s) => s.status === 'needsFreshToken');
    expect(asked).toMatchObject({ error: { reason: 'OIDC iat outside the allowed window' } });
    stale = false;
    flow.retry();
    await waitFor(flow, (s) => s.status === 'authenticated');
  });

  it('OIDC-07: given a token of another subject, should fail with identityMismatch', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const credential = await addOAuth(client, provider().getIdToken);
    await client.sessions.signOut();
    const flow = createOAuthLoginFlow(client, {
      getIdToken: provider({ sub: 'someone-else' }).getIdToken,
    });
    flow.start(credential.id);
    await waitFor(flow, (s) => s.status === 'failed' && s.problem === 'identityMismatch');
  });

  it('OIDC-14: given the provider window closed, should be cancelled and send nothing', async () => {
    const { client, requests } = await setup();
    const flow = createOAuthLoginFlow(client, { getIdToken: async () => null });
    flow.start('AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e');
    await waitFor(flow, (s) => s.status === 'cancelled');
    expect(requests.filter((r) => r.url.includes('/auth/'))).toHaveLength(0);
  });

  it('OIDC-02: given a stale token on add, should ask for a fresh one, then add with it', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    let stale = true;
    const old = provider({ iatOffsetSeconds: -120 });
    const fresh = provider();
    const flow = createAddCredentialFlow(client, {
      getIdToken: (request) => (stale ? old.getIdToken(request) : fresh.getIdToken(request)),
    });
    flow.add('OAUTH');
    await waitFor(flow, (s) => s.status === 'needsFreshToken');
    stale = false;
    flow.retry();
    const added = await waitFor(flow, (s) => s.status === 'added');
    expect(added).toMatchObject({ credential: { type: 'OAUTH' } });
  });

  it('given the same identity added twice, should fail INVALID_INPUT (one credential per provider identity)', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    await addOAuth(client, provider().getIdToken);
    const flow = createAddCredentialFlow(client, { getIdToken: provider().getIdToken });
    flow.add('OAUTH');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      error: { code: 'INVALID_INPUT', status: 400 },
      retryable: false,
    });
  });

  it('OIDC-13: given prepare() before the click, should reach getIdToken within microtasks of start() (no WebCrypto wait, so a popup may open in WebKit), and use each prepared key once (HPKE-19)', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const credential = await addOAuth(client, provider().getIdToken);
    await client.sessions.signOut();
    const idp = provider();
    let dismissed = false;
    const flow = createOAuthLoginFlow(client, {
      // The person closes the first popup, then signs in on the retry.
      getIdToken: (request) => {
        if (!dismissed) {
          dismissed = true;
          idp.nonces.push(request.nonce);
          return Promise.resolve(null);
        }
        return idp.getIdToken(request);
      },
    });
    await flow.prepare();
    flow.start(credential.id);
    // Microtasks only: an I/O completion (WebCrypto, IndexedDB) cannot run in between.
    for (let turn = 0; turn < 200 && idp.nonces.length === 0; turn++) {
      await Promise.resolve();
    }
    expect(idp.nonces).toHaveLength(1);
    await waitFor(flow, (s) => s.status === 'cancelled');

    // Unprepared, the retry makes its own key: WebCrypto answers in a later task.
    flow.retry();
    for (let turn = 0; turn < 200; turn++) {
      await Promise.resolve();
    }
    expect(idp.nonces).toHaveLength(1);
    await waitFor(flow, (s) => s.status === 'authenticated');
    expect(idp.nonces).toHaveLength(2);
    expect(idp.nonces[1]).not.toBe(idp.nonces[0]);
  });

  it('OIDC-13: given an active session whose key lives in slow storage, should ask the provider within microtasks of add() and read the key when the add is signed', async () => {
    const memory = createMemoryKeyStore();
    // IndexedDB answers in a later task, which ends the click's right to open a popup in WebKit.
    const keyStore: KeyStore = {
      ...memory,
      checkHealth: async (...args) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return memory.checkHealth(...args);
      },
    };
    const { client, emailCredentialId } = await setup({ client: { keyStore } });
    await signInWithOtp(client, emailCredentialId);
    const idp = provider();
    const flow = createAddCredentialFlow(client, { getIdToken: idp.getIdToken });
    flow.add('OAUTH');
    for (let turn = 0; turn < 200 && idp.nonces.length === 0; turn++) {
      await Promise.resolve();
    }
    expect(idp.nonces).toHaveLength(1);
    await waitFor(flow, (s) => s.status === 'added');
  });

  it('given an OAUTH add without a session, should fail before the provider is asked', async () => {
    const { client } = await setup();
    const idp = provider();
    const flow = createAddCredentialFlow(client, { getIdToken: idp.getIdToken });
    flow.add('OAUTH');
    await waitFor(flow, (s) => s.status === 'failed' && s.error.code === 'SESSION_KEY_MISSING');
    expect(idp.nonces).toHaveLength(0);
  });
});
