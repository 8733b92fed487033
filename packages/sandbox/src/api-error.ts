import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One entry of `details.errors` (service interface: FieldError). */
export interface FieldError {
  field: string;
  constraint?: Record<string, unknown>;
  message?: string;
}

/**
 * The service's error envelope as an exception: `{status, code, message, details?, reason?}`.
 * Thrown anywhere in a route and rendered by the app's single `onError` (house style §2.3.7).
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
    extra: { details?: Record<string, unknown>; reason?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.reason = extra.reason;
    this.headers = extra.headers ?? {};
  }

  /** The JSON body of the envelope (wire-format §13: `reason` top level on auth 401s). */
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

/** 400 INVALID_INPUT listing every invalid field at once. */
export function invalidInput(errors: FieldError[], message = 'Invalid request'): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, { details: { errors } });
}
