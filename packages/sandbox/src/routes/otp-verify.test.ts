import { p256 } from '@noble/curves/nist.js';
import { createTestKey, fromHex, sealOtpBundle, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { portableCrypto } from '../crypto/backend.js';
import { nodeSandboxCrypto } from '../crypto/node-crypto.js';
import { createHarness } from '../test/harness.js';

async function challengeWith(options: Parameters<typeof createHarness>[0] = {}) {
  const h = createHarness(options);
  const customer = await h.createCustomer();
  const path = `/auth/credentials/${customer.emailCredentialId}`;
  const challenge = await h.request('POST', `${path}/challenge`, { body: {} });
  const targetBundle = challenge.body.otpEncryptionTargetBundle as string;
  const verify = (encryptedOtpBundle: string, headers: Record<string, string> = {}) =>
    h.request('POST', `${path}/verify`, {
      body: { type: 'EMAIL_OTP', encryptedOtpBundle },
      headers,
    });
  return { h, ...customer, path, targetBundle, verify };
}

function flip(hex: string, index: number): string {
  const value = Number.parseInt(hex.slice(index, index + 2), 16) ^ 0x01;
  return `${hex.slice(0, index)}${value.toString(16).padStart(2, '0')}${hex.slice(index + 2)}`;
}

// Both backends: the portable default and the native one the Node entry points pass.
for (const [label, backend] of [
  ['portable', portableCrypto],
  ['native', nodeSandboxCrypto],
] as const) {
  describe(`POST /auth/credentials/{id}/verify — EMAIL_OTP (docs/protocol.md §5, §6), ${label} crypto`, () => {
    const withChallenge = (options: Parameters<typeof createHarness>[0] = {}) =>
      challengeWith({ crypto: backend, ...options });

    it('HPKE-07: given a wrong code, should answer 401 Invalid OTP code and keep the OTP for a retype', async () => {
      const { targetBundle, verify } = await withChallenge();
      const tek = createTestKey();
      const wrong = await verify(
        await sealOtpBundle({ targetBundle, code: '123456', publicKey: tek.publicKey }),
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Authentication failed',
        reason: 'Invalid OTP code',
      });
      const right = await verify(
        await sealOtpBundle({ targetBundle, code: '000000', publicKey: tek.publicKey }),
      );
      expect(right.status).toBe(202);
    });

    it('HPKE-08: given five wrong codes, should lock verify with 429 Retry-After even for the right code until the lock ends', async () => {
      const { h, targetBundle, verify, path } = await withChallenge({ otpLifetimeSeconds: 3600 });
      const tek = createTestKey();
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await verify(
              await sealOtpBundle({ targetBundle, code: '999999', publicKey: tek.publicKey }),
            )
          ).status,
        ).toBe(401);
      }
      const right = await sealOtpBundle({ targetBundle, code: '000000', publicKey: tek.publicKey });
      const locked = await verify(right);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('RATE_LIMITED');
      expect(locked.headers.get('Retry-After')).toBe('300');
      expect((await h.request('POST', `${path}/challenge`, { body: {} })).status).toBe(429);
      h.clock.advance(299_000);
      expect((await verify(right)).headers.get('Retry-After')).toBe('1');
      h.clock.advance(1000);
      expect((await verify(right)).status).toBe(202);
    });

    it('HPKE-09: given an OTP older than otpLifetimeSeconds, should answer 401 OTP expired', async () => {
      const { h, targetBundle, verify } = await withChallenge();
      h.clock.advance(300_000);
      const response = await verify(
        await sealOtpBundle({ targetBundle, code: '000000', publicKey: createTestKey().publicKey }),
      );
      expect(response.body.reason).toBe('OTP expired');
    });

    it('HPKE-10: given a replay of a successful encryptedOtpBundle, should answer 401 No pending OTP', async () => {
      const { targetBundle, verify } = await withChallenge();
      const bundle = await sealOtpBundle({
        targetBundle,
        code: '000000',
        publicKey: createTestKey().publicKey,
      });
      expect((await verify(bundle)).status).toBe(202);
      const replay = await verify(bundle);
      expect(replay.status).toBe(401);
      expect(replay.body.reason).toBe('No pending OTP for this credential');
    });

    it('HPKE-11: given a ciphertext for challenge #1 after challenge #2 was issued, should answer 401 Invalid OTP bundle', async () => {
      const { h, targetBundle, verify, path } = await withChallenge();
      const old = await sealOtpBundle({
        targetBundle,
        code: '000000',
        publicKey: createTestKey().publicKey,
      });
      expect((await h.request('POST', `${path}/challenge`, { body: {} })).status).toBe(200);
      const response = await verify(old);
      expect(response.status).toBe(401);
      expect(response.body.reason).toBe('Invalid OTP bundle');
    });

    it('HPKE-13/HPKE-14: given a flipped bit in ciphertext or enc, or enc not a point or of wrong length, should answer 401 Invalid OTP bundle, never 500', async () => {
      const { targetBundle, verify } = await withChallenge();
      const good = JSON.parse(
        await sealOtpBundle({ targetBundle, code: '000000', publicKey: createTestKey().publicKey }),
      );
      const variants = [
        { ...good, ciphertext: flip(good.ciphertext, 10) },
        { ...good, ciphertext: flip(good.ciphertext, good.ciphertext.length - 2) },
        { ...good, encappedPublic: flip(good.encappedPublic, 40) },
        { ...good, encappedPublic: `04${'00'.repeat(64)}` },
        { ...good, encappedPublic: good.encappedPublic.slice(0, 66) },
        { ...good, encappedPublic: '' },
        { ...good, ciphertext: '' },
      ];
      for (const variant of variants) {
        const response = await verify(
          JSON.stringify({
            encappedPublic: variant.encappedPublic,
            ciphertext: variant.ciphertext,
          }),
        );
        expect(response.status).toBe(401);
        expect(response.body.reason).toBe('Invalid OTP bundle');
      }
    });

    it('given an encryptedOtpBundle that is not a JSON pair of hex strings, should answer 400 INVALID_INPUT', async () => {
      const { verify, h, path } = await withChallenge();
      for (const bad of [
        '',
        'nope',
        '{"encappedPublic":"zz","ciphertext":"00"}',
        '{"encappedPublic":"00"}',
        '{"encappedPublic":"00","ciphertext":"00","x":1}',
        '[]',
      ]) {
        const response = await verify(bad);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('INVALID_INPUT');
      }
      const notString = await h.request('POST', `${path}/verify`, {
        body: { type: 'EMAIL_OTP', encryptedOtpBundle: { encappedPublic: '00' } },
      });
      expect(notString.body.details.errors[0].field).toBe('encryptedOtpBundle');
    });

    it('given a plaintext without public_key or with an invalid point, should answer 401 Invalid OTP bundle', async () => {
      const { targetBundle, verify } = await withChallenge();
      for (const publicKey of ['', '04abcd', `04${'00'.repeat(64)}`]) {
        const response = await verify(
          await sealOtpBundle({ targetBundle, code: '000000', publicKey }),
        );
        expect(response.body.reason).toBe('Invalid OTP bundle');
      }
    });

    it('given type other than the credential type, should answer 400 INVALID_INPUT', async () => {
      const { h, path } = await withChallenge();
      const response = await h.request('POST', `${path}/verify`, {
        body: { type: 'SMS_OTP', encryptedOtpBundle: '{}' },
      });
      expect(response.status).toBe(400);
      expect(response.body.details.errors[0]).toMatchObject({
        field: 'type',
        constraint: { enum: ['EMAIL_OTP'] },
      });
    });

    it('given a pub33 TEK in the plaintext, should bind the session to it', async () => {
      const { h, targetBundle, verify, walletId } = await withChallenge();
      const tek = createTestKey();
      const body = await sealOtpBundle({
        targetBundle,
        code: '000000',
        publicKey: tek.compressedPublicKey,
      });
      const leg1 = await verify(body);
      expect(
        JSON.parse(
          atob(leg1.body.payloadToSign.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')),
        ).public_key,
      ).toBe(tek.compressedPublicKey);
      const leg2 = await verify(body, {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, tek),
        'Request-Id': leg1.body.requestId,
      });
      expect(leg2.status).toBe(200);
      const { second } = await h.signedRetry(
        'PATCH',
        `/internal-accounts/${walletId}`,
        { privateEnabled: true },
        tek,
      );
      expect(second.status).toBe(200);
    });

    it('given leg 2 stamped by a key other than the TEK, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
      const { targetBundle, verify } = await withChallenge();
      const tek = createTestKey();
      const body = await sealOtpBundle({ targetBundle, code: '000000', publicKey: tek.publicKey });
      const leg1 = await verify(body);
      const leg2 = await verify(body, {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, createTestKey()),
        'Request-Id': leg1.body.requestId,
      });
      expect(leg2.body).toMatchObject({
        code: 'WALLET_SIGNATURE_INVALID',
        reason: 'Stamp key is not the key bound to this verification',
      });
    });

    it('given the verification token, should carry the §6 claims in order, signed by the enclave key, exp = expiresAt in ms', async () => {
      const { h, targetBundle, verify } = await withChallenge();
      const tek = createTestKey();
      const leg1 = await verify(
        await sealOtpBundle({ targetBundle, code: '000000', publicKey: tek.publicKey }),
      );
      const token = leg1.body.payloadToSign as string;
      const [header, payload] = token
        .split('.')
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      const signature = Buffer.from(token.split('.')[2]!, 'base64url');
      expect(signature).toHaveLength(64);
      const signingInput = new TextEncoder().encode(token.split('.').slice(0, 2).join('.'));
      expect(
        p256.verify(signature, signingInput, fromHex(h.sandbox.enclavePublicKey), { lowS: false }),
      ).toBe(true);
      expect(header).toEqual({ alg: 'ES256', typ: 'JWT' });
      expect(Object.keys(payload)).toEqual([
        'id',
        'verification_type',
        'contact',
        'organization_id',
        'public_key',
        'exp',
      ]);
      expect(payload).toMatchObject({
        verification_type: 'OTP_TYPE_EMAIL',
        contact: 'ada@example.com',
        public_key: tek.publicKey,
        exp: String(Date.parse(leg1.body.expiresAt)),
      });
      expect(Date.parse(leg1.body.expiresAt)).toBe(h.clock.now() + 300_000);
    });
  });
}

