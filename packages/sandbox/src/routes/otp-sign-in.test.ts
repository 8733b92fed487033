import { createTestKey, interopVectors, sealOtpBundle, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../crypto/encoding.js';
import { parsePoint, verifyDerSignature } from '../crypto/p256.js';
import { createHarness } from '../test/harness.js';

describe('EMAIL_OTP sign-in end to end', () => {
  it('given a provisioned customer, should issue a signed target bundle, verify the sealed code and return a session for the TEK (SR-01)', async () => {
    const h = createHarness();
    const { walletId, emailCredentialId } = await h.createCustomer();
    const challenge = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({
      id: emailCredentialId,
      accountId: walletId,
      type: 'EMAIL_OTP',
      nickname: 'ada@example.com',
    });
    const bundle = JSON.parse(challenge.body.otpEncryptionTargetBundle);
    expect(Object.keys(bundle)).toEqual([
      'version',
      'data',
      'dataSignature',
      'enclaveQuorumPublic',
    ]);
    expect(bundle.enclaveQuorumPublic).toBe(
      interopVectors.keys.enclaveSigningKey.publicKeyUncompressedHex,
    );
    expect(
      verifyDerSignature(
        fromHex(bundle.dataSignature)!,
        fromHex(bundle.data)!,
        parsePoint(bundle.enclaveQuorumPublic)!,
      ),
    ).toBe(true);

    const tek = createTestKey();
    const encryptedOtpBundle = await sealOtpBundle({
      targetBundle: challenge.body.otpEncryptionTargetBundle,
      code: '000000',
      publicKey: tek.publicKey,
    });
    const body = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle });
    const leg1 = await h.request('POST', `/auth/credentials/${emailCredentialId}/verify`, { body });
    expect(leg1.status).toBe(202);
    expect(leg1.body).toMatchObject({
      type: 'EMAIL_OTP',
      requestId: expect.stringMatching(/^Request:[0-9a-f-]{36}$/),
    });
    const leg2 = await h.request('POST', `/auth/credentials/${emailCredentialId}/verify`, {
      body,
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, tek),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body).toMatchObject({
      accountId: walletId,
      type: 'EMAIL_OTP',
      nickname: 'ada@example.com',
    });
    expect(leg2.body).not.toHaveProperty('encryptedSessionSigningKey');
    const sessions = await h.request('GET', `/auth/sessions?accountId=${walletId}`);
    expect(sessions.body.data).toHaveLength(1);
  });
});
