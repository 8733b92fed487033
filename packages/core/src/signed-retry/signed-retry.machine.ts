/**
 * The signed-retry exchange as a pure machine (docs/service-api.md "Signed-retry exchange",
 * docs/protocol.md §11): leg 1 → 202 challenge → stamp `payloadToSign` → the identical request with
 * `Service-Wallet-Signature` and `Request-Id` → settled, or 200 PROCESSING resent byte for byte
 * with backoff until `expiresAt`; a consumed id after a lost answer is reconciled from the lists
 * (§11.3). No I/O, no clock, no randomness: time and random draws arrive in events.
 */

import { hasServiceReason } from '../errors/service-reasons.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { Machine } from '../internal/flow.js';
import { checkPayloadIntent } from './payload-intent.js';
import {
  MAX_AUTO_WAIT_MS,
  MAX_RATE_LIMIT_RETRIES,
  MAX_SIGNED_SENDS,
  processingBackoffMs,
  rateLimitBackoffMs,
} from './signed-retry.backoff.js';
import { isProcessing, parseChallenge } from './signed-retry.challenge.js';
import type {
  SignedLeg,
  SignedRetryCounters,
  SignedRetryEffect,
  SignedRetryEvent,
  SignedRetryPlan,
  SignedRetryState,
  UnsignedResends,
} from './signed-retry.types.js';

export {
  MAX_RATE_LIMIT_RETRIES,
  MAX_SIGNED_SENDS,
  processingBackoffMs,
  rateLimitBackoffMs,
} from './signed-retry.backoff.js';
export {
  isProcessing,
  MAX_PAYLOAD_TO_SIGN_BYTES,
  parseChallenge,
} from './signed-retry.challenge.js';

export type {
  HttpOutcome,
  ReconcileOutcome,
  SignedRetryEffect,
  SignedRetryEvent,
  SignedRetryPlan,
  SignedRetryState,
} from './signed-retry.types.js';

const MAX_RESTARTS = 2;
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

type Result = readonly [SignedRetryState, readonly SignedRetryEffect[]];

function fail(code: WalletAuthError['code'], message: string, details?: Record<string, unknown>) {
  return {
    status: 'failed' as const,
    error: new WalletAuthError(code, message, details ? { details } : {}),
  };
}

function schedule(at: number): SignedRetryEffect {
  return { type: 'schedule', at, event: { type: 'TIMER_FIRED', now: at } };
}

function legOf(state: SignedLeg): SignedLeg {
  const { challenge, signature, attempt, firstSentAt, maybeCommitted } = state;
  return { challenge, signature, attempt, firstSentAt, maybeCommitted };
}

function countersOf(state: SignedRetryCounters): SignedRetryCounters {
  return { restarts: state.restarts, rateLimits: state.rateLimits };
}

/** The signed leg may have been accepted and did not settle in time (catalogue SR-10). */
function processingTimeout(leg: SignedLeg, cause?: WalletAuthError): Result {
  const error = new WalletAuthError(
    'PROCESSING_TIMEOUT',
    'The service accepted the action but did not confirm it in time; check again shortly.',
    { details: { requestId: leg.challenge.requestId }, ...(cause === undefined ? {} : { cause }) },
  );
  return [{ status: 'failed', error }, []];
}

function send(leg: SignedLeg, counters: SignedRetryCounters): Result {
  return [
    { status: 'submitting', ...leg, ...counters },
    [{ type: 'sendSigned', requestId: leg.challenge.requestId, signature: leg.signature }],
  ];
}

/**
 * An unsigned call answered PROCESSING: resend leg 1 unchanged after the §11.4 backoff, unless
 * that passes the deadline.
 */
function resendLeg1Later(
  resends: UnsignedResends,
  counters: SignedRetryCounters,
  now: number,
): Result {
  const resendAt = now + processingBackoffMs(resends.attempt);
  if (resendAt > resends.deadline) {
    return [fail('PROCESSING_TIMEOUT', 'The service is still processing; try again shortly.'), []];
  }
  return [
    { status: 'processing', reason: 'processing', resendAt, leg: 'leg1', resends, ...counters },
    [schedule(resendAt)],
  ];
}

/** An unsigned call's answer: final, unless PROCESSING (resent); a 429 is not waited out. */
function onUnsignedResponse(
  plan: SignedRetryPlan,
  state: Extract<SignedRetryState, { status: 'requesting' }>,
  event: Extract<SignedRetryEvent, { type: 'LEG1_RESPONSE' }>,
  resends: UnsignedResends,
): Result {
  const { outcome } = event;
  if (outcome.kind === 'error') {
    return [{ status: 'failed', error: outcome.error }, []];
  }
  if (isProcessing(outcome.status, outcome.body, plan.terminalStatus)) {
    return resendLeg1Later(resends, countersOf(state), event.now);
  }
  return [{ status: 'settled', result: { status: outcome.status, body: outcome.body } }, []];
}

