/**
 * Passkey registration checks (docs/protocol.md §9, both legs of `POST /auth/credentials`):
 * undecodable input → 400 `INVALID_INPUT`; then `type`, challenge, origin, rpIdHash, `fmt`
 * (`none` or `packed`, no trust chain), UP, alg −7/−257 and the attested credential id (≤ 1023
 * bytes) → 401 `UNAUTHORIZED` with a reason.
 */
import { authFailure, invalidField } from '../../api-error.js';
import { constantTimeEqual, fromBase64url, toBase64url } from '../../crypto/encoding.js';
import { sha256 } from '../../crypto/sha256.js';
import type { ResolvedSandboxOptions } from '../../options.js';
import type { PasskeyPublicKey } from '../../state/records.js';
import {
  type AuthenticatorData,
  parseAuthenticatorData,
  readCosePublicKey,
} from './authenticator-data.js';
import { decodeCbor } from './cbor.js';
import { isAllowedOrigin, parseClientData } from './client-data.js';
import { verifyWebAuthnSignature } from './verify-signature.js';
import { certificateP256Key } from './x509-key.js';

/** The attestation fields of the request body (already checked to be strings). */
export interface AttestationInput {
  challenge: string;
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
}

/** A registered passkey's verified data. */
export interface VerifiedRegistration {
  credentialId: string;
  publicKey: PasskeyPublicKey;
  signCount: number;
}

/** Largest credential id accepted, in bytes (§9). */
export const MAX_CREDENTIAL_ID_BYTES = 1023;

function undecodable(field: string): never {
  throw invalidField(`attestation.${field}`, 'Cannot be decoded');
}

function decodeAttestation(input: AttestationInput) {
  const rawId = fromBase64url(input.credentialId) ?? undecodable('credentialId');
  const clientDataBytes = fromBase64url(input.clientDataJson) ?? undecodable('clientDataJson');
  const clientData = parseClientData(clientDataBytes) ?? undecodable('clientDataJson');
  const objectBytes = fromBase64url(input.attestationObject) ?? undecodable('attestationObject');
  let object: ReturnType<typeof decodeCbor>;
  let authData: AuthenticatorData;
  try {
    object = decodeCbor(objectBytes);
    const rawAuthData = object instanceof Map ? object.get('authData') : undefined;
    if (
      !(object instanceof Map) ||
      typeof object.get('fmt') !== 'string' ||
      !(object.get('attStmt') instanceof Map) ||
      !(rawAuthData instanceof Uint8Array)
    ) {
      throw new RangeError('not an attestation object');
    }
    authData = parseAuthenticatorData(rawAuthData);
    if (authData.attested === undefined) {
      throw new RangeError('no attested credential data');
    }
  } catch {
    undecodable('attestationObject');
  }
  return { rawId, clientDataBytes, clientData, object, authData };
}

function readKey(cose: Map<number | string, unknown>): PasskeyPublicKey {
  let key: PasskeyPublicKey | undefined;
  try {
    key = readCosePublicKey(cose as never);
  } catch {
    undecodable('attestationObject');
  }
  if (key === undefined) {
    throw authFailure('Unsupported credential algorithm (ES256 or RS256 required)');
  }
  return key;
}

async function checkStatement(
  object: Map<number | string, unknown>,
  authDataBytes: Uint8Array,
  clientDataBytes: Uint8Array,
  key: PasskeyPublicKey,
): Promise<void> {
  const statement = object.get('attStmt') as Map<number | string, unknown>;
  if (object.get('fmt') === 'none') {
    return;
  }
  const alg = statement.get('alg');
  const sig = statement.get('sig');
  const x5c = statement.get('x5c');
  if (typeof alg !== 'number' || !(sig instanceof Uint8Array)) {
    throw authFailure('Invalid attestation statement');
  }
  let signer: PasskeyPublicKey = key;
  if (x5c !== undefined) {
    const leaf = Array.isArray(x5c) ? x5c[0] : undefined;
    if (!(leaf instanceof Uint8Array) || alg !== -7) {
      throw authFailure('Invalid attestation statement');
    }
    try {
      signer = { alg: -7, point: certificateP256Key(leaf) };
    } catch {
      throw authFailure('Invalid attestation statement');
    }
  } else if (alg !== key.alg) {
    throw authFailure('Attestation algorithm does not match the credential key');
  }
  if (!(await verifyWebAuthnSignature(signer, sig, authDataBytes, clientDataBytes))) {
    throw authFailure('Invalid attestation signature');
  }
}

/** Runs the §9 registration checks and returns what is stored for the new passkey. */
export async function verifyRegistration(
  options: ResolvedSandboxOptions,
  input: AttestationInput,
): Promise<VerifiedRegistration> {
  const { rawId, clientDataBytes, clientData, object, authData } = decodeAttestation(input);
  if (clientData.type !== 'webauthn.create') {
    throw authFailure('Unexpected clientDataJSON type');
  }
  if (clientData.challenge !== input.challenge) {
    throw authFailure('Passkey challenge mismatch');
  }
  if (!isAllowedOrigin(options, clientData.origin)) {
    throw authFailure('Origin not allowed');
  }
  if (!constantTimeEqual(authData.rpIdHash, sha256(options.webauthn.rpId))) {
    throw authFailure('RP ID mismatch');
  }
  const attestation = object as Map<string, unknown>;
  const fmt = attestation.get('fmt');
  if (fmt !== 'none' && fmt !== 'packed') {
    throw authFailure('Unsupported attestation format');
  }
  if (!authData.flags.up) {
    throw authFailure('User presence flag not set');
  }
  if (options.requireUserVerification && !authData.flags.uv) {
    throw authFailure('User verification flag not set');
  }
  const key = readKey(authData.attested!.publicKey);
  await checkStatement(
    attestation,
    attestation.get('authData') as Uint8Array,
    clientDataBytes,
    key,
  );
  const attestedId = authData.attested!.credentialId;
  if (attestedId.length === 0 || attestedId.length > MAX_CREDENTIAL_ID_BYTES) {
    throw authFailure('Credential id too long');
  }
  if (!constantTimeEqual(attestedId, rawId)) {
    throw authFailure('Credential id does not match the attested credential');
  }
  return { credentialId: toBase64url(rawId), publicKey: key, signCount: authData.signCount };
}
