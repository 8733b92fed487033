import { isServerErrorCode, type WalletAuthErrorCode } from './error-codes.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { redactServerText } from './redact-server-text.js';
import { WalletAuthError } from './wallet-auth-error.js';

/** Options of `fromErrorEnvelope`. */
export interface FromErrorEnvelopeOptions {
  /** Clock for an HTTP-date `Retry-After` when the response has no `Date` header. */
  now?: () => number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON, or the body could not be read: the status alone still tells the cause.
    return undefined;
  }
}

/**
 * Turns a non-2xx response into a `WalletAuthError` (docs/contributing.md §2.3, one of the two translation
 * edges). Envelope codes of docs/protocol.md §13 pass through; an unknown code becomes `UNKNOWN` with
 * the raw value on `serverCode`. `reason` is read top-level, falling back to `details.reason`.
 * A 429 becomes `RATE_LIMITED`; its `Retry-After` (delta-seconds or HTTP-date), and a 503's, is
 * parsed into `details.retryAfterSeconds`. The envelope's `message` and `reason` are redacted (reliability
 * catalogue X-01, `redactServerText`): no control characters, no JWT-like token, no base64url JSON
 * (stamps), no base64/hex run over 40 characters; the raw server text is not kept anywhere.
 * @param response - The failed response; its body is consumed.
 * @param options - Clock for HTTP-date parsing.
 */
export async function fromErrorEnvelope(
  response: Response,
  options: FromErrorEnvelopeOptions = {},
): Promise<WalletAuthError> {
  const status = response.status;
  const body = await readJson(response);
  const envelope = isRecord(body) ? body : {};

  const rawCode = typeof envelope.code === 'string' ? envelope.code : undefined;
  let code: WalletAuthErrorCode = 'UNKNOWN';
  if (isServerErrorCode(rawCode)) {
    code = rawCode;
  } else if (status === 429) {
    code = 'RATE_LIMITED';
  }

  const details: Record<string, unknown> | undefined = isRecord(envelope.details)
    ? { ...envelope.details }
    : undefined;
  let rawReason: string | undefined;
  if (typeof envelope.reason === 'string') {
    rawReason = envelope.reason;
  } else if (details && typeof details.reason === 'string') {
    rawReason = details.reason;
  }
  // The UI renders `reason` as text (docs/protocol.md §13), so it is redacted like the message.
  const reason = rawReason === undefined ? undefined : redactServerText(rawReason) || undefined;
  if (details && typeof details.reason === 'string') {
    details.reason = redactServerText(details.reason);
  }

  let allDetails = details;
  if (status === 429 || status === 503 || code === 'RATE_LIMITED') {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'), {
      date: response.headers.get('Date'),
      ...(options.now ? { now: options.now } : {}),
    });
    if (retryAfterSeconds !== undefined) {
      allDetails = { ...details, retryAfterSeconds };
    }
  }

  // the envelope's `message` is never copied as sent. The error carries its redacted form
  // (readable for developers, and what session checks match on when `reason` is absent); the raw
  // text is dropped, not kept on another field, so no log or render path can reach it.
  const redacted = typeof envelope.message === 'string' ? redactServerText(envelope.message) : '';
  const message = redacted === '' ? `Request failed with HTTP status ${status}` : redacted;

  return new WalletAuthError(code, message, {
    status,
    ...(rawCode === undefined ? {} : { serverCode: rawCode }),
    ...(allDetails === undefined ? {} : { details: allDetails }),
    ...(reason === undefined ? {} : { reason }),
  });
}
