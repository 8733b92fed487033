import { interopVectors as vectors } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { bytesToHex } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { createOAuthNonce } from './oauth-nonce.js';
import { createRegistrationChallenge, passkeyChallengeToBytes } from './passkey-challenge.js';
import { assertVerificationTokenBinding } from './verification-token.js';

const { oauthNonce, passkeyChallenge } = vectors.vectors;

function jws(header: unknown, payload: unknown): string {
  const encode = (value: unknown) => bytesToBase64Url(utf8ToBytes(JSON.stringify(value)));
  return `${encode(header)}.${encode(payload)}.${bytesToBase64Url(new Uint8Array(64).fill(7))}`;
}

describe('createOAuthNonce (docs/protocol.md §10)', () => {
  it('given the vector keys, should hash the exact key string', async () => {
    for (const sample of [
      oauthNonce.compressed,
      oauthNonce.uncompressed,
      oauthNonce.productionDocExampleKey,
    ]) {
      expect(await createOAuthNonce(sample.clientPublicKey)).toBe(sample.nonce);
    }
  });

  it('given the same point in other case or compression, should give another nonce', async () => {
    const key = oauthNonce.uncompressed.clientPublicKey;
    expect(await createOAuthNonce(key.toUpperCase())).not.toBe(oauthNonce.uncompressed.nonce);
    expect(await createOAuthNonce(vectors.keys.legacyClientKey.publicKeyCompressedHex)).not.toBe(
      oauthNonce.uncompressed.nonce,
    );
  });
});

describe('passkey challenges (docs/protocol.md §9)', () => {
  it('PK-10: given the vector challenge, should use its 64 ASCII bytes, not its hex decoding', () => {
    const bytes = passkeyChallengeToBytes(passkeyChallenge.challenge);
    expect(bytesToHex(bytes)).toBe(passkeyChallenge.webauthnChallengeBytesHex);
    expect(bytes).toHaveLength(64);
    expect(bytesToBase64Url(bytes)).toBe(passkeyChallenge.expectedClientDataChallenge);
  });

  it('given a challenge that is not 64 lowercase hex characters, should throw PROTOCOL_ERROR', () => {
    for (const challenge of [
      '',
      passkeyChallenge.challenge.toUpperCase(),
      `${passkeyChallenge.challenge}0`,
      'x'.repeat(64),
    ]) {
      expect(() => passkeyChallengeToBytes(challenge)).toThrowError(
        expect.objectContaining({ code: 'PROTOCOL_ERROR' }),
      );
    }
  });

  it('given a registration, should make 32 fresh random bytes with their b64url form', () => {
    const first = createRegistrationChallenge();
    const second = createRegistrationChallenge();
    expect(first.bytes).toHaveLength(32);
    expect(base64UrlToBytes(first.challenge)).toEqual(first.bytes);
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.challenge).not.toBe(second.challenge);
  });
});

describe('assertVerificationTokenBinding (docs/protocol.md §6)', () => {
  const tek = vectors.keys.sessionKey;

  it('HPKE-18: given a token whose public_key claim is another key, should refuse with PAYLOAD_INTENT_MISMATCH', () => {
    const token = jws(
      { alg: 'ES256', typ: 'JWT' },
      { id: 'x', public_key: vectors.keys.otpTargetKey.publicKeyUncompressedHex, exp: '1' },
    );
    expect(() => assertVerificationTokenBinding(token, tek.publicKeyUncompressedHex)).toThrowError(
      expect.objectContaining({ code: 'PAYLOAD_INTENT_MISMATCH' }),
    );
    const garbageClaim = jws({ alg: 'ES256' }, { public_key: 'not-a-key' });
    expect(() =>
      assertVerificationTokenBinding(garbageClaim, tek.publicKeyUncompressedHex),
    ).toThrowError(expect.objectContaining({ code: 'PAYLOAD_INTENT_MISMATCH' }));
  });

  it('HPKE-18: given the TEK in either form, non-ES256, odd exp, no claim or not a JWS, should pass', () => {
    const passing = [
      jws(
        { alg: 'ES256', typ: 'JWT' },
        { public_key: tek.publicKeyUncompressedHex, exp: '1746736509954' },
      ),
      jws(
        { alg: 'ES256', kid: 'turnkey' },
        { public_key: tek.publicKeyCompressedHex.toUpperCase() },
      ),
      jws({ alg: 'HS256' }, { sub: 'x', iat: 1, exp: 'tomorrow' }),
      'not a jws',
      'a.%%%.c',
      jws({}, ['array']),
    ];
    for (const token of passing) {
      expect(() =>
        assertVerificationTokenBinding(token, tek.publicKeyUncompressedHex),
      ).not.toThrow();
    }
  });
});
