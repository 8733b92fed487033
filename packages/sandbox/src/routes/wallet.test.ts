import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { createTestKey, openExportBundle } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../crypto/encoding.js';
import { parsePoint, verifyDerSignature } from '../crypto/p256.js';
import { createHarness } from '../test/harness.js';

async function signedIn(options: Parameters<typeof createHarness>[0] = {}) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const { session, key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
  return { h, ...customer, session, key };
}

describe('POST /internal-accounts/{id}/export (docs/protocol.md §8)', () => {
  it('given a signed export, should seal a stable, valid 12-word mnemonic to the client key with empty signature fields', async () => {
    const { h, walletId, key } = await signedIn();
    const mnemonics: string[] = [];
    for (let i = 0; i < 2; i++) {
      const client = createTestKey();
      const { first, second } = await h.signedRetry(
        'POST',
        `/internal-accounts/${walletId}/export`,
        { clientPublicKey: client.publicKey },
        key,
      );
      expect(first.status).toBe(202);
      expect(JSON.parse(first.body.payloadToSign)).toMatchObject({
        type: 'ACTIVITY_TYPE_EXPORT_WALLET',
        parameters: { targetPublicKey: client.publicKey },
      });
      expect(second.status).toBe(200);
      expect(Object.keys(second.body)).toEqual(['id', 'encryptedWalletCredentials']);
      const bundle = JSON.parse(second.body.encryptedWalletCredentials);
      expect(bundle).toMatchObject({
        version: 'v1.0.0',
        dataSignature: '',
        enclaveQuorumPublic: '',
      });
      const data = JSON.parse(Buffer.from(bundle.data, 'hex').toString());
      expect(Object.keys(data)).toEqual(['encappedPublic', 'ciphertext', 'organizationId']);
      mnemonics.push(
        await openExportBundle(second.body.encryptedWalletCredentials, client.privateKey),
      );
    }
    expect(mnemonics[0]).toBe(mnemonics[1]);
    expect(mnemonics[0]!.split(' ')).toHaveLength(12);
    expect(validateMnemonic(mnemonics[0]!, wordlist)).toBe(true);
  });

  it('given signExportBundles, should sign data with the enclave key', async () => {
    const { h, walletId, key } = await signedIn({ signExportBundles: true });
    const client = createTestKey();
    const { second } = await h.signedRetry(
      'POST',
      `/internal-accounts/${walletId}/export`,
      { clientPublicKey: client.publicKey },
      key,
    );
    const bundle = JSON.parse(second.body.encryptedWalletCredentials);
    expect(bundle.enclaveQuorumPublic).toBe(h.sandbox.enclavePublicKey);
    expect(
      verifyDerSignature(
        fromHex(bundle.dataSignature)!,
        fromHex(bundle.data)!,
        parsePoint(bundle.enclaveQuorumPublic)!,
      ),
    ).toBe(true);
  });

  it('given a pub33 key, a non-wallet account, or another key on leg 2, should answer 400 / 400 / 401 body mismatch', async () => {
    const { h, walletId, fiatId, key } = await signedIn();
    const pub33 = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body: { clientPublicKey: createTestKey().compressedPublicKey },
    });
    expect(pub33.status).toBe(400);
    expect(pub33.body.details.errors[0].field).toBe('clientPublicKey');
    const fiat = await h.request('POST', `/internal-accounts/${fiatId}/export`, {
      body: { clientPublicKey: createTestKey().publicKey },
    });
    expect(fiat.status).toBe(400);
    const leg1 = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body: { clientPublicKey: createTestKey().publicKey },
    });
    const { stamp } = await import('@wallet-auth/test-utils');
    const swapped = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body: { clientPublicKey: createTestKey().publicKey },
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(swapped.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
  });

  it('given processing 1 on export, should return the credentials only in the terminal response', async () => {
    const { h, walletId, key } = await signedIn({
      processing: { 'POST /internal-accounts/{id}/export': 1 },
    });
    const client = createTestKey();
    const body = JSON.stringify({ clientPublicKey: client.publicKey });
    const leg1 = await h.request('POST', `/internal-accounts/${walletId}/export`, { body });
    const { stamp } = await import('@wallet-auth/test-utils');
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const processing = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body,
      headers,
    });
    expect(processing.body).toEqual({ status: 'PROCESSING', message: expect.any(String) });
    const terminal = await h.request('POST', `/internal-accounts/${walletId}/export`, {
      body,
      headers,
    });
    expect(
      await openExportBundle(terminal.body.encryptedWalletCredentials, client.privateKey),
    ).toMatch(/^(\w+ ){11}\w+$/);
  });
});

describe('PATCH /internal-accounts/{id} (privacy)', () => {
  it('given no field, a non-boolean, an unknown member or a non-wallet account, should answer 400 INVALID_INPUT', async () => {
    const { h, walletId, fiatId } = await signedIn();
    for (const body of [{}, { privateEnabled: 'yes' }, { privateEnabled: true, label: 'x' }]) {
      const response = await h.request('PATCH', `/internal-accounts/${walletId}`, { body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_INPUT');
    }
    const fields = (
      await h.request('PATCH', `/internal-accounts/${walletId}`, {
        body: { privateEnabled: 1, extra: 1 },
      })
    ).body.details.errors.map((e: { field: string }) => e.field);
    expect(fields.sort()).toEqual(['extra', 'privateEnabled']);
    expect(
      (await h.request('PATCH', `/internal-accounts/${fiatId}`, { body: { privateEnabled: true } }))
        .status,
    ).toBe(400);
  });

  it('given a signed retry, should sign SHA-256 of the body and set privateEnabled', async () => {
    const { h, walletId, key } = await signedIn();
    const { first, second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      key,
    );
    const { sha256Hex } = await import('../crypto/sha256.js');
    expect(JSON.parse(first.body.payloadToSign).parameters).toMatchObject({
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      payload: sha256Hex('{"privateEnabled":true}'),
    });
    expect(second.body).toMatchObject({
      id: walletId,
      type: 'EMBEDDED_WALLET',
      privateEnabled: true,
    });
  });
});
