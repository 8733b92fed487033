import { bytesToBase64Url } from '../encoding/base64url.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { randomBytes } from '../internal/web-crypto.js';

const challengePattern = /^[0-9a-f]{64}$/;

/**
 * Turns a passkey sign-in `challenge` into WebAuthn challenge bytes (docs/protocol.md §9): the UTF-8
 * bytes of the 64-character hex string itself, **not** its hex or b64url decoding, so
 * `clientDataJSON.challenge` is b64url of those 64 ASCII bytes.
 * @param challenge - The `challenge` of the PASSKEY challenge response, treated as opaque.
 * @throws WalletAuthError `PROTOCOL_ERROR` when it is not 64 lowercase hex characters.
 */
export function passkeyChallengeToBytes(challenge: string): Uint8Array<ArrayBuffer> {
  if (!challengePattern.test(challenge)) {
    throw new WalletAuthError(
      'PROTOCOL_ERROR',
      'Passkey challenge is not 64 lowercase hex characters',
    );
  }
  return utf8ToBytes(challenge);
}

/** A fresh passkey registration challenge. */
export interface RegistrationChallenge {
  /** The bytes to pass to `navigator.credentials.create()`. */
  bytes: Uint8Array;
  /** The same bytes as b64url: the request's top-level `challenge`. */
  challenge: string;
}

/**
 * Makes a passkey registration challenge (docs/protocol.md §9): 32 random bytes, sent as b64url in the
 * body and passed as bytes to `create()`, so the service's string compare with
 * `clientDataJSON.challenge` holds. Reuse it unchanged on the signed retry.
 * @throws WalletAuthError `INSECURE_CONTEXT` without WebCrypto.
 */
export function createRegistrationChallenge(): RegistrationChallenge {
  const bytes = randomBytes(32);
  return { bytes, challenge: bytesToBase64Url(bytes) };
}
