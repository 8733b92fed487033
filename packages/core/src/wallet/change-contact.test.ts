import { describe, expect, it } from 'vitest';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { type ContactChange, changeContact } from './change-contact.js';

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

describe('changeContact against the emulator', () => {
  it('given a tied EMAIL_OTP credential, should change the email with a signed retry and rename the credential', async () => {
    const { client, emailCredentialId, accountId, customerId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    await expect(
      changeContact(client, customerId, { email: 'ada@new.example' }),
    ).resolves.toMatchObject({
      id: customerId,
      email: 'ada@new.example',
    });
    const patches = requests.filter((r) => r.method === 'PATCH' && r.url.includes('/customers/'));
    expect(patches.map((r) => r.headers.has('Service-Wallet-Signature'))).toEqual([false, true]);
    const { data } = await client.api.listCredentials(accountId);
    expect(data.find((c) => c.id === emailCredentialId)).toMatchObject({
      nickname: 'ada@new.example',
    });
  });

  it('given bad input, should refuse INVALID_INPUT with no request', async () => {
    const { client, emailCredentialId, customerId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const before = requests.length;
    const bad: unknown[] = [
      { email: 'ada@new.example', phoneNumber: '+14155550100' },
      {},
      { email: 'not-an-email' },
      { phoneNumber: '0014155550100' },
      { fullName: 'Someone Else' },
    ];
    for (const change of bad) {
      await expect(
        changeContact(client, customerId, change as ContactChange),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    }
    await expect(changeContact(client, 'Customer:nope', { email: 'a@b.co' })).rejects.toMatchObject(
      {
        code: 'INVALID_INPUT',
        details: { errors: [{ field: 'customerId' }] },
      },
    );
    expect(requests.length).toBe(before);
  });

  it('given no session, should fail SESSION_KEY_MISSING with no request', async () => {
    const { client, customerId, requests } = await setup();
    await expect(
      changeContact(client, customerId, { phoneNumber: '+14155550100' }),
    ).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    expect(requests).toHaveLength(0);
  });
});
