import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWalletAuthClient } from '../../create-wallet-auth-client.js';
import { createMemoryKeyStore } from '../../keys/memory-key-store.js';
import { BASE_URL, basicAuth, setup, waitFor } from '../../test/harness.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createAddCredentialFlow } from '../add-credential/add-credential.js';
import type { GetIdToken } from '../oauth-login/id-token.js';
import { createOAuthLoginFlow } from '../oauth-login/oauth-login.js';
import { createOtpLoginFlow } from '../otp-login/otp-login.js';
import { createRemoveCredentialFlow } from './remove-credential.js';

const getIdToken: GetIdToken = async ({ nonce }) =>
  mintSandboxIdToken({ aud: 'wallet-demo', sub: 'user-7', nonce, now: Date.now() / 1000 });

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

async function signInWithOAuth(client: WalletAuthClient, credentialId: string) {
  const flow = createOAuthLoginFlow(client, { getIdToken });
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'authenticated');
}

async function addOAuth(client: WalletAuthClient) {
  const flow = createAddCredentialFlow(client, { getIdToken });
  flow.add('OAUTH');
  const done = await waitFor(flow, (s) => s.status === 'added');
  return done.status === 'added' ? done.credential.id : '';
}

const deletes = <R extends { method: string; url: string }>(requests: R[]) =>
  requests.filter((r) => r.method === 'DELETE' && r.url.includes('/auth/credentials/'));

afterEach(() => {
  vi.useRealTimers();
});

describe('removing a credential against the emulator', () => {
  it('SES-07: given the only credential, should refuse with a typed error and send no revoke', async () => {
    const { client, emailCredentialId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const flow = createRemoveCredentialFlow(client);
    flow.remove(emailCredentialId);
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      lastCredential: true,
      retryable: false,
      error: { code: 'INVALID_INPUT', details: { rule: 'LAST_CREDENTIAL' } },
    });
    expect(deletes(requests)).toHaveLength(0);
  });

  it("SES-07: given the session's own credential, should ask for another session, then remove with it", async () => {
    const { client, emailCredentialId, accountId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const otpSession = client.sessions.getSnapshot();
    const oauthId = await addOAuth(client);
    const flow = createRemoveCredentialFlow(client);
    flow.remove(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'needsOtherSession');
    expect(deletes(requests)).toHaveLength(0);

    await signInWithOAuth(client, oauthId);
    flow.retry();
    await waitFor(flow, (s) => s.status === 'removed');
    expect(deletes(requests).map((r) => r.headers.has('Service-Wallet-Signature'))).toEqual([
      false,
      true,
    ]);
    const { data } = await client.api.listCredentials(accountId);
    expect(data.map((c) => c.type)).toEqual(['OAUTH']);
    // SES-06: the removed credential's sessions are revoked with it.
    const sessions = await client.api.listSessions(accountId);
    expect(sessions.data.map((s) => s.id)).not.toContain(
      otpSession.status === 'active' ? otpSession.session.id : '',
    );
    expect(sessions.data.every((s) => s.type === 'OAUTH')).toBe(true);
  });

  it("SES-07: given another device removed the signer's credential meanwhile, should end on the service's 400", async () => {
    const { sandbox, client: other, emailCredentialId } = await setup();
    // Device A signs in with OTP and adds OAUTH; device B signs in with that OAUTH credential.
    await signInWithOtp(other, emailCredentialId);
    const oauthId = await addOAuth(other);
    let race: (() => Promise<void>) | undefined;
    const device = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: async (request) => {
        if (request.method === 'DELETE' && race !== undefined) {
          const run = race;
          race = undefined;
          await run();
        }
        const headers = new Headers(request.headers);
        headers.set('Authorization', basicAuth());
        return sandbox.fetch(new Request(request, { headers }));
      },
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
    });
    await signInWithOAuth(device, oauthId);
    // Just before B's revoke of EMAIL_OTP leaves, A removes OAUTH (B's own credential).
    race = async () => {
      const removal = createRemoveCredentialFlow(other);
      removal.remove(oauthId);
      await waitFor(removal, (s) => s.status === 'removed');
    };
    const flow = createRemoveCredentialFlow(device);
    flow.remove(emailCredentialId);
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      lastCredential: true,
      retryable: false,
      error: { code: 'INVALID_INPUT', status: 400 },
    });
  });

  it('given PROCESSING on the signed revoke, should show settling and resend until removed', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { client, emailCredentialId, requests } = await setup({
      sandbox: { processing: { 'DELETE /auth/credentials/{id}': 2 } },
    });
    await signInWithOtp(client, emailCredentialId);
    const oauthId = await addOAuth(client);
    await signInWithOAuth(client, oauthId);
    const flow = createRemoveCredentialFlow(client);
    const seen: string[] = [];
    flow.subscribe(() => {
      const state = flow.getSnapshot();
      seen.push(state.status === 'removing' ? `removing:${state.progress.kind}` : state.status);
    });
    flow.remove(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'removing' && s.progress.kind === 'processing');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(flow, (s) => s.status === 'removed');
    expect(seen).toContain('removing:processing');
    const signed = deletes(requests).filter((r) => r.headers.has('Service-Wallet-Signature'));
    expect(signed).toHaveLength(3);
    // §11.4: resent byte for byte — the same stamp and Request-Id.
    expect(new Set(signed.map((r) => r.headers.get('Service-Wallet-Signature'))).size).toBe(1);
    expect(new Set(signed.map((r) => r.headers.get('Request-Id'))).size).toBe(1);
  });

  it('given no session, should fail SESSION_KEY_MISSING with no network call', async () => {
    const { client, emailCredentialId, requests } = await setup();
    const flow = createRemoveCredentialFlow(client);
    flow.remove(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'failed' && s.error.code === 'SESSION_KEY_MISSING');
    expect(requests).toHaveLength(0);
  });
});
