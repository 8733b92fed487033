import { invalidInput } from '../api-error.js';
import { isResourceId } from '../ids.js';
import type { ServiceRoute } from '../routes/route-table.js';
import { isStampShaped, STAMP_SCHEME } from './stamp-shape.js';

/** The header the browser kit sends stamps in (docs/protocol.md §1 "Header-name override"). */
export const SIGNATURE_HEADER = 'Service-Wallet-Signature';

/** The three request headers the proxy forwards verbatim besides `Content-Type` (docs/protocol.md §1). */
export interface SignedRetryHeaders {
  signature?: string;
  requestId?: string;
  idempotencyKey?: string;
}

const IDEMPOTENCY_KEY = /^[\x21-\x2b\x2d-\x7e]{1,255}$/;
const RETRY_AFTER = /^(?:\d{1,10}|[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

/**
 * Reads and checks `Service-Wallet-Signature`, `Request-Id` and `Idempotency-Key` for a route:
 * each must be well formed (SR-21: `Request:<uuid>` only, no CR/LF, bounded) and the pairing
 * must be one the service accepts (SR-02, docs/protocol.md §1 "Headers"); the stamp must have a stamp's
 * structure (BFF-34, no magic constants); otherwise 400 before any upstream call. `passkeyVerify` admits `Request-Id` alone on a PASSKEY verify.
 */
export function readSignedRetryHeaders(
  headers: Headers,
  route: ServiceRoute,
  options: { passkeyVerify: boolean },
): SignedRetryHeaders {
  const signature = headers.get(SIGNATURE_HEADER) ?? undefined;
  const requestId = headers.get('Request-Id') ?? undefined;
  const idempotencyKey = headers.get('Idempotency-Key') ?? undefined;
  if (signature !== undefined && !isStampShaped(signature)) {
    throw invalidInput(`${SIGNATURE_HEADER} is not a stamp`, [
      {
        field: SIGNATURE_HEADER,
        message: `Must be base64url of {publicKey: P-256 point hex, scheme: ${STAMP_SCHEME}, signature: DER hex}`,
      },
    ]);
  }
  if (requestId !== undefined && !isResourceId(requestId, 'Request')) {
    throw invalidInput('Request-Id is malformed', [
      {
        field: 'Request-Id',
        constraint: { pattern: '^Request:<uuid>$' },
        message: 'Must be Request:<uuid>',
      },
    ]);
  }
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw invalidInput('Idempotency-Key is malformed', [
      {
        field: 'Idempotency-Key',
        message: 'Must be 1 to 255 visible ASCII characters without ","',
      },
    ]);
  }
  switch (route.signature) {
    case 'none': {
      if (signature !== undefined || requestId !== undefined) {
        throw invalidInput(`${route.key} takes no ${SIGNATURE_HEADER} or Request-Id`);
      }
      break;
    }
    case 'signed-retry': {
      if (signature !== undefined && requestId === undefined) {
        throw invalidInput(`${SIGNATURE_HEADER} must travel with Request-Id`);
      }
      if (requestId !== undefined && signature === undefined && !options.passkeyVerify) {
        throw invalidInput(
          `Request-Id must travel with ${SIGNATURE_HEADER} (only passkey verify sends it alone)`,
        );
      }
      break;
    }
    case 'quote-execute': {
      if (requestId !== undefined && signature === undefined) {
        throw invalidInput(`Request-Id must travel with ${SIGNATURE_HEADER}`);
      }
      break;
    }
    default: {
      route.signature satisfies never;
    }
  }
  if (idempotencyKey !== undefined && route.signature !== 'quote-execute') {
    throw invalidInput('Idempotency-Key is only accepted on quote execute');
  }
  return {
    ...(signature === undefined ? {} : { signature }),
    ...(requestId === undefined ? {} : { requestId }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  };
}

/**
 * The complete header set of an upstream request: the platform's Basic credentials, the body's
 * `Content-Type`, and the signed-retry headers verbatim, the stamp under `signatureHeaderName`
 * (never both spellings). Nothing the browser sent is copied otherwise (BFF-07).
 */
export function upstreamRequestHeaders(input: {
  authorization: string;
  contentType?: string | undefined;
  signed?: SignedRetryHeaders;
  signatureHeaderName: string;
}): Headers {
  const headers = new Headers({ Authorization: input.authorization, Accept: 'application/json' });
  if (input.contentType !== undefined) {
    headers.set('Content-Type', input.contentType);
  }
  if (input.signed?.signature !== undefined) {
    headers.set(input.signatureHeaderName, input.signed.signature);
  }
  if (input.signed?.requestId !== undefined) {
    headers.set('Request-Id', input.signed.requestId);
  }
  if (input.signed?.idempotencyKey !== undefined) {
    headers.set('Idempotency-Key', input.signed.idempotencyKey);
  }
  return headers;
}

/**
 * The upstream response headers passed back to the browser: `Content-Type` and a well-formed
 * `Retry-After`, nothing else (no `Set-Cookie`, `Server`, `WWW-Authenticate`; BFF-08).
 */
export function passedBackHeaders(upstream: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  const contentType = upstream.get('Content-Type');
  if (contentType !== null) {
    kept['Content-Type'] = contentType;
  }
  const retryAfter = upstream.get('Retry-After');
  if (retryAfter !== null && RETRY_AFTER.test(retryAfter)) {
    kept['Retry-After'] = retryAfter;
  }
  return kept;
}

/** True for `application/json` with at most a UTF-8 charset parameter (docs/protocol.md §1 "JSON"). */
export function isJsonContentType(value: string | null): boolean {
  return value !== null && /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i.test(value);
}
