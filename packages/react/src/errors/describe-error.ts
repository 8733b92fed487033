/**
 * Every core error code mapped to what the person reads and what they can do next (reliability
 * catalogue UI-10): a message from the catalogue and one next action. The server's `reason`
 * travels along as plain text (UI-01); no stack or bare code reaches the page.
 */
import { isWalletAuthError, type WalletAuthErrorCode } from '@wallet-auth/core';
import type { WalletAuthMessages } from '../i18n/en.js';

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
  UNKNOWN: 'retry',
};

/** An error as the person sees it. */
export interface ErrorDescription {
  code: WalletAuthErrorCode;
  /** The catalogue's sentence for the code. */
  message: string;
  action: ErrorNextAction;
  /** The catalogue's label for `action`. */
  actionLabel: string;
  /** Seconds to wait, from `Retry-After` (wire-format §11.5), when the service sent one. */
  retryAfterSeconds: number | undefined;
  /** The service's `reason` (wire-format §13), to be rendered as text only. */
  reason: string | undefined;
}

/**
 * Describes any caught value for the person: a `WalletAuthError` by its code, anything else as
 * `UNKNOWN` (house style §2.3: nothing is stringified).
 *
 * @param error - The error from a flow state, a query or a mutation.
 * @param messages - The active catalogue.
 */
export function describeError(error: unknown, messages: WalletAuthMessages): ErrorDescription {
  const known = isWalletAuthError(error);
  const code: WalletAuthErrorCode =
    known && error.code in ERROR_NEXT_ACTIONS ? error.code : 'UNKNOWN';
  const action = ERROR_NEXT_ACTIONS[code];
  const retryAfter = known ? error.details?.retryAfterSeconds : undefined;
  return {
    code,
    message: messages.errors[code] ?? messages.errors.UNKNOWN,
    action,
    actionLabel: messages.actions[action],
    retryAfterSeconds: typeof retryAfter === 'number' ? retryAfter : undefined,
    reason:
      known && typeof error.reason === 'string' && error.reason !== '' ? error.reason : undefined,
  };
}
