import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One entry of `details.errors` (docs/service-api.md, FieldError). */
export interface FieldError {
  field: string;
  constraint?: Record<string, unknown>;
  message?: string;
}

/**
 * The service's error envelope as an exception: `{status, code, message, details?, reason?}`.
 * Thrown anywhere in a route and rendered by the app's single `onError` (docs/contributing.md §2.3).
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  readonly reason: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    extra: {
      details?: Record<string, unknown>;
      reason?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.reason = extra.reason;
    this.headers = extra.headers ?? {};
  }

  /** The JSON body of the envelope (docs/protocol.md §13: `reason` top level on auth 401s). */
  toJSON(): Record<string, unknown> {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.reason === undefined ? {} : { reason: this.reason }),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

/** 400 INVALID_INPUT listing every invalid field at once (docs/protocol.md §13). */
export function invalidInput(errors: FieldError[], message = 'Invalid request'): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, { details: { errors } });
}

/** 400 INVALID_INPUT for one field. */
export function invalidField(
  field: string,
  message: string,
  constraint?: Record<string, unknown>,
): ApiError {
  return invalidInput([{ field, message, ...(constraint === undefined ? {} : { constraint }) }]);
}

/** 401 `code` (default UNAUTHORIZED) with a top-level `reason` naming the failed check (§13). */
export function authFailure(reason: string, code = 'UNAUTHORIZED'): ApiError {
  return new ApiError(
    401,
    code,
    code === 'UNAUTHORIZED' ? 'Authentication failed' : messageOf(code),
    {
      reason,
    },
  );
}

/** 401 with one of the signed-retry codes of §11.2; the `reason` names the failed check (§13). */
export function signatureFailure(code: string): ApiError {
  return new ApiError(401, code, messageOf(code), { reason: reasonOf(code) });
}

function reasonOf(code: string): string {
  switch (code) {
    case 'WALLET_SIGNATURE_MISSING':
      return 'Signature header missing';
    case 'WALLET_SIGNATURE_MALFORMED':
      return 'Signature header cannot be parsed';
    case 'WALLET_SIGNATURE_BODY_MISMATCH':
      return 'Body differs from the first leg';
    case 'REQUEST_ID_MISSING':
      return 'Request-Id header missing';
    default:
      return 'Authentication failed';
  }
}

/** 404 NOT_FOUND (docs/protocol.md §13: the service names no 404 code; the emulator uses this one). */
export function notFound(what: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${what} not found`);
}

/** 404 NOT_FOUND "No such route": a method and path the emulator does not serve (package README). */
export function noSuchRoute(): ApiError {
  return new ApiError(404, 'NOT_FOUND', 'No such route');
}

/** 429 RATE_LIMITED with `Retry-After` in whole seconds ≥ 1 (§11.5). */
export function rateLimited(retryAfterSeconds: number, message: string): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, 'RATE_LIMITED', message, {
    headers: { 'Retry-After': String(seconds) },
  });
}

function messageOf(code: string): string {
  switch (code) {
    case 'WALLET_SIGNATURE_MISSING':
      return 'The wallet signature header is required for this action';
    case 'WALLET_SIGNATURE_MALFORMED':
      return 'The wallet signature header cannot be parsed';
    case 'WALLET_SIGNATURE_BODY_MISMATCH':
      return 'The signature was computed over a different body than the one received';
    case 'WALLET_SIGNATURE_INVALID':
      return 'Wallet signature verification failed';
    case 'REQUEST_ID_MISSING':
      return 'Request-Id header is required on the signed retry';
    default:
      return 'Authentication failed';
  }
}
