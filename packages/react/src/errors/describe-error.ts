/**
 * Every core error code mapped to what the person reads and what they can do next (reliability
 * catalogue UI-10): a message from the catalogue and one next action. The server's `reason`
 * travels along as plain text (UI-01); no stack or bare code reaches the page.
 */
import {
  classifyOidcError,
  isWalletAuthError,
  type WalletAuthError,
  type WalletAuthErrorCode,
} from '@wallet-auth/core';
import type { WalletAuthSignInMessages } from '../i18n/en.js';

/** What the person can do about an error; each has a label in `messages.actions`. */
export type ErrorNextAction =
  | 'retry'
  | 'wait'
  | 'signIn'
  | 'useAnotherMethod'
  | 'checkConnection'
  | 'fixInput'
  | 'contactSupport'
  | 'none';

/** The next action of every code; the `Record` type makes a new core code a compile error here. */
export const ERROR_NEXT_ACTIONS: Record<WalletAuthErrorCode, ErrorNextAction> = {
  INVALID_INPUT: 'fixInput',
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'none',
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'none',
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'none',
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'fixInput',
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: 'retry',
  EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 'contactSupport',
  UNAUTHORIZED: 'retry',
  INVALID_SIGNATURE: 'signIn',
  WALLET_SIGNATURE_MISSING: 'retry',
  WALLET_SIGNATURE_MALFORMED: 'retry',
  WALLET_SIGNATURE_BODY_MISMATCH: 'retry',
  WALLET_SIGNATURE_INVALID: 'signIn',
  REQUEST_ID_MISSING: 'retry',
  AMOUNT_OUT_OF_RANGE: 'fixInput',
  CONFLICT: 'none',
  NOT_FOUND: 'none',
  RATE_LIMITED: 'wait',
  DAILY_VOLUME_LIMIT_EXCEEDED: 'wait',
  SERVICE_SWITCH_ERROR: 'retry',
  INTERNAL_ERROR: 'retry',
  FORBIDDEN: 'signIn',
  METHOD_NOT_ALLOWED: 'contactSupport',
  UPSTREAM_ERROR: 'retry',
  UPSTREAM_TIMEOUT: 'retry',
  SERVICE_UNAVAILABLE: 'wait',
  NETWORK_ERROR: 'checkConnection',
  TIMEOUT: 'retry',
  ABORTED: 'none',
  CHALLENGE_EXPIRED: 'retry',
  PROCESSING_TIMEOUT: 'wait',
  REQUEST_ID_CONSUMED: 'retry',
  PASSKEY_UNSUPPORTED: 'useAnotherMethod',
  PASSKEY_CANCELLED: 'retry',
  INSECURE_CONTEXT: 'contactSupport',
  CONFIGURATION_INVALID: 'contactSupport',
  KEY_STORE_UNAVAILABLE: 'useAnotherMethod',
  KEY_STORE_CORRUPT: 'signIn',
  KEY_EXTRACTABLE: 'contactSupport',
  KEY_USAGE_INVALID: 'contactSupport',
  STORAGE_QUOTA: 'retry',
  SESSION_KEY_MISSING: 'signIn',
  SESSION_EXPIRED: 'signIn',
  ENCODING_INVALID: 'retry',
  PUBLIC_KEY_INVALID: 'retry',
  OTP_CODE_INVALID: 'fixInput',
  BUNDLE_MALFORMED: 'retry',
  BUNDLE_SIGNATURE_INVALID: 'contactSupport',
  SEALED_KEY_MALFORMED: 'retry',
  DECRYPT_FAILED: 'retry',
  PAYLOAD_INTENT_MISMATCH: 'contactSupport',
  PROTOCOL_ERROR: 'retry',
  OAUTH_CALLBACK_INVALID: 'retry',
  UNKNOWN: 'retry',
};

/**
 * A cause that shares its code with others but needs its own sentence: `quoteExpired` — a payment
 * quote that lapsed before it was approved (docs/protocol.md §11.6: the emulator's 400 `INVALID_INPUT`,
 * or core's transfer noticing the quote's `expiresAt` before the stamp; `messages.errorCases`);
 * `insufficientFunds` — core's transfer refusing an amount over the wallet's balance before
 * asking for a signature; `oauthIdentityMismatch` and
 * `oauthNonceMismatch` — the service refused an ID token for another identity than the
 * credential's, or one whose nonce is not this attempt's (docs/protocol.md §10, `classifyOidcError`);
 * `passkeyOtherAccount` — a passkey picked from autofill that belongs to another account, refused
 * before verify.
 */
export type ErrorCase =
  | 'quoteExpired'
  | 'insufficientFunds'
  | 'oauthIdentityMismatch'
  | 'oauthNonceMismatch'
  | 'passkeyOtherAccount';

