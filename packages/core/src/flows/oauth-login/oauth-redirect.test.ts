import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../../create-wallet-auth-client.js';
import type { Clock } from '../../internal/clock.js';
import { systemClock } from '../../internal/clock.js';
import type { KeyStore } from '../../keys/key-store.js';
import { createMemoryKeyStore } from '../../keys/memory-key-store.js';
import { setup, waitFor } from '../../test/harness.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createAddCredentialFlow } from '../add-credential/add-credential.js';
import { createOtpLoginFlow } from '../otp-login/otp-login.js';
import type { GetIdToken, IdTokenRequest } from './id-token.js';
import { createOAuthLoginFlow } from './oauth-login.js';
import { PENDING_REDIRECT_SLOT } from './oauth-redirect.js';

const identity = { aud: 'wallet-demo', sub: 'google-user-42', email: 'ada@gmail.example' };
const mint = (nonce: string) => mintSandboxIdToken({ ...identity, nonce, now: Date.now() / 1000 });

/** A clock the test moves ahead, for the pending attempt's expiry. */
function movableClock(): Clock & { offset: number } {
  const clock = {
    offset: 0,
    now: () => systemClock.now() + clock.offset,
    setTimeout: systemClock.setTimeout,
  };
  return clock;
}

/**
 * An account with an OAUTH credential, signed out, and a key store that outlives the page: each
 * `page()` is a fresh client on it, as after a reload.
 */
async function signedOutWithOAuth(sessionKeyMode: 'documented' | 'client-held' = 'documented') {
  const keyStore: KeyStore = createMemoryKeyStore();
  const clock = movableClock();
  const harness = await setup({ client: { keyStore, sessionKeyMode, clock } });
  const { client, emailCredentialId } = harness;
  const otp = createOtpLoginFlow(client);
  otp.start(emailCredentialId);
  await waitFor(otp, (s) => s.status === 'awaitingCode');
  otp.submitCode('000000');
  await waitFor(otp, (s) => s.status === 'authenticated');
  const add = createAddCredentialFlow(client, { getIdToken: async ({ nonce }) => mint(nonce) });
  add.add('OAUTH');
  const added = await waitFor(add, (s) => s.status === 'added' || s.status === 'failed');
  if (added.status !== 'added') {
    throw new Error(`add failed: ${JSON.stringify(added)}`);
  }
  await client.sessions.signOut();
  client.sessions.dispose();
  const page = (): WalletAuthClient =>
    createWalletAuthClient({
      baseUrl: client.api.transport.baseUrl,
      ...(client.api.transport.fetch ? { fetch: client.api.transport.fetch } : {}),
      environment: 'sandbox',
      enclaveKeys: { otpSigner: client.environment.otpSigner },
      keyStore,
      channel: false,
      sessionKeyMode,
      clock,
    });
  return { ...harness, keyStore, clock, credentialId: added.credential.id, page };
}

/** Starts a redirect on a page and returns what the provider was asked (the page then "leaves"). */
async function leaveForProvider(client: WalletAuthClient, credentialId: string) {
  const asked: IdTokenRequest[] = [];
  const getIdToken: GetIdToken = (request) => {
    asked.push(request);
    return new Promise(() => undefined); // the page navigates away
  };
  const flow = createOAuthLoginFlow(client, { getIdToken, mode: 'redirect' });
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'redirecting');
  const deadline = Date.now() + 5000;
  while (asked.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  flow.dispose();
  client.sessions.dispose();
  const request = asked[0];
  if (request === undefined) {
    throw new Error('the provider was never asked');
  }
  return request;
}

const verifies = (requests: { url: string }[]) =>
  requests.filter((request) => request.url.endsWith('/verify')).length;

