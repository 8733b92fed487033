/**
 * The one table of what the service's refusal texts mean. A 401 carries a `reason` (docs/protocol.md
 * §13) whose wording tells causes apart that share a code; an execute refused because its quote
 * lapsed says so in a field error. Every module that needs such a cause asks `hasServiceReason`,
 * so the texts are matched here and nowhere else.
 */
import type { WalletAuthErrorCode } from './error-codes.js';
import { isWalletAuthError, type WalletAuthError } from './wallet-auth-error.js';

/** A cause the service tells only in text. */
export type ServiceReason =
  /** The OTP code was wrong (the person may type it again). */
  | 'otpCodeWrong'
  /** The OTP challenge is gone: expired, never sent, or voided by a newer one. */
  | 'otpCodeVoided'
  /** The ID token's `iat` is outside the window, or the token expired: get a fresh one. */
  | 'idTokenStale'
  /** The ID token's nonce does not match the client key. */
  | 'idTokenNonceMismatch'
  /** The ID token names another identity than the credential's. */
  | 'idTokenIdentityMismatch'
  /** A credential's revoke was signed by a session that credential issued (docs/protocol.md §11.1). */
  | 'ownRevocation'
  /** The signing session is no longer valid on the service (revoked, expired, unknown). */
  | 'sessionRejected'
  /** Of the rejected sessions: one whose time ran out, not one that was revoked. */
  | 'sessionTimedOut'
  /** The session named in the path is not active (a refresh of a revoked session). */
  | 'sessionNotActive'
  /** The signed-retry challenge lapsed before the signed leg arrived. */
  | 'challengeExpired'
  /** The `Request-Id` was already consumed (docs/protocol.md §11.3). */
  | 'requestIdUsed'
  /** An execute named a quote whose `expiresAt` passed (docs/protocol.md §11.6). */
  | 'quoteExpired';

interface ReasonRow {
  /** The error code the text comes with. */
  code: WalletAuthErrorCode;
  /** The wording, case-insensitive. */
  pattern: RegExp;
  /** Wording that rules the cause out even when `pattern` matches. */
  unless?: RegExp;
  /**
   * Where the text is read: the `reason` only, the `reason` or else the message (a proxy or an
   * older emulator may send the text as the message), or the field errors of `details.errors`.
   */
  text: 'reason' | 'reasonOrMessage' | { field: string };
  /** The HTTP status the text comes with, when the code alone is not enough. */
  status?: number;
}

const REASONS: Readonly<Record<ServiceReason, ReasonRow>> = {
  otpCodeWrong: {
    code: 'UNAUTHORIZED',
    pattern: /invalid otp code|wrong code|invalid code/i,
    text: 'reason',
  },
  otpCodeVoided: {
    code: 'UNAUTHORIZED',
    pattern: /otp expired|no pending otp|invalid otp bundle/i,
    text: 'reason',
  },
  idTokenStale: { code: 'UNAUTHORIZED', pattern: /\biat\b|token expired/i, text: 'reason' },
  idTokenNonceMismatch: { code: 'UNAUTHORIZED', pattern: /nonce/i, text: 'reason' },
  idTokenIdentityMismatch: { code: 'UNAUTHORIZED', pattern: /identity/i, text: 'reason' },
  ownRevocation: {
    code: 'WALLET_SIGNATURE_INVALID',
    pattern: /own revocation|different credential|same credential/i,
    text: 'reason',
  },
  sessionRejected: {
    code: 'WALLET_SIGNATURE_INVALID',
    pattern: /revoked|expired|not active|unknown session/i,
    text: 'reasonOrMessage',
  },
  sessionTimedOut: {
    code: 'WALLET_SIGNATURE_INVALID',
    pattern: /expired/i,
    unless: /revoked/i,
    text: 'reasonOrMessage',
  },
  sessionNotActive: {
    code: 'UNAUTHORIZED',
    status: 401,
    pattern: /not active|revoked|unknown session/i,
    text: 'reasonOrMessage',
  },
  challengeExpired: { code: 'UNAUTHORIZED', pattern: /expired/i, text: 'reason' },
  requestIdUsed: { code: 'UNAUTHORIZED', pattern: /already used/i, text: 'reason' },
  quoteExpired: { code: 'INVALID_INPUT', pattern: /expired/i, text: { field: 'quoteId' } },
};

function textsOf(error: WalletAuthError, text: ReasonRow['text']): string[] {
  if (text === 'reason') {
    return [error.reason ?? ''];
  }
  if (text === 'reasonOrMessage') {
    return [error.reason ?? error.message];
  }
  const errors = error.details?.errors;
  if (!Array.isArray(errors)) {
    return [];
  }
  return errors.flatMap((entry: unknown) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    return field === text.field && typeof message === 'string' ? [message] : [];
  });
}

/**
 * Tells whether an error is the service's refusal for `reason` (its code, and its text as the
 * table above words it). Pure.
 * @param error - Anything caught; only a `WalletAuthError` can match.
 * @param reason - The cause to test for.
 */
export function hasServiceReason(error: unknown, reason: ServiceReason): boolean {
  if (!isWalletAuthError(error)) {
    return false;
  }
  const row = REASONS[reason];
  if (error.code !== row.code || (row.status !== undefined && error.status !== row.status)) {
    return false;
  }
  return textsOf(error, row.text).some(
    (text) => row.pattern.test(text) && !(row.unless?.test(text) ?? false),
  );
}
