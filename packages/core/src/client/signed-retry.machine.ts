/**
 * The signed-retry exchange as a pure machine (service interface "Signed-retry exchange",
 * wire-format §11): leg 1 → 202 challenge → stamp `payloadToSign` → the identical request with
 * `Service-Wallet-Signature` and `Request-Id` → settled, or 200 PROCESSING resent byte for byte
 * with backoff until `expiresAt`. No I/O, no clock: time arrives in events.
 */
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { ScheduleEffect } from '../flows/flow.js';
import { checkPayloadIntent, type PayloadIntent } from './payload-intent.js';

/** A parsed 202 body, with `expiresAt` corrected to the local clock. */
export interface SignedRetryChallenge {
  type: string | undefined;
  payloadToSign: string;
  requestId: string;
  /** Local epoch ms after which the challenge is void. */
  expiresAt: number;
}

/** What the machine needs to know about the operation. */
export interface SignedRetryPlan {
  /** The status of a terminal success: 200, 201 or 204 (wire-format §11.4). */
  terminalStatus: 200 | 201 | 204;
  /** Leg 1 may be sent again after the challenge expires (no side effect on leg 1). */
  restartable: boolean;
  /** What the payload may authorise (§11.1); undefined = no check. */
  intent: PayloadIntent | undefined;
  /** Longest `Retry-After` waited automatically, in ms; longer waits fail as RATE_LIMITED. @defaultValue 60000 */
  maxAutoWaitMs?: number;
}

/** A 2xx answer, or a non-2xx turned into a `WalletAuthError` by the request layer. */
export type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown; serverDateMs: number | undefined }
  | { kind: 'error'; error: WalletAuthError };

export type SignedRetryState =
  | { status: 'idle' }
  | { status: 'requesting'; restarts: number }
  | { status: 'signing'; challenge: SignedRetryChallenge; restarts: number }
  | {
      status: 'submitting';
      challenge: SignedRetryChallenge;
      signature: string;
      attempt: number;
      restarts: number;
    }
  | {
      /** Waiting to resend the identical signed request: PROCESSING, or a dropped connection. */
      status: 'processing';
      reason: 'processing' | 'network';
      challenge: SignedRetryChallenge;
      signature: string;
      attempt: number;
      resendAt: number;
      restarts: number;
    }
  | {
      status: 'rateLimited';
      retryAt: number;
      resume:
        | { leg: 'leg1' }
        | { leg: 'signed'; challenge: SignedRetryChallenge; signature: string; attempt: number };
      restarts: number;
    }
  | { status: 'settled'; result: { status: number; body: unknown } }
  | { status: 'failed'; error: WalletAuthError }
  | { status: 'cancelled' };

export type SignedRetryEvent =
  | { type: 'START'; now: number }
  | { type: 'LEG1_RESPONSE'; outcome: HttpOutcome; now: number }
  | { type: 'SIGNED'; signature: string; now: number }
  | { type: 'SIGN_FAILED'; error: WalletAuthError }
  | { type: 'SIGNED_RESPONSE'; outcome: HttpOutcome; now: number }
  | { type: 'NETWORK_FAILED'; error: WalletAuthError; now: number }
  | { type: 'TIMER_FIRED'; now: number }
  | { type: 'CANCEL' };

export type SignedRetryEffect =
  | { type: 'sendLeg1' }
  | { type: 'sign'; payloadToSign: string }
  | { type: 'sendSigned'; requestId: string; signature: string }
  | ScheduleEffect<SignedRetryEvent>;

/** Resend delays after PROCESSING or a dropped connection: 1, 2, 4, 8, 8… s (§11.4). */
export function processingBackoffMs(attempt: number): number {
  return Math.min(8000, 1000 * 2 ** Math.min(attempt, 3));
}

const MAX_RESTARTS = 2;
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const CLOCK_SKEW_TOLERANCE_MS = 2000;

/** Reads a 202 body; `undefined` when it is not a challenge. */
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
    typeof requestId !== 'string' ||
    !/^Request:[0-9a-fA-F-]{36}$/.test(requestId) ||
    Number.isNaN(expires)
  ) {
    return undefined;
  }
  // Deadlines are corrected by the Date header's offset when the clocks disagree (wire-format §1).
  const skew = serverDateMs === undefined ? 0 : serverDateMs - now;
  return {
    type: typeof type === 'string' ? type : undefined,
    payloadToSign,
    requestId,
    expiresAt: Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS ? expires - skew : expires,
  };
}

