/**
 * Passkey assertion checks of docs/protocol.md §9, in its order: clientDataJSON (BOM stripped), the
 * challenged credential's id, `type`, challenge, origin, no cross-origin context, rpIdHash, UP
 * (UV when required), BS without BE, the signature, then the counter. Each failure is a reason
 * for 401 `UNAUTHORIZED`.
 */
import { constantTimeEqual, fromBase64url } from '../../crypto/encoding.js';
import { sha256 } from '../../crypto/sha256.js';
import type { ResolvedSandboxOptions } from '../../options.js';
import type { CredentialRecord } from '../../state/records.js';
import { parseAuthenticatorData } from './authenticator-data.js';
import { challengeMatches, isAllowedOrigin, parseClientData } from './client-data.js';
import { verifyWebAuthnSignature } from './verify-signature.js';

/** The assertion members of the verify body (validated as base64url strings). */
export interface AssertionInput {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
}

/** Outcome: the new signature counter, or the failed check. */
export type AssertionResult = { ok: true; signCount: number } | { ok: false; reason: string };

/** Verifies an assertion for `credential` over the challenge string `challenge` (§9: its UTF-8 bytes). */
export async function verifyAssertion(
  options: ResolvedSandboxOptions,
  credential: CredentialRecord,
  challenge: string,
  input: AssertionInput,
): Promise<AssertionResult> {
  const passkey = credential.passkey!;
  const clientDataBytes = fromBase64url(input.clientDataJson);
  const clientData = clientDataBytes === undefined ? undefined : parseClientData(clientDataBytes);
  if (clientDataBytes === undefined || clientData === undefined) {
    return { ok: false, reason: 'Invalid clientDataJSON' };
  }
  const rawId = fromBase64url(input.credentialId);
  const expectedId = fromBase64url(passkey.credentialId)!;
  if (rawId === undefined || !constantTimeEqual(rawId, expectedId)) {
    return { ok: false, reason: 'Credential id does not match the challenged credential' };
  }
  if (clientData.type !== 'webauthn.get') {
    return { ok: false, reason: 'Unexpected clientDataJSON type' };
  }
  if (!challengeMatches(clientData, new TextEncoder().encode(challenge))) {
    return { ok: false, reason: 'Passkey challenge mismatch' };
  }
  if (!isAllowedOrigin(options, clientData.origin)) {
    return { ok: false, reason: 'Origin not allowed' };
  }
  if (clientData.crossOrigin === true || clientData.topOrigin !== undefined) {
    return { ok: false, reason: 'Cross-origin assertions are not allowed' };
  }
  const authDataBytes = fromBase64url(input.authenticatorData);
  let authData: ReturnType<typeof parseAuthenticatorData>;
  try {
    authData = parseAuthenticatorData(authDataBytes ?? new Uint8Array(0));
  } catch {
    return { ok: false, reason: 'Invalid authenticatorData' };
  }
  if (!constantTimeEqual(authData.rpIdHash, sha256(options.webauthn.rpId))) {
    return { ok: false, reason: 'RP ID mismatch' };
  }
  if (!authData.flags.up) {
    return { ok: false, reason: 'User presence flag not set' };
  }
  if (options.requireUserVerification && !authData.flags.uv) {
    return { ok: false, reason: 'User verification flag not set' };
  }
  if (authData.flags.bs && !authData.flags.be) {
    return { ok: false, reason: 'Backup state set without backup eligibility' };
  }
  const signature = fromBase64url(input.signature);
  if (
    signature === undefined ||
    !(await verifyWebAuthnSignature(passkey.publicKey, signature, authDataBytes!, clientDataBytes))
  ) {
    return { ok: false, reason: 'Invalid passkey signature' };
  }
  if (
    (authData.signCount !== 0 || passkey.signCount !== 0) &&
    authData.signCount <= passkey.signCount
  ) {
    return { ok: false, reason: 'Signature counter did not increase' };
  }
  return { ok: true, signCount: authData.signCount };
}
