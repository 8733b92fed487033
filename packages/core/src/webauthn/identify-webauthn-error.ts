/**
 * The second of the two error edges (docs/contributing.md §2.3): a rejection of a WebAuthn ceremony
 * (a `DOMException` from `navigator.credentials`, a `WebAuthnError` of `@simplewebauthn/browser`,
 * or whatever an injected port throws) becomes one `WalletAuthError` with a stable code.
 */
import type { WalletAuthErrorCode } from '../errors/error-codes.js';
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';

/** Which ceremony failed and whether the kit itself aborted it. */
export interface IdentifyWebAuthnErrorContext {
  ceremony: 'create' | 'get';
  /** True when the kit's own `AbortSignal` fired (the flow moved on): the result is `ABORTED`. */
  aborted?: boolean;
}

// `@simplewebauthn/browser` codes (its `WebAuthnError.code`) that name the cause precisely.
const libraryCodes: Record<string, WalletAuthErrorCode> = {
  ERROR_INVALID_DOMAIN: 'CONFIGURATION_INVALID',
  ERROR_INVALID_RP_ID: 'CONFIGURATION_INVALID',
  ERROR_INVALID_USER_ID_LENGTH: 'CONFIGURATION_INVALID',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'CONFIGURATION_INVALID',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'PASSKEY_UNSUPPORTED',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'PASSKEY_UNSUPPORTED',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'PASSKEY_UNSUPPORTED',
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE: 'PASSKEY_UNSUPPORTED',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'UNKNOWN',
};

const messages: Partial<Record<WalletAuthErrorCode, string>> = {
  ABORTED: 'The passkey prompt was closed by the app.',
  PASSKEY_CANCELLED: 'The passkey prompt was dismissed or timed out.',
  PASSKEY_UNSUPPORTED: 'This browser or device cannot use a passkey here.',
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'This passkey is already registered on the account.',
  INSECURE_CONTEXT: 'Passkeys need a secure page (https or localhost).',
  CONFIGURATION_INVALID:
    'The passkey settings do not fit this site (relying-party ID or domain); check the kit options.',
  UNKNOWN: 'The passkey ceremony failed.',
};

function codeOf(error: unknown, context: IdentifyWebAuthnErrorContext): WalletAuthErrorCode {
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  const libraryCode =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (libraryCode === 'ERROR_CEREMONY_ABORTED') {
    // The library passes its own signal on every call, so any AbortError arrives with this code.
    return context.aborted ? 'ABORTED' : 'PASSKEY_CANCELLED';
  }
  if (typeof libraryCode === 'string' && libraryCodes[libraryCode] !== undefined) {
    const mapped = libraryCodes[libraryCode];
    return mapped === 'CONFIGURATION_INVALID' && globalThis.isSecureContext === false
      ? 'INSECURE_CONTEXT'
      : mapped;
  }
  switch (name) {
    case 'AbortError': {
      return context.aborted ? 'ABORTED' : 'PASSKEY_CANCELLED';
    }
    case 'NotAllowedError': {
      // The user dismissed the prompt, or it timed out; browsers do not say which (WebAuthn §5.1.4).
      return 'PASSKEY_CANCELLED';
    }
    case 'InvalidStateError': {
      // create(): an authenticator already holds one of `excludeCredentials` (the account's passkeys).
      return context.ceremony === 'create' ? 'PASSKEY_CREDENTIAL_ALREADY_EXISTS' : 'UNKNOWN';
    }
    case 'NotSupportedError':
    case 'ConstraintError': {
      return 'PASSKEY_UNSUPPORTED';
    }
    case 'SecurityError': {
      return globalThis.isSecureContext === false ? 'INSECURE_CONTEXT' : 'CONFIGURATION_INVALID';
    }
    default: {
      break;
    }
  }
  if (error instanceof Error && /webauthn is not supported/i.test(error.message)) {
    return 'PASSKEY_UNSUPPORTED';
  }
  return 'UNKNOWN';
}

/**
 * Turns a rejected WebAuthn ceremony into a `WalletAuthError` (catalogue PK-12): the user closing
 * the prompt (`NotAllowedError`, or an `AbortError` the kit did not cause) is `PASSKEY_CANCELLED`;
 * the kit's own abort is `ABORTED`; a missing platform or algorithm is `PASSKEY_UNSUPPORTED`; a
 * `SecurityError` is `INSECURE_CONTEXT` on an insecure page, else `CONFIGURATION_INVALID` (bad RP
 * ID); an authenticator already holding an excluded credential is
 * `PASSKEY_CREDENTIAL_ALREADY_EXISTS`. A `WalletAuthError` passes through unchanged.
 *
 * @param error - What the ceremony rejected with.
 * @param context - The ceremony, and whether the kit aborted it.
 * @returns The error, with the original as `cause` and its `name`/library code in `details`.
 */
export function identifyWebAuthnError(
  error: unknown,
  context: IdentifyWebAuthnErrorContext,
): WalletAuthError {
  if (isWalletAuthError(error)) {
    return error;
  }
  const code = codeOf(error, context);
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  const libraryCode =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return new WalletAuthError(code, messages[code] ?? 'The passkey ceremony failed.', {
    cause: error,
    details: {
      ceremony: context.ceremony,
      ...(name === undefined ? {} : { webauthnErrorName: name }),
      ...(typeof libraryCode === 'string' ? { webauthnErrorCode: libraryCode } : {}),
    },
  });
}