function isExpiredQuoteRefusal(error: WalletAuthError): boolean {
  const errors = error.details?.errors;
  return (
    error.code === 'INVALID_INPUT' &&
    Array.isArray(errors) &&
    errors.some(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        (entry as { field?: unknown }).field === 'quoteId' &&
        /expired/i.test(String((entry as { message?: unknown }).message ?? '')),
    )
  );
}

/**
 * Finds the special case of an error, if any. An expired quote arrives as the service's refusal
 * itself (`INVALID_INPUT` naming `quoteId` as expired), or as core's `CHALLENGE_EXPIRED` naming
 * the quote (`details.quoteId`) or caused by that `INVALID_INPUT` (a signed-retry expiry has
 * neither). Insufficient funds found before the approval carry `details.available` (the service's
 * own refusal at acceptance has none and keeps the code's sentence).
 * @param error - A `WalletAuthError`.
 */
export function identifyErrorCase(error: WalletAuthError): ErrorCase | undefined {
  if (isExpiredQuoteRefusal(error)) {
    return 'quoteExpired';
  }
  if (
    error.code === 'CHALLENGE_EXPIRED' &&
    (typeof error.details?.quoteId === 'string' ||
      (isWalletAuthError(error.cause) && error.cause.code === 'INVALID_INPUT'))
  ) {
    return 'quoteExpired';
  }
  if (error.code === 'AMOUNT_OUT_OF_RANGE' && typeof error.details?.available === 'number') {
    return 'insufficientFunds';
  }
  if (error.details?.passkeyProblem === 'otherPasskey') {
    return 'passkeyOtherAccount';
  }
  const oidc = classifyOidcError(error);
  if (oidc === 'identityMismatch') {
    return 'oauthIdentityMismatch';
  }
  if (oidc === 'nonceMismatch') {
    return 'oauthNonceMismatch';
  }
  return undefined;
}

/** The next action of each special case. */
const CASE_ACTIONS: Record<ErrorCase, ErrorNextAction> = {
  quoteExpired: 'retry',
  insufficientFunds: 'fixInput',
  // Asking the same provider again gives the same identity: another method is the way on.
  oauthIdentityMismatch: 'useAnotherMethod',
  oauthNonceMismatch: 'retry',
  passkeyOtherAccount: 'retry',
};

/** The sentence of each special case. */
function caseMessage(errorCase: ErrorCase, messages: WalletAuthSignInMessages): string {
  return errorCase === 'passkeyOtherAccount'
    ? messages.passkey.otherAccount
    : messages.errorCases[errorCase];
}

/** An error as the person sees it. */
export interface ErrorDescription {
  code: WalletAuthErrorCode;
  /** The special case the sentence was chosen for, if any. */
  errorCase: ErrorCase | undefined;
  /** The catalogue's sentence for the code. */
  message: string;
  action: ErrorNextAction;
  /** The catalogue's label for `action`. */
  actionLabel: string;
  /** Seconds to wait, from `Retry-After` (docs/protocol.md §11.5), when the service sent one. */
  retryAfterSeconds: number | undefined;
  /**
   * The service's `reason` (docs/protocol.md §13), to be rendered as text only; `undefined` for a
   * special case, whose sentence already says it in the person's language.
   */
  reason: string | undefined;
}

/**
 * Describes any caught value for the person: a `WalletAuthError` by its code (or its special
 * case, `identifyErrorCase`), anything else as `UNKNOWN` (docs/contributing.md §2.3: nothing is
 * stringified).
 *
 * @param error - The error from a flow state, a query or a mutation.
 * @param messages - The active catalogue.
 */
export function describeError(
  error: unknown,
  messages: WalletAuthSignInMessages,
): ErrorDescription {
  const known = isWalletAuthError(error);
  const code: WalletAuthErrorCode =
    known && error.code in ERROR_NEXT_ACTIONS ? error.code : 'UNKNOWN';
  const errorCase = known ? identifyErrorCase(error) : undefined;
  const action = errorCase === undefined ? ERROR_NEXT_ACTIONS[code] : CASE_ACTIONS[errorCase];
  const retryAfter = known ? error.details?.retryAfterSeconds : undefined;
  return {
    code,
    errorCase,
    message:
      errorCase === undefined
        ? (messages.errors[code] ?? messages.errors.UNKNOWN)
        : caseMessage(errorCase, messages),
    action,
    actionLabel: messages.actions[action],
    retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : undefined,
    reason:
      known && errorCase === undefined && typeof error.reason === 'string' && error.reason !== ''
        ? error.reason
        : undefined,
  };
}