describe('POST /auth/credentials/{id}/challenge — OTP', () => {
  it('given a body of none or {}, should issue a fresh bundle each time and record an OTP "sent" event; a sixth within 600 s is 429', async () => {
    const h = createHarness();
    const { emailCredentialId } = await h.createCustomer();
    const bundles = new Set<string>();
    for (const body of [undefined, {}, { ignored: true }, {}, {}]) {
      const response = await h.request(
        'POST',
        `/auth/credentials/${emailCredentialId}/challenge`,
        body === undefined ? {} : { body },
      );
      expect(response.status).toBe(200);
      bundles.add(response.body.otpEncryptionTargetBundle);
    }
    expect(bundles.size).toBe(5);
    expect(h.sandbox.events().filter((e) => e.credentialId === emailCredentialId)).toHaveLength(5);
    const limited = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('600');
    h.clock.advance(100_000);
    expect(
      (
        await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, { body: {} })
      ).headers.get('Retry-After'),
    ).toBe('500');
  });

  it('given processing 1 on challenge, should answer PROCESSING, then the bundle to the resend within 60 s with no new OTP and no rate-limit hit', async () => {
    const h = createHarness({
      processing: { 'POST /auth/credentials/{id}/challenge': 1 },
      rateLimits: { challengesPerWindow: 1 },
    });
    const { emailCredentialId } = await h.createCustomer();
    const first = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(first.body).toEqual({ status: 'PROCESSING', message: expect.any(String) });
    const second = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(typeof second.body.otpEncryptionTargetBundle).toBe('string');
    expect(h.sandbox.events()).toHaveLength(1);
    const third = await h.request('POST', `/auth/credentials/${emailCredentialId}/challenge`, {
      body: {},
    });
    expect(third.status).toBe(429);
  });
});
