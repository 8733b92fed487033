import { isRetryableErrorCode, type WalletAuthErrorCode } from './error-codes.js';

/** Options of a `WalletAuthError` beside its code and message. */
export interface WalletAuthErrorOptions {
  /** The original error or value, kept as the native `cause`. */
  cause?: unknown;
  /** The HTTP status, when the error came from a response. */
  status?: number;
  /** The raw envelope `code`, kept even when `code` is `UNKNOWN`. */
  serverCode?: string;
  /** The envelope's `details`, or structured, secret-free facts about a client failure. */
  details?: Record<string, unknown>;
  /** The sandbox's `reason` text of a 401 (docs/protocol.md §13), to be shown as text only. */
  reason?: string;
}

/**
 * The one error class of the kit (docs/contributing.md §2.3): a stable `code`, the native `cause`, and a
 * `retryable` verdict computed from the code. Messages never carry key material or plaintext.
 *
 * @example
 * ```ts
 * if (isWalletAuthError(error) && error.code === 'BUNDLE_SIGNATURE_INVALID') { showTamperWarning(); }
 * ```
 */
export class WalletAuthError extends Error {
  override readonly name = 'WalletAuthError';
  /** The stable cause code. */
  readonly code: WalletAuthErrorCode;
  /** The HTTP status, if any. */
  readonly status: number | undefined;
  /** The raw envelope code, if any. */
  readonly serverCode: string | undefined;
  /** Envelope `details` or client-side facts; never secrets. */
  readonly details: Record<string, unknown> | undefined;
  /** The sandbox `reason` of a 401, if any. */
  readonly reason: string | undefined;
  /** Whether repeating the same operation later may succeed. */
  readonly retryable: boolean;

  /**
   * @param code - The cause code.
   * @param message - Human-readable text, free of secrets.
   * @param options - Cause, status, server code, details and reason.
   */
  constructor(code: WalletAuthErrorCode, message: string, options: WalletAuthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.serverCode = options.serverCode;
    this.details = options.details;
    this.reason = options.reason;
    this.retryable = isRetryableErrorCode(code);
  }
}

/**
 * Tells whether a value is a `WalletAuthError`, also across bundle copies (checks the shape).
 * @param value - Anything caught.
 */
export function isWalletAuthError(value: unknown): value is WalletAuthError {
  if (value instanceof WalletAuthError) {
    return true;
  }
  return (
    value instanceof Error &&
    value.name === 'WalletAuthError' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { retryable?: unknown }).retryable === 'boolean'
  );
}

/**
 * Turns anything caught into a `WalletAuthError`, keeping one that already is (docs/contributing.md §2.3:
 * the original is the `cause`, never stringified). The kit's one error-wrapping helper.
 * @param error - What was caught.
 * @param message - Text for an unexpected failure (code `UNKNOWN`).
 */
export function toWalletAuthError(error: unknown, message: string): WalletAuthError {
  return isWalletAuthError(error)
    ? error
    : new WalletAuthError('UNKNOWN', message, { cause: error });
}
