import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import type { SignedActionProgress } from '../session/signed-action.js';
import { BASE_URL, basicAuth, setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { setWalletPrivacy } from './set-wallet-privacy.js';

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('setWalletPrivacy against the emulator', () => {
  it('given an OTP session, should turn privacy on and off, signed by the session', async () => {
    const { client, emailCredentialId, accountId, customerId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    await expect(setWalletPrivacy(client, accountId, true)).resolves.toMatchObject({
      id: accountId,
      privateEnabled: true,
    });
    const { data } = await client.api.listInternalAccounts({ customerId, type: 'EMBEDDED_WALLET' });
    expect(data[0]).toMatchObject({ privateEnabled: true });
    await expect(setWalletPrivacy(client, accountId, false)).resolves.toMatchObject({
      privateEnabled: false,
    });
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.body, r.headers.has('Service-Wallet-Signature')])).toEqual([
      ['{"privateEnabled":true}', false],
      ['{"privateEnabled":true}', true],
      ['{"privateEnabled":false}', false],
      ['{"privateEnabled":false}', true],
    ]);
  });

  it('given PROCESSING on the signed PATCH, should report progress and resend until settled', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { client, emailCredentialId, accountId } = await setup({
      sandbox: { processing: { 'PATCH /internal-accounts/{id}': 1 } },
    });
    await signInWithOtp(client, emailCredentialId);
    const progress: SignedActionProgress['kind'][] = [];
    let processing: () => void = () => undefined;
    const reachedProcessing = new Promise<void>((resolve) => {
      processing = resolve;
    });
    const result = setWalletPrivacy(client, accountId, true, {
      onProgress: (p) => {
        progress.push(p.kind);
        if (p.kind === 'processing') {
          processing();
        }
      },
    });
    await reachedProcessing;
    // §11.4: the first resend waits 1 s.
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toMatchObject({ privateEnabled: true });
    expect(progress).toEqual(['sending', 'signing', 'sending', 'processing', 'sending']);
  });

  it('given a non-boolean value, should refuse INVALID_INPUT with no request', async () => {
    const { client, emailCredentialId, accountId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const before = requests.length;
    await expect(
      setWalletPrivacy(client, accountId, 'yes' as unknown as boolean),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'privateEnabled' }] },
    });
    expect(requests.length).toBe(before);
  });

  it('SES-06: given this session revoked from another device, should get 401 and sign this device out', async () => {
    const { sandbox, client, emailCredentialId, accountId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const mine = client.sessions.getSnapshot();
    const other = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: (request) => {
        const headers = new Headers(request.headers);
        headers.set('Authorization', basicAuth());
        return sandbox.fetch(new Request(request, { headers }));
      },
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
    });
    await signInWithOtp(other, emailCredentialId);
    await other.sessions.revokeSession(mine.status === 'active' ? mine.session.id : '');
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      status: 401,
    });
    expect(client.sessions.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'revoked' });
    // The next action is refused on the device, before any request (SES-01).
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
  });
});
