/**
 * Server error codes the kit passes through verbatim from the error envelope (docs/protocol.md §13).
 * Includes the interface codes the emulator never emits, so a production answer keeps its code,
 * and the refusals of the reference proxy (`@wallet-auth/proxy`, which answers in the same
 * envelope): `FORBIDDEN` (403, an id or origin that is not the signed-in user's, catalogue
 * BFF-05/BFF-13), `METHOD_NOT_ALLOWED` (405, BFF-22), `UPSTREAM_ERROR` (502) and
 * `UPSTREAM_TIMEOUT` (504) when the proxy cannot get an answer from the service (BFF-17), and
 * `SERVICE_UNAVAILABLE` (503 with `Retry-After`) when the proxy's own state store cannot answer
 * and it fails closed (BFF-36).
 */
export const SERVER_ERROR_CODES = [
  'INVALID_INPUT',
  'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
  'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
  'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
  'EMAIL_OTP_EMAIL_ALREADY_EXISTS',
  'EMAIL_OTP_CREDENTIAL_SET_CHANGED',
  'EMAIL_OTP_CREDENTIAL_SYNC_FAILED',
  'UNAUTHORIZED',
  'INVALID_SIGNATURE',
  'WALLET_SIGNATURE_MISSING',
  'WALLET_SIGNATURE_MALFORMED',
  'WALLET_SIGNATURE_BODY_MISMATCH',
  'WALLET_SIGNATURE_INVALID',
  'REQUEST_ID_MISSING',
  'AMOUNT_OUT_OF_RANGE',
  'CONFLICT',
  'NOT_FOUND',
  'RATE_LIMITED',
  'DAILY_VOLUME_LIMIT_EXCEEDED',
  'SERVICE_SWITCH_ERROR',
  'INTERNAL_ERROR',
  // Reference proxy refusals (same envelope, not emitted by the service itself).
  'FORBIDDEN',
  'METHOD_NOT_ALLOWED',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'SERVICE_UNAVAILABLE',
] as const;

/**
 * Client-side causes (docs/contributing.md §2.3): each names a cause, never a call site.
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  'TIMEOUT',
  'ABORTED',
  'CHALLENGE_EXPIRED',
  'PROCESSING_TIMEOUT',
  'REQUEST_ID_CONSUMED',
  'PASSKEY_UNSUPPORTED',
  'PASSKEY_CANCELLED',
  'INSECURE_CONTEXT',
  'CONFIGURATION_INVALID',
  'KEY_STORE_UNAVAILABLE',
  'KEY_STORE_CORRUPT',
  'KEY_EXTRACTABLE',
  'KEY_USAGE_INVALID',
  'STORAGE_QUOTA',
  'SESSION_KEY_MISSING',
  'SESSION_EXPIRED',
  'ENCODING_INVALID',
  'PUBLIC_KEY_INVALID',
  'OTP_CODE_INVALID',
  'BUNDLE_MALFORMED',
  'BUNDLE_SIGNATURE_INVALID',
  'SEALED_KEY_MALFORMED',
  'DECRYPT_FAILED',
  'PAYLOAD_INTENT_MISMATCH',
  'PROTOCOL_ERROR',
  // An OAuth redirect's answer the kit refuses: no pending attempt for its `state` (already used,
  // never started here), a lapsed attempt, or a `state` that is not the pending one.
  'OAUTH_CALLBACK_INVALID',
  'UNKNOWN',
] as const;

/** A code the service can send in its error envelope (docs/protocol.md §13). */
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** A cause detected by the kit itself. */
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/**
 * The closed set of `WalletAuthError` codes; `switch` statements over it stay exhaustive.
 * `RATE_LIMITED` is both a server code and the kit's name for any 429.
 */
export type WalletAuthErrorCode = ServerErrorCode | ClientErrorCode;

const serverCodes: ReadonlySet<string> = new Set(SERVER_ERROR_CODES);

/**
 * Tells whether a raw envelope `code` is one the kit passes through unchanged (docs/protocol.md §13).
 * @param value - The envelope's `code` member, of any type.
 */
export function isServerErrorCode(value: unknown): value is ServerErrorCode {
  return typeof value === 'string' && serverCodes.has(value);
}

// Transient causes: repeating the same operation later, with the same input, may succeed.
const retryableCodes: ReadonlySet<WalletAuthErrorCode> = new Set<WalletAuthErrorCode>([
  'NETWORK_ERROR',
  'TIMEOUT',
  'CHALLENGE_EXPIRED',
  'PROCESSING_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_SWITCH_ERROR',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'SERVICE_UNAVAILABLE',
]);

/**
 * Tells whether an error with this code is transient: the same operation with the same input
 * may succeed if repeated later (after `details.retryAfterSeconds` for `RATE_LIMITED` and
 * `SERVICE_UNAVAILABLE`).
 * @param code - A `WalletAuthErrorCode`.
 */
export function isRetryableErrorCode(code: WalletAuthErrorCode): boolean {
  return retryableCodes.has(code);
}
