/**
 * The test-utils software authenticator checked against an independent verifier,
 * @simplewebauthn/server: its registrations and assertions are real WebAuthn, so the emulator's own
 * verification is tested against genuine ceremonies.
 */
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { createSoftAuthenticator, toBase64url, utf8 } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';

describe('createSoftAuthenticator cross-checked with @simplewebauthn/server', () => {
  for (const options of [
    { algorithm: -7 as const, attestation: 'none' as const },
    { algorithm: -7 as const, attestation: 'packed' as const },
    { algorithm: -257 as const, attestation: 'packed' as const },
  ]) {
    it(`given alg ${options.algorithm} with ${options.attestation} attestation, should register and assert with a growing counter`, async () => {
      const authenticator = createSoftAuthenticator({
        rpId: 'localhost',
        origin: 'http://localhost:5173',
        ...options,
      });
      const challenge = crypto.getRandomValues(new Uint8Array(32));
      const registration = await authenticator.create({ challenge, user: { id: utf8('user-1') } });
      const verified = await verifyRegistrationResponse({
        response: { ...registration, response: { ...registration.response } } as never,
        expectedChallenge: toBase64url(challenge),
        expectedOrigin: 'http://localhost:5173',
        expectedRPID: 'localhost',
        requireUserVerification: true,
      });
      expect(verified.verified).toBe(true);
      const info = verified.registrationInfo!;
      let counter = info.credential.counter;
      for (let i = 0; i < 2; i++) {
        const assertionChallenge = crypto.getRandomValues(new Uint8Array(32));
        const assertion = await authenticator.get({
          challenge: assertionChallenge,
          allowCredentials: [{ type: 'public-key', id: authenticator.credentials[0]!.id }],
        });
        const result = await verifyAuthenticationResponse({
          response: assertion as never,
          expectedChallenge: toBase64url(assertionChallenge),
          expectedOrigin: 'http://localhost:5173',
          expectedRPID: 'localhost',
          credential: { ...info.credential, counter },
          requireUserVerification: true,
        });
        expect(result.verified).toBe(true);
        expect(result.authenticationInfo.newCounter).toBe(counter + 1);
        counter = result.authenticationInfo.newCounter;
      }
    });
  }
});