/** PROCESSING, a dropped connection or a gateway error: resend the same bytes later (§11.4). */
function resendLater(
  leg: SignedLeg,
  counters: SignedRetryCounters,
  now: number,
  reason: 'processing' | 'network',
  cause?: WalletAuthError,
): Result {
  const next = { ...leg, maybeCommitted: true };
  if (now >= leg.challenge.expiresAt || leg.attempt + 1 >= MAX_SIGNED_SENDS) {
    return processingTimeout(next, cause);
  }
  const resendAt = Math.min(now + processingBackoffMs(leg.attempt), leg.challenge.expiresAt);
  return [{ status: 'processing', reason, resendAt, ...next, ...counters }, [schedule(resendAt)]];
}

function onRateLimited(
  error: WalletAuthError,
  now: number,
  random: number,
  plan: SignedRetryPlan,
  resume: Extract<SignedRetryState, { status: 'rateLimited' }>['resume'],
  counters: SignedRetryCounters,
): Result {
  if (counters.rateLimits >= MAX_RATE_LIMIT_RETRIES) {
    return [{ status: 'failed', error }, []];
  }
  const seconds = error.details?.retryAfterSeconds;
  const waitMs =
    typeof seconds === 'number' && seconds >= 0
      ? seconds * 1000
      : rateLimitBackoffMs(counters.rateLimits, random);
  if (waitMs > (plan.maxAutoWaitMs ?? MAX_AUTO_WAIT_MS)) {
    return [{ status: 'failed', error }, []];
  }
  const retryAt = now + waitMs;
  return [
    {
      status: 'rateLimited',
      retryAt,
      resume,
      restarts: counters.restarts,
      rateLimits: counters.rateLimits + 1,
    },
    [schedule(retryAt)],
  ];
}

/** Nothing was accepted and the challenge lapsed: a new leg 1 where safe, else CHALLENGE_EXPIRED. */
function restartOrExpire(
  plan: SignedRetryPlan,
  counters: SignedRetryCounters,
  cause?: WalletAuthError,
): Result {
  if (plan.restartable && counters.restarts < MAX_RESTARTS) {
    return [
      { status: 'requesting', restarts: counters.restarts + 1, rateLimits: counters.rateLimits },
      [{ type: 'sendLeg1' }],
    ];
  }
  const error = new WalletAuthError(
    'CHALLENGE_EXPIRED',
    'The confirmation request expired before it was completed. Start the action again.',
    cause === undefined ? {} : { cause },
  );
  return [{ status: 'failed', error }, []];
}

function onLeg1Response(
  plan: SignedRetryPlan,
  state: Extract<SignedRetryState, { status: 'requesting' }>,
  event: Extract<SignedRetryEvent, { type: 'LEG1_RESPONSE' }>,
): Result {
  if (state.resends !== undefined) {
    return onUnsignedResponse(plan, state, event, state.resends);
  }
  const { outcome, now } = event;
  const counters = countersOf(state);
  if (outcome.kind === 'error') {
    if (outcome.error.code === 'RATE_LIMITED') {
      return onRateLimited(outcome.error, now, event.random, plan, { leg: 'leg1' }, counters);
    }
    return [{ status: 'failed', error: outcome.error }, []];
  }
  if (outcome.status !== 202) {
    // No signature needed (e.g. an account's first credential, a PATCH of plain fields).
    return [{ status: 'settled', result: { status: outcome.status, body: outcome.body } }, []];
  }
  const challenge = parseChallenge(outcome.body, now, outcome.serverDateMs);
  if (challenge === undefined) {
    return [fail('PROTOCOL_ERROR', 'The service answered 202 without a valid challenge.'), []];
  }
  const check = checkPayloadIntent(challenge.payloadToSign, plan.intent);
  if (!check.ok) {
    return [fail('PAYLOAD_INTENT_MISMATCH', check.reason), []];
  }
  return [
    { status: 'signing', challenge, ...counters },
    [{ type: 'sign', payloadToSign: challenge.payloadToSign }],
  ];
}

function onSignedError(
  plan: SignedRetryPlan,
  leg: SignedLeg,
  counters: SignedRetryCounters,
  error: WalletAuthError,
  now: number,
  random: number,
): Result {
  // A gateway failure (502/503/504, e.g. the proxy's upstream timed out) says nothing about
  // whether the signed leg committed: resend the identical bytes, as after a dropped connection;
  // the single-use Request-Id keeps it from acting twice (§11.3).
  if (error.status !== undefined && GATEWAY_STATUSES.has(error.status)) {
    return resendLater(leg, counters, now, 'network', error);
  }
  if (error.code === 'RATE_LIMITED') {
    return onRateLimited(error, now, random, plan, { leg: 'signed', ...leg }, counters);
  }
  if (hasServiceReason(error, 'challengeExpired')) {
    // Once a send may have been accepted, a new leg 1 could act twice (catalogue SR-10).
    return leg.maybeCommitted
      ? processingTimeout(leg, error)
      : restartOrExpire(plan, counters, error);
  }
  if (hasServiceReason(error, 'requestIdUsed')) {
    // The id is bound to our body and only our key signs it, so a send carrying our signature
    // (ours whose answer was lost, or a duplicate of it: SR-12, SR-16) committed. Read the lists.
    if (plan.reconcilable === true) {
      return [
        { status: 'reconciling', requestId: leg.challenge.requestId, cause: error },
        [
          {
            type: 'reconcile',
            requestId: leg.challenge.requestId,
            sentAtServerMs: leg.firstSentAt + leg.challenge.serverOffsetMs,
          },
        ],
      ];
    }
    const consumed = new WalletAuthError(
      'REQUEST_ID_CONSUMED',
      'The action was accepted earlier but its answer was lost; refresh to see the result.',
      { cause: error, details: { requestId: leg.challenge.requestId } },
    );
    return [{ status: 'failed', error: consumed }, []];
  }
  return [{ status: 'failed', error }, []];
}

