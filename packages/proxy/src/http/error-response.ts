import { ApiError } from '../api-error.js';
import { StoreUnavailableError } from '../stores/stores.js';
import { UpstreamError } from '../upstream/upstream-client.js';

/** Renders an {@link ApiError} as the service's JSON envelope (docs/protocol.md §13). */
export function envelope(error: ApiError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { 'Content-Type': 'application/json', ...error.headers },
  });
}

const UPSTREAM_FAILURES: Record<UpstreamError['kind'], { status: 502 | 504; code: string }> = {
  timeout: { status: 504, code: 'UPSTREAM_TIMEOUT' },
  unreachable: { status: 502, code: 'UPSTREAM_ERROR' },
  redirect: { status: 502, code: 'UPSTREAM_ERROR' },
  'too-large': { status: 502, code: 'UPSTREAM_ERROR' },
  'not-json': { status: 502, code: 'UPSTREAM_ERROR' },
  'credentials-rejected': { status: 502, code: 'UPSTREAM_ERROR' },
};

/** What the log should say about an error that was not an {@link ApiError}. */
export interface ErrorLogRecord {
  event: 'upstream.failure' | 'store.failure' | 'internal.failure';
  fields: Record<string, unknown>;
}

/**
 * Turns any thrown value into a response: an {@link ApiError} as is; an {@link UpstreamError}
 * as 502/504, a {@link StoreUnavailableError} as 503 with `Retry-After` (fail closed, BFF-36)
 * and anything else as 500, each with a generic message and the correlation id only, never a
 * stack, a cause or a secret (reliability catalogue BFF-17).
 */
export function renderError(
  error: unknown,
  correlationId: string,
): { response: Response; log?: ErrorLogRecord } {
  if (error instanceof ApiError) {
    return { response: envelope(error) };
  }
  if (error instanceof UpstreamError) {
    const failure = UPSTREAM_FAILURES[error.kind];
    return {
      response: envelope(
        new ApiError(
          failure.status,
          failure.code,
          'The wallet service is unavailable; try again later',
          {
            details: { correlationId },
          },
        ),
      ),
      log: {
        event: 'upstream.failure',
        fields: { kind: error.kind, message: error.message, correlationId },
      },
    };
  }
  if (error instanceof StoreUnavailableError) {
    return {
      response: envelope(
        new ApiError(503, 'SERVICE_UNAVAILABLE', 'Temporarily unavailable; retry shortly', {
          details: { correlationId },
          headers: { 'Retry-After': '1' },
        }),
      ),
      log: {
        event: 'store.failure',
        fields: {
          store: error.store,
          message: error.cause instanceof Error ? error.cause.message : error.message,
          correlationId,
        },
      },
    };
  }
  return {
    response: envelope(
      new ApiError(500, 'INTERNAL_ERROR', 'Internal error', { details: { correlationId } }),
    ),
    log: {
      event: 'internal.failure',
      fields: {
        message: error instanceof Error ? error.message : 'non-error thrown',
        correlationId,
      },
    },
  };
}
