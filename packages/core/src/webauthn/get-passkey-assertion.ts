/**
 * The passkey sign-in ceremony (docs/protocol.md §9 "WebAuthn get"): the service's hex challenge is
 * passed as its own UTF-8 bytes, the challenged credential is the only one allowed, user
 * verification is required, and the browser's answer becomes the wire `assertion`.
 */
import { passkeyChallengeToBytes } from '../crypto/passkey-challenge.js';
import { bytesToBase64Url } from '../encoding/base64url.js';
import type { PasskeyAssertion } from '../types.js';
import { identifyWebAuthnError } from './identify-webauthn-error.js';
import { readBase64UrlMember } from './read-base64url-member.js';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  WebAuthnPort,
} from './webauthn-port.js';

/** What the sign-in ceremony needs. */
export interface PasskeyRequestParams {
  /** The PASSKEY challenge response's `challenge` (64 lowercase hex characters). */
  challenge: string;
  /** base64url WebAuthn credential id of the challenged credential; omitted = any discoverable one. */
  webauthnCredentialId?: string | undefined;
  /** Relying-party ID. @defaultValue the page's effective domain */
  rpId?: string | undefined;
  /** Ceremony timeout in ms (normally the time left before the challenge expires). */
  timeoutMs?: number | undefined;
}

/**
 * Builds the options of `navigator.credentials.get()` for a passkey sign-in (docs/protocol.md §9):
 * `challenge` = b64url of the 64 ASCII bytes of the hex string — never its hex decoding
 * (catalogue PK-10) — `allowCredentials` = the challenged credential, `userVerification:
 * "required"`.
 * @param params - Challenge, credential id, RP ID and timeout.
 * @throws WalletAuthError `PROTOCOL_ERROR` when the challenge is not 64 lowercase hex characters.
 */
export function buildPasskeyRequestOptions(
  params: PasskeyRequestParams,
): PublicKeyCredentialRequestOptionsJSON {
  const options: PublicKeyCredentialRequestOptionsJSON = {
    challenge: bytesToBase64Url(passkeyChallengeToBytes(params.challenge)),
    allowCredentials:
      params.webauthnCredentialId === undefined
        ? []
        : [{ type: 'public-key', id: params.webauthnCredentialId }],
    userVerification: 'required',
  };
  if (params.rpId !== undefined) {
    options.rpId = params.rpId;
  }
  if (params.timeoutMs !== undefined) {
    options.timeout = Math.max(1000, Math.floor(params.timeoutMs));
  }
  return options;
}

/**
 * Turns a `get()` answer into the wire `assertion` (docs/protocol.md §9): b64url `rawId` as
 * `credentialId`, `clientDataJSON` as `clientDataJson`, `authenticatorData`, the DER `signature`,
 * and `userHandle` only when the authenticator returned one.
 * @param response - The `AuthenticationResponseJSON`.
 * @throws WalletAuthError `PROTOCOL_ERROR` when a member is missing or not base64url.
 */
export function toPasskeyAssertion(response: AuthenticationResponseJSON): PasskeyAssertion {
  const assertion: PasskeyAssertion = {
    credentialId: readBase64UrlMember(response?.rawId, 'rawId'),
    clientDataJson: readBase64UrlMember(response?.response?.clientDataJSON, 'clientDataJSON'),
    authenticatorData: readBase64UrlMember(
      response?.response?.authenticatorData,
      'authenticatorData',
    ),
    signature: readBase64UrlMember(response?.response?.signature, 'signature'),
  };
  const userHandle = response.response.userHandle;
  if (typeof userHandle === 'string' && userHandle.length > 0) {
    assertion.userHandle = readBase64UrlMember(userHandle, 'userHandle');
  }
  return assertion;
}

/**
 * Runs the sign-in ceremony on a port and returns the wire assertion.
 * @param port - The WebAuthn port.
 * @param params - See `buildPasskeyRequestOptions`.
 * @param signal - Closes the prompt when the flow moves on.
 * @param mediation - `conditional` to offer the passkeys in autofill instead of a prompt.
 * @throws WalletAuthError from `identifyWebAuthnError` (`PASSKEY_CANCELLED`, …) or `PROTOCOL_ERROR`.
 */
export async function getPasskeyAssertion(
  port: WebAuthnPort,
  params: PasskeyRequestParams,
  signal?: AbortSignal,
  mediation?: 'conditional',
): Promise<PasskeyAssertion> {
  const options = buildPasskeyRequestOptions(params);
  let response: AuthenticationResponseJSON;
  try {
    response = await port.get(options, {
      ...(signal === undefined ? {} : { signal }),
      ...(mediation === undefined ? {} : { mediation }),
    });
  } catch (error) {
    throw await identifyWebAuthnError(error, {
      ceremony: 'get',
      aborted: signal?.aborted === true,
    });
  }
  return toPasskeyAssertion(response);
}
