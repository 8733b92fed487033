import { interopVectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import type { WalletAuthError } from '../errors/wallet-auth-error.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createIndexedDbKeyStore } from '../keys/indexed-db-key-store.js';
import { setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { exportWallet } from './export-wallet.js';

async function signInWithOtp(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

const twelveWords = /^[a-z]+( [a-z]+){11}$/;

describe('exportWallet against the emulator', () => {
  it('given an OTP session, should return the wallet mnemonic: 12 words, the same on every export', async () => {
    const { client, emailCredentialId, accountId, requests } = await setup();
    await signInWithOtp(client, emailCredentialId);
    const phrase = await exportWallet(client, accountId);
    expect(phrase).toMatch(twelveWords);
    await expect(exportWallet(client, accountId)).resolves.toBe(phrase);
    const exports = requests.filter((r) => r.url.endsWith(`${accountId}/export`));
    expect(exports).toHaveLength(4);
    const keys = exports.map((r) => JSON.parse(r.body).clientPublicKey as string);
    // §8: a fresh pub65 per export, the same one on both legs of an export.
    expect(keys.every((key) => /^04[0-9a-f]{128}$/.test(key))).toBe(true);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[0]).not.toBe(keys[2]);
    // The phrase never travels in clear and is not left in any request.
    expect(requests.some((r) => r.body.includes(phrase.split(' ')[0]!.concat(' ')))).toBe(false);
  });

  it('given bundles signed by the enclave key, should verify them under the pin and refuse any other key', async () => {
    const enclave = interopVectors.keys.enclaveSigningKey;
    const stranger = interopVectors.keys.sessionKey.publicKeyUncompressedHex;
    const sandbox = { signExportBundles: true, enclaveSigningKey: enclave.privateKeyHex };
    const pinned = await setup({
      sandbox,
      client: {
        enclaveKeys: {
          otpSigner: enclave.publicKeyUncompressedHex,
          exportSigner: enclave.publicKeyUncompressedHex,
        },
      },
    });
    await signInWithOtp(pinned.client, pinned.emailCredentialId);
    await expect(exportWallet(pinned.client, pinned.accountId)).resolves.toMatch(twelveWords);

    const wrongPin = await setup({
      sandbox,
      client: {
        enclaveKeys: { otpSigner: enclave.publicKeyUncompressedHex, exportSigner: stranger },
      },
    });
    await signInWithOtp(wrongPin.client, wrongPin.emailCredentialId);
    await expect(exportWallet(wrongPin.client, wrongPin.accountId)).rejects.toMatchObject({
      code: 'BUNDLE_SIGNATURE_INVALID',
    });

    // A client for an unsigned sandbox refuses a signed bundle as a configuration mix-up (§8).
    const unsigned = await setup({ sandbox });
    await signInWithOtp(unsigned.client, unsigned.emailCredentialId);
    await expect(exportWallet(unsigned.client, unsigned.accountId)).rejects.toMatchObject({
      code: 'BUNDLE_MALFORMED',
    });
  });

  it('given no session, should fail SESSION_KEY_MISSING with no request', async () => {
    const { client, accountId, requests } = await setup();
    await expect(exportWallet(client, accountId)).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    expect(requests).toHaveLength(0);
  });

  it('given a malformed account id, should refuse INVALID_INPUT with no request', async () => {
    const { client, requests } = await setup();
    await expect(
      exportWallet(client, 'Customer:0f8fad5b-d9cb-469f-a165-70867728950e'),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(requests).toHaveLength(0);
  });

  it('KEY-03: given IndexedDB unavailable, should warn once and still sign in and export with keys in memory', async () => {
    const warnings: WalletAuthError[] = [];
    const { client, emailCredentialId, accountId } = await setup({
      client: {
        keyStore: createIndexedDbKeyStore({ indexedDB: null, onWarning: (w) => warnings.push(w) }),
      },
    });
    await signInWithOtp(client, emailCredentialId);
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      persistence: 'memory',
    });
    await expect(exportWallet(client, accountId)).resolves.toMatch(twelveWords);
    expect(warnings.map((w) => w.code)).toEqual(['KEY_STORE_UNAVAILABLE']);
  });
});