/**
 * PROCESSING per wire-format §11.4: any 200 on a 201/204 endpoint; on a 200 endpoint, a body whose
 * `status` is `PROCESSING` and that has no `id` member.
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

function fail(code: WalletAuthError['code'], message: string, details?: Record<string, unknown>) {
  return {
    status: 'failed' as const,
    error: new WalletAuthError(code, message, details ? { details } : {}),
  };
}

type Result = readonly [SignedRetryState, readonly SignedRetryEffect[]];

function schedule(at: number): SignedRetryEffect {
  return { type: 'schedule', at, event: { type: 'TIMER_FIRED', now: at } };
}

function onRateLimited(
  error: WalletAuthError,
  now: number,
  plan: SignedRetryPlan,
  resume: Extract<SignedRetryState, { status: 'rateLimited' }>['resume'],
  restarts: number,
): Result {
  const seconds = error.details?.retryAfterSeconds;
  const waitMs = typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : 2000;
  if (waitMs > (plan.maxAutoWaitMs ?? 60_000)) {
    return [{ status: 'failed', error }, []];
  }
  const retryAt = now + waitMs;
  return [{ status: 'rateLimited', retryAt, resume, restarts }, [schedule(retryAt)]];
}

function restartOrExpire(plan: SignedRetryPlan, restarts: number, cause?: WalletAuthError): Result {
  if (plan.restartable && restarts < MAX_RESTARTS) {
    return [{ status: 'requesting', restarts: restarts + 1 }, [{ type: 'sendLeg1' }]];
  }
  const error = new WalletAuthError(
    'CHALLENGE_EXPIRED',
    'The confirmation request expired before it was completed. Start the action again.',
    cause === undefined ? {} : { cause },
  );
  return [{ status: 'failed', error }, []];
}

/** Builds the transition function for one operation. */
export function createSignedRetryMachine(plan: SignedRetryPlan) {
  const initial: SignedRetryState = { status: 'idle' };

  function transition(state: SignedRetryState, event: SignedRetryEvent): Result {
    if (event.type === 'CANCEL') {
      if (state.status === 'settled' || state.status === 'failed' || state.status === 'cancelled') {
        return [state, []];
      }
      return [{ status: 'cancelled' }, []];
    }
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return [{ status: 'requesting', restarts: 0 }, [{ type: 'sendLeg1' }]];
        }
        return [state, []];
      }
      case 'requesting': {
        if (event.type === 'NETWORK_FAILED') {
          return [{ status: 'failed', error: event.error }, []];
        }
        if (event.type !== 'LEG1_RESPONSE') {
          return [state, []];
        }
        const { outcome, now } = event;
        if (outcome.kind === 'error') {
          if (outcome.error.code === 'RATE_LIMITED') {
            return onRateLimited(outcome.error, now, plan, { leg: 'leg1' }, state.restarts);
          }
          return [{ status: 'failed', error: outcome.error }, []];
        }
        if (outcome.status !== 202) {
          // No signature needed (e.g. an account's first credential, a PATCH of plain fields).
          return [
            { status: 'settled', result: { status: outcome.status, body: outcome.body } },
            [],
          ];
        }
        const challenge = parseChallenge(outcome.body, now, outcome.serverDateMs);
        if (challenge === undefined) {
          return [
            fail('PROTOCOL_ERROR', 'The service answered 202 without a valid challenge.'),
            [],
          ];
        }
        const check = checkPayloadIntent(challenge.payloadToSign, plan.intent);
        if (!check.ok) {
          return [fail('PAYLOAD_INTENT_MISMATCH', check.reason), []];
        }
        return [
          { status: 'signing', challenge, restarts: state.restarts },
          [{ type: 'sign', payloadToSign: challenge.payloadToSign }],
        ];
      }
      case 'signing': {
        if (event.type === 'SIGN_FAILED') {
          return [{ status: 'failed', error: event.error }, []];
        }
        if (event.type !== 'SIGNED') {
          return [state, []];
        }
        if (event.now >= state.challenge.expiresAt) {
          return restartOrExpire(plan, state.restarts);
        }
        return [
          {
            status: 'submitting',
            challenge: state.challenge,
            signature: event.signature,
            attempt: 0,
            restarts: state.restarts,
          },
          [
            {
              type: 'sendSigned',
              requestId: state.challenge.requestId,
              signature: event.signature,
            },
          ],
        ];
      }
      case 'submitting': {
        const { challenge, signature, attempt, restarts } = state;
        if (event.type === 'NETWORK_FAILED') {
          // The signed leg may have committed: resend the same bytes, never a new stamp (§11.3).
          if (event.now >= challenge.expiresAt) {
            return [
              fail('PROCESSING_TIMEOUT', 'The service did not confirm the action in time.'),
              [],
            ];
          }
          const resendAt = Math.min(event.now + processingBackoffMs(attempt), challenge.expiresAt);
          return [
            {
              status: 'processing',
              reason: 'network',
              challenge,
              signature,
              attempt,
              resendAt,
              restarts,
            },
            [schedule(resendAt)],
          ];
        }
        if (event.type !== 'SIGNED_RESPONSE') {
          return [state, []];
        }
        const { outcome, now } = event;
        if (outcome.kind === 'error') {
          const { error } = outcome;
          // A gateway failure (502/503/504, e.g. the proxy's upstream timed out) says nothing about
          // whether the signed leg committed: resend the identical bytes, as after a dropped
          // connection; the single-use Request-Id keeps it from acting twice (§11.3).
          if (
            error.status !== undefined &&
            GATEWAY_STATUSES.has(error.status) &&
            now < challenge.expiresAt
          ) {
            const resendAt = Math.min(now + processingBackoffMs(attempt), challenge.expiresAt);
            return [
              {
                status: 'processing',
                reason: 'network',
                challenge,
                signature,
                attempt,
                resendAt,
                restarts,
              },
              [schedule(resendAt)],
            ];
          }
          if (error.code === 'RATE_LIMITED') {
            return onRateLimited(
              error,
              now,
              plan,
              { leg: 'signed', challenge, signature, attempt },
              restarts,
            );
          }
          const reason = error.reason ?? '';
          if (error.code === 'UNAUTHORIZED' && /expired/i.test(reason)) {
            return restartOrExpire(plan, restarts, error);
          }
          if (error.code === 'UNAUTHORIZED' && /already used/i.test(reason) && attempt > 0) {
            // An earlier send of these bytes was accepted but its answer was lost.
            return [
              {
                status: 'failed',
                error: new WalletAuthError(
                  'REQUEST_ID_CONSUMED',
                  'The action was accepted earlier but its answer was lost; refresh to see the result.',
                  { cause: error },
                ),
              },
              [],
            ];
          }
          return [{ status: 'failed', error }, []];
        }
        if (isProcessing(outcome.status, outcome.body, plan.terminalStatus)) {
          if (now >= challenge.expiresAt) {
            return [
              fail(
                'PROCESSING_TIMEOUT',
                'The service is still processing the action; check again shortly.',
              ),
              [],
            ];
          }
          const resendAt = Math.min(now + processingBackoffMs(attempt), challenge.expiresAt);
          return [
            {
              status: 'processing',
              reason: 'processing',
              challenge,
              signature,
              attempt,
              resendAt,
              restarts,
            },
            [schedule(resendAt)],
          ];
        }
        if (
          outcome.status === plan.terminalStatus ||
          (outcome.status >= 200 && outcome.status < 300)
        ) {
          return [
            { status: 'settled', result: { status: outcome.status, body: outcome.body } },
            [],
          ];
        }
        return [
          fail('PROTOCOL_ERROR', `Unexpected status ${outcome.status} on the signed request.`),
          [],
        ];
      }
      case 'processing': {
        if (event.type !== 'TIMER_FIRED') {
          return [state, []];
        }
        return [
          {
            status: 'submitting',
            challenge: state.challenge,
            signature: state.signature,
            attempt: state.attempt + 1,
            restarts: state.restarts,
          },
          [
            {
              type: 'sendSigned',
              requestId: state.challenge.requestId,
              signature: state.signature,
            },
          ],
        ];
      }
      case 'rateLimited': {
        if (event.type !== 'TIMER_FIRED') {
          return [state, []];
        }
        const { resume } = state;
        if (resume.leg === 'leg1') {
          return [{ status: 'requesting', restarts: state.restarts }, [{ type: 'sendLeg1' }]];
        }
        return [
          {
            status: 'submitting',
            challenge: resume.challenge,
            signature: resume.signature,
            attempt: resume.attempt + 1,
            restarts: state.restarts,
          },
          [
            {
              type: 'sendSigned',
              requestId: resume.challenge.requestId,
              signature: resume.signature,
            },
          ],
        ];
      }
      case 'settled':
      case 'failed':
      case 'cancelled': {
        return [state, []];
      }
      default: {
        return state satisfies never;
      }
    }
  }

  return { initial, transition };
}