function onSignedResponse(
  plan: SignedRetryPlan,
  state: Extract<SignedRetryState, { status: 'submitting' }>,
  event: Extract<SignedRetryEvent, { type: 'SIGNED_RESPONSE' }>,
): Result {
  const { outcome, now } = event;
  const leg = legOf(state);
  const counters = countersOf(state);
  if (outcome.kind === 'error') {
    return onSignedError(plan, leg, counters, outcome.error, now, event.random);
  }
  if (isProcessing(outcome.status, outcome.body, plan.terminalStatus)) {
    return resendLater(leg, counters, now, 'processing');
  }
  if (outcome.status >= 200 && outcome.status < 300) {
    return [{ status: 'settled', result: { status: outcome.status, body: outcome.body } }, []];
  }
  return [fail('PROTOCOL_ERROR', `Unexpected status ${outcome.status} on the signed request.`), []];
}

/**
 * Builds the transition function for one operation.
 * @param plan - Terminal status, restart rule, payload intent, wait limit and reconcile step.
 */
export function createSignedRetryMachine(
  plan: SignedRetryPlan,
): Machine<SignedRetryState, SignedRetryEvent, SignedRetryEffect> {
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
          const resends =
            plan.unsigned === undefined
              ? {}
              : {
                  resends: { attempt: 0, deadline: event.now + plan.unsigned.processingDeadlineMs },
                };
          return [
            { status: 'requesting', restarts: 0, rateLimits: 0, ...resends },
            [{ type: 'sendLeg1' }],
          ];
        }
        return [state, []];
      }
      case 'requesting': {
        if (event.type === 'NETWORK_FAILED') {
          return [{ status: 'failed', error: event.error }, []];
        }
        return event.type === 'LEG1_RESPONSE' ? onLeg1Response(plan, state, event) : [state, []];
      }
      case 'signing': {
        if (event.type === 'SIGN_FAILED') {
          return [{ status: 'failed', error: event.error }, []];
        }
        if (event.type !== 'SIGNED') {
          return [state, []];
        }
        if (event.now >= state.challenge.expiresAt) {
          return restartOrExpire(plan, countersOf(state));
        }
        const leg: SignedLeg = {
          challenge: state.challenge,
          signature: event.signature,
          attempt: 0,
          firstSentAt: event.now,
          maybeCommitted: false,
        };
        return send(leg, countersOf(state));
      }
      case 'submitting': {
        if (event.type === 'NETWORK_FAILED') {
          // The signed leg may have committed: resend the same bytes, never a new stamp (§11.3).
          return resendLater(legOf(state), countersOf(state), event.now, 'network', event.error);
        }
        return event.type === 'SIGNED_RESPONSE'
          ? onSignedResponse(plan, state, event)
          : [state, []];
      }
      case 'processing': {
        if (event.type !== 'TIMER_FIRED') {
          return [state, []];
        }
        if (state.leg === 'leg1') {
          const resends = { ...state.resends, attempt: state.resends.attempt + 1 };
          return [{ status: 'requesting', ...countersOf(state), resends }, [{ type: 'sendLeg1' }]];
        }
        const leg = legOf(state);
        return send({ ...leg, attempt: leg.attempt + 1 }, countersOf(state));
      }
      case 'rateLimited': {
        if (event.type !== 'TIMER_FIRED') {
          return [state, []];
        }
        const { resume } = state;
        if (resume.leg === 'leg1') {
          return [{ status: 'requesting', ...countersOf(state) }, [{ type: 'sendLeg1' }]];
        }
        const leg = legOf(resume);
        return send({ ...leg, attempt: leg.attempt + 1 }, countersOf(state));
      }
      case 'reconciling': {
        if (event.type !== 'RECONCILED') {
          return [state, []];
        }
        const { outcome } = event;
        if (outcome.kind === 'committed') {
          return [
            {
              status: 'settled',
              result: { status: outcome.status, body: outcome.body, reconciled: true },
            },
            [],
          ];
        }
        return [{ status: 'failed', error: outcome.error }, []];
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
