/**
 * The passkey registration ceremony (docs/protocol.md §9 "Registration"): the kit's own 32-byte
 * challenge, algorithms −7 then −257, `attestation: "none"`, user verification required, the
 * account's passkeys excluded, and the browser's answer turned into the wire `attestation`.
 */
import { base64UrlToBytes, bytesToBase64Url } from '../encoding/base64url.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { identifyWebAuthnError } from '../on-demand/on-demand.js';
import type { PasskeyAttestation } from '../types.js';
import { readBase64UrlMember } from './read-base64url-member.js';
import type {
  AuthenticatorTransportName,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
  WebAuthnPort,
} from './webauthn-port.js';

/** COSE algorithms offered, in order of preference: ES256 (−7), then RS256 (−257) (§9). */
export const PASSKEY_ALGORITHMS = [-7, -257] as const;

const TRANSPORTS: readonly AuthenticatorTransportName[] = [
  'usb',
  'nfc',
  'ble',
  'internal',
  'hybrid',
];

/** What the registration ceremony needs. */
export interface PasskeyCreationParams {
  /** b64url of the 32 challenge bytes; the same string goes in the request body (§9). */
  challenge: string;
  rp: { id?: string | undefined; name: string };
  user: { name: string; displayName: string; id?: string | undefined };
  /** The account id; the default user handle is its UTF-8 bytes (≤ 64 bytes). */
  accountId: string;
  /** base64url WebAuthn ids of the account's passkeys, so an authenticator never registers twice. */
  excludeCredentialIds: readonly string[];
  timeoutMs?: number | undefined;
}

/**
 * Builds the options of `navigator.credentials.create()` for a passkey registration
 * (docs/protocol.md §9, Kit [PD]).
 * @param params - Challenge, relying party, user, account and the passkeys to exclude.
 * @throws WalletAuthError `CONFIGURATION_INVALID` when the user handle is longer than 64 bytes.
 */
export function buildPasskeyCreationOptions(
  params: PasskeyCreationParams,
): PublicKeyCredentialCreationOptionsJSON {
  const userId = params.user.id ?? bytesToBase64Url(utf8ToBytes(params.accountId));
  if (base64UrlToBytes(userId).length > 64) {
    throw new WalletAuthError(
      'CONFIGURATION_INVALID',
      'The WebAuthn user handle must be at most 64 bytes.',
    );
  }
  const options: PublicKeyCredentialCreationOptionsJSON = {
    rp:
      params.rp.id === undefined
        ? { name: params.rp.name }
        : { id: params.rp.id, name: params.rp.name },
    user: { id: userId, name: params.user.name, displayName: params.user.displayName },
    challenge: params.challenge,
    pubKeyCredParams: PASSKEY_ALGORITHMS.map((alg) => ({ type: 'public-key' as const, alg })),
    excludeCredentials: params.excludeCredentialIds.map((id) => ({
      type: 'public-key' as const,
      id,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    attestation: 'none',
  };
  if (params.timeoutMs !== undefined) {
    options.timeout = Math.max(1000, Math.floor(params.timeoutMs));
  }
  return options;
}

/**
 * Turns a `create()` answer into the wire `attestation` (docs/protocol.md §9): b64url `rawId` as
 * `credentialId`, `clientDataJson`, `attestationObject`, and the transports restricted to
 * `usb`/`nfc`/`ble`/`internal`/`hybrid` (`[]` if none).
 * @param response - The `RegistrationResponseJSON`.
 * @throws WalletAuthError `PROTOCOL_ERROR` when a member is missing or not base64url.
 */
export function toPasskeyAttestation(response: RegistrationResponseJSON): PasskeyAttestation {
  const reported = Array.isArray(response?.response?.transports)
    ? response.response.transports
    : [];
  const transports = TRANSPORTS.filter((transport) => reported.includes(transport));
  return {
    credentialId: readBase64UrlMember(response?.rawId, 'rawId'),
    clientDataJson: readBase64UrlMember(response?.response?.clientDataJSON, 'clientDataJSON'),
    attestationObject: readBase64UrlMember(
      response?.response?.attestationObject,
      'attestationObject',
    ),
    transports,
  };
}

/**
 * Runs the registration ceremony on a port and returns the wire attestation.
 * @param port - The WebAuthn port.
 * @param params - See `buildPasskeyCreationOptions`.
 * @param signal - Closes the prompt when the flow moves on.
 * @throws WalletAuthError from `identifyWebAuthnError` (`PASSKEY_CANCELLED`,
 * `PASSKEY_CREDENTIAL_ALREADY_EXISTS`, …), `CONFIGURATION_INVALID` or `PROTOCOL_ERROR`.
 */
export async function createPasskeyAttestation(
  port: WebAuthnPort,
  params: PasskeyCreationParams,
  signal?: AbortSignal,
): Promise<PasskeyAttestation> {
  const options = buildPasskeyCreationOptions(params);
  let response: RegistrationResponseJSON;
  try {
    response = await port.create(options, signal === undefined ? {} : { signal });
  } catch (error) {
    throw await identifyWebAuthnError(error, {
      ceremony: 'create',
      aborted: signal?.aborted === true,
    });
  }
  return toPasskeyAttestation(response);
}
