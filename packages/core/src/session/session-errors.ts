/**
 * The session layer's errors and the tests that tell a service refusal of the session itself from
 * a failure worth retrying (docs/service-api.md "Wallet sessions" rule 7; catalogue SES-01, SES-03).
 */
import { hasServiceReason } from '../errors/service-reasons.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';

/** `SESSION_EXPIRED`: the session's time is up (docs/service-api.md "Wallet sessions" rule 7). */
export function sessionExpired(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_EXPIRED',
    'Your session has expired. Sign in again to continue.',
  );
}

/** `SESSION_KEY_MISSING`: this device holds no session. */
export function noSession(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'There is no session on this device. Sign in to continue.',
  );
}

/** `SESSION_KEY_MISSING`: the session key left the key store under a running tab (KEY-10). */
export function sessionKeyGone(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    "This device's session key is gone (site data was cleared). Sign in again.",
  );
}

/** `SESSION_KEY_MISSING`: the session ended while its refresh was in flight (SES-05). */
export function signedOutWhileRefreshing(): WalletAuthError {
  return new WalletAuthError(
    'SESSION_KEY_MISSING',
    'The session ended on this device while it was being refreshed. Sign in again.',
  );
}

/** True for 401s meaning the signing session is no longer valid on the service. */
export function isSessionRejected(error: unknown): boolean {
  return hasServiceReason(error, 'sessionRejected');
}

/**
 * True for a 401 on a refresh meaning the session itself is over on the service: a rejected
 * session signature, or the emulator's `UNAUTHORIZED` "Session is not active" for the path's
 * session (catalogue SES-03: re-authenticate, no retry).
 */
export function isRefreshRefused(error: unknown): boolean {
  return hasServiceReason(error, 'sessionRejected') || hasServiceReason(error, 'sessionNotActive');
}
