/**
 * Reading a 202 challenge and classifying signed-leg answers (docs/protocol.md §11.1, §11.4). Pure
 * helpers of the signed-retry machine; no I/O, no clock.
 */

/** A parsed 202 body, with `expiresAt` corrected to the local clock. */
export interface SignedRetryChallenge {
  type: string | undefined;
  payloadToSign: string;
  requestId: string;
  /** Local epoch ms after which the challenge is void. */
  expiresAt: number;
  /**
   * Server clock minus local clock, from the 202's `Date` header (0 when absent or within the
   * tolerance); turns a local instant into the service's time (docs/protocol.md §1 Timestamps).
   */
  serverOffsetMs: number;
}

/**
 * Largest `payloadToSign` the kit stamps, in UTF-8 bytes (catalogue SR-19): 64 KiB. Every §11.1
 * activity is a few hundred bytes; a bigger one is a malformed or hostile challenge.
 */
export const MAX_PAYLOAD_TO_SIGN_BYTES = 64 * 1024;

const CLOCK_SKEW_TOLERANCE_MS = 2000;
const REQUEST_ID = /^Request:[0-9a-fA-F-]{36}$/;

/** UTF-8 length of `text`, stopping early once it is known to exceed `limit`. */
function exceedsUtf8Bytes(text: string, limit: number): boolean {
  // Each UTF-16 unit is at least one byte and at most three: settle the obvious cases first.
  if (text.length > limit) {
    return true;
  }
  if (text.length * 3 <= limit) {
    return false;
  }
  return new TextEncoder().encode(text).length > limit;
}

/**
 * Reads a 202 body (docs/protocol.md §11.1); `undefined` when it is not a usable challenge: no string
 * `payloadToSign`, an empty one or one over `MAX_PAYLOAD_TO_SIGN_BYTES`, a `requestId` other than
 * `Request:<uuid>`, or an unparsable `expiresAt` (catalogue SR-19).
 * @param body - The parsed 202 body.
 * @param now - Local epoch ms when it arrived.
 * @param serverDateMs - The answer's `Date` header, if any.
 */
export function parseChallenge(
  body: unknown,
  now: number,
  serverDateMs: number | undefined,
): SignedRetryChallenge | undefined {
  if (typeof body !== 'object' || body === null) {
    return undefined;
  }
  const { payloadToSign, requestId, expiresAt, type } = body as Record<string, unknown>;
  const expires = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
  if (
    typeof payloadToSign !== 'string' ||
    payloadToSign.length === 0 ||
    exceedsUtf8Bytes(payloadToSign, MAX_PAYLOAD_TO_SIGN_BYTES) ||
    typeof requestId !== 'string' ||
    !REQUEST_ID.test(requestId) ||
    Number.isNaN(expires)
  ) {
    return undefined;
  }
  // Deadlines are corrected by the Date header's offset when the clocks disagree (docs/protocol.md §1).
  const skew = serverDateMs === undefined ? 0 : serverDateMs - now;
  const serverOffsetMs = Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? skew : 0;
  return {
    type: typeof type === 'string' ? type : undefined,
    payloadToSign,
    requestId,
    expiresAt: expires - serverOffsetMs,
    serverOffsetMs,
  };
}

/**
 * PROCESSING per docs/protocol.md §11.4: any 200 on a 201/204 endpoint; on a 200 endpoint, a body whose
 * `status` is `PROCESSING` and that has no `id` member.
 * @param status - HTTP status of the answer.
 * @param body - Its parsed body.
 * @param terminalStatus - The operation's terminal success status.
 */
export function isProcessing(
  status: number,
  body: unknown,
  terminalStatus: 200 | 201 | 204,
): boolean {
  if (status !== 200) {
    return false;
  }
  if (terminalStatus !== 200) {
    return true;
  }
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { status?: unknown }).status === 'PROCESSING' &&
    !('id' in body)
  );
}