describe('OAuth sign-in by redirect against the emulator', () => {
  for (const sessionKeyMode of ['documented', 'client-held'] as const) {
    it(`OIDC-11: given a redirect, should keep the non-extractable key, nonce and state across the reload and sign in with the answer (${sessionKeyMode} key)`, async () => {
      const world = await signedOutWithOAuth(sessionKeyMode);
      const request = await leaveForProvider(world.page(), world.credentialId);
      expect(request).toMatchObject({ mode: 'redirect', purpose: 'signIn' });
      expect(request.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const pending = await world.keyStore.load(PENDING_REDIRECT_SLOT);
      expect(pending?.keyPair.privateKey.extractable).toBe(false);
      expect(pending?.metadata).toMatchObject({
        state: request.state,
        nonce: request.nonce,
        credentialId: world.credentialId,
      });
      expect(JSON.stringify(pending?.metadata)).not.toMatch(/eyJ/);

      // The page loads again with the provider's answer.
      const client = world.page();
      const flow = createOAuthLoginFlow(client, { getIdToken: async () => null });
      expect(
        flow.completeRedirect({ state: request.state, idToken: await mint(request.nonce) }),
      ).toBe(true);
      expect(flow.getSnapshot().status).toBe('returning');
      const done = await waitFor(
        flow,
        (s) => s.status === 'authenticated' || s.status === 'failed',
      );
      expect(done).toMatchObject({ status: 'authenticated', credentialId: world.credentialId });
      expect(client.sessions.getSnapshot()).toMatchObject({
        status: 'active',
        session: { type: 'OAUTH', credentialId: world.credentialId },
      });
      // Single use: the slot is gone.
      expect(await world.keyStore.load(PENDING_REDIRECT_SLOT)).toBeUndefined();
      flow.dispose();
      client.sessions.dispose();
    });
  }

  it('OIDC-11: given a flow dropped as soon as it got the answer (React strict mode), should leave the pending attempt to the flow that replaces it', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    const answer = { state: request.state, idToken: await mint(request.nonce) };
    const client = world.page();
    const dropped = createOAuthLoginFlow(client, { getIdToken: async () => null });
    dropped.completeRedirect(answer);
    dropped.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await world.keyStore.load(PENDING_REDIRECT_SLOT)).toBeDefined();
    const replacement = createOAuthLoginFlow(client, { getIdToken: async () => null });
    replacement.completeRedirect(answer);
    await waitFor(replacement, (s) => s.status === 'authenticated');
    client.sessions.dispose();
  });

  it('OIDC-16: given the same answer replayed after the sign-in, should refuse it and send nothing', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    const answer = { state: request.state, idToken: await mint(request.nonce) };
    const first = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    first.completeRedirect(answer);
    await waitFor(first, (s) => s.status === 'authenticated');
    const before = verifies(world.requests);

    const replay = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    replay.completeRedirect(answer);
    const refused = await waitFor(replay, (s) => s.status === 'failed');
    expect(refused).toMatchObject({
      status: 'failed',
      credentialId: undefined,
      error: { code: 'OAUTH_CALLBACK_INVALID', details: { callbackProblem: 'noPendingAttempt' } },
    });
    expect(verifies(world.requests)).toBe(before);
  });

  it('OIDC-16: given an answer with another state, should refuse it, send nothing, and spend the pending attempt', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    const before = verifies(world.requests);
    const flow = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    flow.completeRedirect({
      state: 'forged-state-from-another-site',
      idToken: await mint(request.nonce),
    });
    const refused = await waitFor(flow, (s) => s.status === 'failed');
    expect(refused).toMatchObject({
      credentialId: world.credentialId,
      error: { code: 'OAUTH_CALLBACK_INVALID', details: { callbackProblem: 'stateMismatch' } },
    });
    expect(verifies(world.requests)).toBe(before);
    expect(await world.keyStore.load(PENDING_REDIRECT_SLOT)).toBeUndefined();
    // The person starts a new attempt from the refusal.
    expect(flow.getSnapshot()).toMatchObject({ retryable: false });
  });

  it('OIDC-16: given an answer after the attempt expired, should refuse it as stale', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    world.clock.offset = 601_000;
    const flow = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    flow.completeRedirect({ state: request.state, idToken: await mint(request.nonce) });
    const refused = await waitFor(flow, (s) => s.status === 'failed');
    expect(refused).toMatchObject({
      credentialId: world.credentialId,
      error: { code: 'OAUTH_CALLBACK_INVALID', details: { callbackProblem: 'expired' } },
    });
  });

  it('OIDC-16: given a token issued for another attempt, should refuse it before the service counts a failure', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    const before = verifies(world.requests);
    const flow = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    flow.completeRedirect({ state: request.state, idToken: await mint('ab'.repeat(32)) });
    const refused = await waitFor(flow, (s) => s.status === 'failed');
    expect(refused).toMatchObject({
      error: { code: 'OAUTH_CALLBACK_INVALID', details: { callbackProblem: 'nonceMismatch' } },
    });
    expect(verifies(world.requests)).toBe(before);
  });

  it('OIDC-14: given the person declining at the provider (error=access_denied), should be cancelled', async () => {
    const world = await signedOutWithOAuth();
    const request = await leaveForProvider(world.page(), world.credentialId);
    const flow = createOAuthLoginFlow(world.page(), { getIdToken: async () => null });
    flow.completeRedirect({ state: request.state, error: 'access_denied' });
    expect(await waitFor(flow, (s) => s.status === 'cancelled')).toEqual({
      status: 'cancelled',
      credentialId: world.credentialId,
    });
  });

  it('given no answer in the page, should report none and leave the flow idle', async () => {
    const world = await signedOutWithOAuth();
    const flow = createOAuthLoginFlow(world.page(), {
      getIdToken: async () => null,
      readRedirectResult: () => null,
    });
    expect(flow.completeRedirect()).toBe(false);
    expect(flow.getSnapshot()).toEqual({ status: 'idle' });
  });

  it('OIDC-15: given a popup the browser blocked, should go on by redirect with a saved attempt', async () => {
    const world = await signedOutWithOAuth();
    const asked: IdTokenRequest[] = [];
    const getIdToken: GetIdToken = (request) => {
      asked.push(request);
      if (request.mode === 'popup') {
        return Promise.reject(
          Object.assign(new Error('window.open returned null'), { name: 'PopupBlockedError' }),
        );
      }
      return new Promise(() => undefined);
    };
    const flow = createOAuthLoginFlow(world.page(), { getIdToken });
    flow.start(world.credentialId);
    await waitFor(flow, (s) => s.status === 'redirecting');
    const deadline = Date.now() + 5000;
    while (asked.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(asked.map((request) => request.mode)).toEqual(['popup', 'redirect']);
    const pending = await world.keyStore.load(PENDING_REDIRECT_SLOT);
    expect(pending?.metadata.state).toBe(asked[1]?.state);
    flow.dispose();
  });
});
