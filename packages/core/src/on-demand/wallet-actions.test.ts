import { describe, expect, it } from 'vitest';
import { decryptExportBundle } from '../crypto/decrypt-export-bundle.js';
import { resolveEnvironment } from '../crypto/environment.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { generateDecryptionKeyPair } from '../keys/key-pair.js';
import { setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { changeContact, exportWallet, findEmbeddedWallet, setWalletPrivacy } from './on-demand.js';

// The index's wallet actions load their code on first use; these tests go through those public
// entry points (the implementations have their own tests beside them).

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

describe('wallet actions loaded on first use', () => {
  it('given an OTP session, should find the wallet, set its privacy, export its phrase and change the email', async () => {
    const { client, emailCredentialId, accountId, customerId } = await setup();
    await signInWithOtp(client, emailCredentialId);
    await expect(findEmbeddedWallet(client, customerId, { pageSize: 5 })).resolves.toMatchObject({
      id: accountId,
    });
    await expect(setWalletPrivacy(client, accountId, true)).resolves.toMatchObject({
      privateEnabled: true,
    });
    const phrase = await exportWallet(client, accountId);
    expect(phrase.split(' ')).toHaveLength(12);
    await expect(
      changeContact(client, customerId, { email: 'changed@example.com' }),
    ).resolves.toMatchObject({ id: customerId });
  });

  it('given bad input, should reject with the implementation errors before any request', async () => {
    const { client, requests } = await setup();
    const before = requests.length;
    await expect(findEmbeddedWallet(client, 'Customer:nope')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(setWalletPrivacy(client, 'InternalAccount:nope', true)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(exportWallet(client, 'nope')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(changeContact(client, 'Customer:nope', { email: 'a@b.co' })).rejects.toMatchObject(
      { code: 'INVALID_INPUT' },
    );
    expect(requests.length).toBe(before);
  });

  it('given an unparseable bundle, should reject decryptExportBundle with BUNDLE_MALFORMED', async () => {
    const keyPair = await generateDecryptionKeyPair();
    await expect(
      decryptExportBundle({
        encryptedWalletCredentials: 'not json',
        keyPair,
        environment: resolveEnvironment({ environment: 'sandbox' }),
      }),
    ).rejects.toMatchObject({ code: 'BUNDLE_MALFORMED' });
  });
});
