/**
 * The OTP verification token, the first-leg `payloadToSign` of OTP verify (docs/protocol.md §6): a
 * compact ES256 JWS signed by the enclave key, accepted by `@turnkey/crypto`'s
 * `verifyOtpVerificationToken(token, enclavePublicKey)`.
 */
import { toBase64url, utf8 } from '../crypto/encoding.js';
import type { Enclave } from './enclave.js';

/** Claims of the token, in the order §6 fixes. */
export interface VerificationTokenClaims {
  id: string;
  verificationType: 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS';
  contact: string;
  organizationId: string;
  /** The TEK hex exactly as it appeared in the OTP plaintext. */
  publicKey: string;
  /** Challenge `expiresAt`, epoch ms. */
  expiresAtMs: number;
}

/** Mints the token string. */
export function createVerificationToken(enclave: Enclave, claims: VerificationTokenClaims): string {
  const header = toBase64url(utf8(JSON.stringify({ alg: 'ES256', typ: 'JWT' })));
  const payload = toBase64url(
    utf8(
      JSON.stringify({
        id: claims.id,
        verification_type: claims.verificationType,
        contact: claims.contact,
        organization_id: claims.organizationId,
        public_key: claims.publicKey,
        exp: String(claims.expiresAtMs),
      }),
    ),
  );
  const signingInput = `${header}.${payload}`;
  // ES256: ECDSA P-256 over SHA-256(signing input), raw r‖s (signRaw hashes the bytes itself).
  return `${signingInput}.${toBase64url(enclave.signRaw(utf8(signingInput)))}`;
}
