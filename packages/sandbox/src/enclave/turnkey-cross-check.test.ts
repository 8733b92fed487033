/**
 * Dev-only cross-checks against `@turnkey/crypto` 2.13.2 and `@turnkey/api-key-stamper` 0.6.17
 * (docs/protocol.md §16): their stamps, OTP bundles and decryptors interoperate with the emulator over
 * HTTP. These packages are devDependencies and never imported from src.
 */
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import {
  decryptCredentialBundle,
  decryptExportBundle,
  encryptOtpCodeToBundle,
  verifyOtpVerificationToken,
  verifyStampSignature,
} from '@turnkey/crypto';
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { mintSandboxIdToken, oidcNonceFor } from '../oidc-token.js';
import { createHarness } from '../test/harness.js';

describe('cross-checks with @turnkey/crypto and @turnkey/api-key-stamper', () => {
  it('given an OTP bundle made by encryptOtpCodeToBundle and a stamp by ApiKeyStamper, should sign in; verifyOtpVerificationToken accepts the token', async () => {
    const h = createHarness({ clock: Date.now });
    const { emailCredentialId, walletId } = await h.createCustomer();
    const challenge = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    const tek = createTestKey();
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      '000000',
      challenge.body.otpEncryptionTargetBundle,
      tek.compressedPublicKey,
      h.sandbox.enclavePublicKey,
    );
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle };
    const leg1 = await h.request('POST', `/auth/credentials/${emailCredentialId}/verify`, { body });
    expect(leg1.status).toBe(202);
    const claims = await verifyOtpVerificationToken(
      leg1.body.payloadToSign,
      h.sandbox.enclavePublicKey,
    );
    expect(claims).toMatchObject({
      verification_type: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      public_key: tek.compressedPublicKey,
    });
    const stamper = new ApiKeyStamper({
      apiPublicKey: tek.compressedPublicKey,
      apiPrivateKey: Buffer.from(tek.privateKey).toString('hex'),
      runtimeOverride: 'purejs',
    });
    const turnkeyStamp = await stamper.stamp(leg1.body.payloadToSign);
    expect(turnkeyStamp.stampHeaderName).toBe('X-Stamp');
    const leg2 = await h.request('POST', `/auth/credentials/${emailCredentialId}/verify`, {
      body,
      headers: {
        'Service-Wallet-Signature': turnkeyStamp.stampHeaderValue,
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body.accountId).toBe(walletId);
  });

  it('given our stamp, should verify with verifyStampSignature', async () => {
    const key = createTestKey();
    const header = JSON.parse(Buffer.from(stamp('payload ✓', key), 'base64url').toString('utf8'));
    expect(await verifyStampSignature(header.publicKey, header.signature, 'payload ✓')).toBe(true);
  });

  it('given a session sealed to a pub65 key by OAUTH verify, should open with decryptCredentialBundle to a key the session authorises', async () => {
    const h = createHarness();
    const { walletId } = await h.createCustomer({ email: undefined });
    const now = () => h.clock.now() / 1000;
    const created = await h.request('POST', '/auth/credentials', {
      body: {
        type: 'OAUTH',
        accountId: walletId,
        oidcToken: mintSandboxIdToken({ aud: 'app', sub: 'u1', now: now() }),
      },
    });
    expect(created.status).toBe(201);
    const client = createTestKey();
    const verified = await h.request('POST', `/auth/credentials/${created.body.id}/verify`, {
      body: {
        type: 'OAUTH',
        oidcToken: mintSandboxIdToken({
          aud: 'app',
          sub: 'u1',
          nonce: oidcNonceFor(client.publicKey),
          now: now(),
        }),
        clientPublicKey: client.publicKey,
      },
    });
    expect(verified.status).toBe(200);
    const scalar = decryptCredentialBundle(
      verified.body.encryptedSessionSigningKey,
      Buffer.from(client.privateKey).toString('hex'),
    );
    const sessionKey = createTestKey(scalar);
    const { second } = await h.signedRetry(
      'PATCH',
      `/internal-accounts/${walletId}`,
      { privateEnabled: true },
      sessionKey,
    );
    expect(second.status).toBe(200);
  });

  it('given a signed export bundle, should decrypt with decryptExportBundle under the enclave key override', async () => {
    const h = createHarness({ signExportBundles: true });
    const customer = await h.createCustomer();
    const { key } = await h.signInWithOtp(customer.walletId, customer.emailCredentialId);
    const client = createTestKey();
    const { first, second } = await h.signedRetry(
      'POST',
      `/internal-accounts/${customer.walletId}/export`,
      { clientPublicKey: client.publicKey },
      key,
    );
    expect(second.status).toBe(200);
    const organizationId = JSON.parse(first.body.payloadToSign).organizationId as string;
    const mnemonic = await decryptExportBundle({
      exportBundle: second.body.encryptedWalletCredentials,
      embeddedKey: Buffer.from(client.privateKey).toString('hex'),
      organizationId,
      dangerouslyOverrideSignerPublicKey: h.sandbox.enclavePublicKey,
      returnMnemonic: true,
    });
    expect(mnemonic.split(' ')).toHaveLength(12);
  });
});
