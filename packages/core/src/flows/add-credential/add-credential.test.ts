import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { setup, waitFor } from '../../test/harness.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import type { GetIdToken } from '../oauth-login/id-token.js';
import { createOAuthLoginFlow } from '../oauth-login/oauth-login.js';
import { createOtpLoginFlow } from '../otp-login/otp-login.js';
import { createRemoveCredentialFlow } from '../remove-credential/remove-credential.js';
import { createAddCredentialFlow } from './add-credential.js';

const getIdToken: GetIdToken = async ({ nonce }) =>
  mintSandboxIdToken({ aud: 'wallet-demo', sub: 'user-9', nonce, now: Date.now() / 1000 });

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

describe('adding an OTP credential against the emulator', () => {
  it('given the EMAIL_OTP credential was removed, should add it back and sign in with it', async () => {
    const { client, emailCredentialId, accountId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const addOAuth = createAddCredentialFlow(client, { getIdToken });
    addOAuth.add('OAUTH');
    const oauth = await waitFor(addOAuth, (s) => s.status === 'added');
    const oauthId = oauth.status === 'added' ? oauth.credential.id : '';
    const login = createOAuthLoginFlow(client, { getIdToken });
    login.start(oauthId);
    await waitFor(login, (s) => s.status === 'authenticated');
    const removal = createRemoveCredentialFlow(client);
    removal.remove(emailCredentialId);
    await waitFor(removal, (s) => s.status === 'removed');

    const flow = createAddCredentialFlow(client);
    flow.add('EMAIL_OTP');
    const added = await waitFor(flow, (s) => s.status === 'added' || s.status === 'failed');
    expect(added).toMatchObject({
      status: 'added',
      credential: { type: 'EMAIL_OTP', accountId, nickname: 'ada@example.com' },
    });
    const credentialId = added.status === 'added' ? added.credential.id : '';
    expect(credentialId).not.toBe(emailCredentialId);
    await signInWithOtp(client, credentialId);
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { type: 'EMAIL_OTP', credentialId },
    });
  });

  it('given an EMAIL_OTP credential already on the account, should fail with the service code', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const flow = createAddCredentialFlow(client);
    flow.add('EMAIL_OTP');
    const failed = await waitFor(flow, (s) => s.status === 'failed');
    expect(failed).toMatchObject({
      error: { code: 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', status: 400 },
      retryable: false,
    });
  });

  it('given SMS_OTP for a customer without a phone number, should fail INVALID_INPUT', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const flow = createAddCredentialFlow(client);
    flow.add('SMS_OTP');
    await waitFor(flow, (s) => s.status === 'failed' && s.error.code === 'INVALID_INPUT');
  });

  it('given OAUTH without getIdToken, should fail CONFIGURATION_INVALID', async () => {
    const { client, emailCredentialId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const flow = createAddCredentialFlow(client);
    flow.add('OAUTH');
    await waitFor(flow, (s) => s.status === 'failed' && s.error.code === 'CONFIGURATION_INVALID');
  });
});
