import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One entry of `details.errors` (docs/service-api.md, FieldError). */
export interface FieldError {
  field: string;
  constraint?: Record<string, unknown>;
  message?: string;
}

/** Extra parts of an {@link ApiError}: envelope `details`, top-level `reason`, response headers. */
export interface ApiErrorExtra {
  details?: Record<string, unknown>;
  reason?: string;
  headers?: Record<string, string>;
}

/**
 * The service's error envelope as an exception, `{status, code, message, reason?, details?}`
 * (docs/protocol.md §13), thrown anywhere in the proxy and rendered by its single `onError` handler
 * (docs/contributing.md §2.3).
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
    extra: ApiErrorExtra = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.reason = extra.reason;
    this.headers = extra.headers ?? {};
  }

  /** The JSON body of the envelope; `reason` sits at the top level (docs/protocol.md §13). */
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

/** 400 `INVALID_INPUT` listing every invalid field at once (docs/protocol.md §13). */
export function invalidInput(message: string, errors: FieldError[] = []): ApiError {
  return new ApiError(
    400,
    'INVALID_INPUT',
    message,
    errors.length > 0 ? { details: { errors } } : {},
  );
}

/** 403 `FORBIDDEN`: an id in the request does not belong to the signed-in user (nothing forwarded). */
export function forbidden(message: string): ApiError {
  return new ApiError(403, 'FORBIDDEN', message);
}
