/**
 * Runs the signed-retry machine: leg 1, the stamp, the signed leg and its byte-identical resends.
 * One engine for every signed endpoint, including ones an integrator adds (docs/protocol.md §11).
 */

import { REQUEST_ID_HEADER, SIGNATURE_HEADER } from '../client/headers.js';
import {
  type ServiceRequest,
  sendServiceRequest,
  type TransportOptions,
} from '../client/request.js';
import { toWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import { type Clock, systemClock } from '../internal/clock.js';
import { createFlow, type Flow } from '../internal/flow.js';
import {
  createSignedRetryMachine,
  type ReconcileOutcome,
  type SignedRetryEvent,
  type SignedRetryPlan,
  type SignedRetryState,
} from './signed-retry.machine.js';
import type { StampSubject } from './stamp-subject.js';

/** Header names of the signed retry (docs/service-api.md "Signed-retry headers"). */

/**
 * Makes the `Service-Wallet-Signature` value for a payload (a stamp, docs/protocol.md §2). `subject`
 * says what the payload authorises, from records it was checked to belong to, for a stamper that
 * asks the person first; a stamper may ignore it.
 */
export type PayloadStamper = (payloadToSign: string, subject?: StampSubject) => Promise<string>;

/** What a reconcile step is told about the lost exchange. */
export interface ReconcileContext {
  /** The consumed `Request-Id`. */
  requestId: string;
  /**
   * The first signed send on the service's clock (local time corrected by the 202's `Date`
   * offset): anything the send committed was created at or after it, give or take the `Date`
   * header's one-second resolution.
   */
  sentAtServerMs: number;
  signal: AbortSignal;
}

/**
 * Reads the lists after a consumed `Request-Id` (docs/protocol.md §11.3) and says what was committed;
 * never sends leg 1 again. A rejection counts as "unknown".
 */
export type ReconcileStep = (context: ReconcileContext) => Promise<ReconcileOutcome>;

export interface SignedRetryOptions extends Omit<SignedRetryPlan, 'reconcilable'> {
  transport: TransportOptions;
  /** The request, identical on every leg (its `body` is the exact text sent each time). */
  request: Omit<ServiceRequest, 'signal'>;
  /**
   * Stamps `payloadToSign` with the right session key; rejects with a `WalletAuthError`. Absent
   * for an unsigned call (`unsigned` in the plan), which never signs.
   */
  stamp?: PayloadStamper;
  clock?: Clock;
  /** Draws in [0, 1) for the jitter of 429 backoffs (§11.5). @defaultValue Math.random */
  random?: () => number;
  /**
   * The operation's reconcile step, run when the `Request-Id` turns out consumed after a send of
   * ours (catalogue SR-12); without one that case fails `REQUEST_ID_CONSUMED`.
   */
  reconcile?: ReconcileStep;
  /** Aborts the exchange; the result rejects with `ABORTED`. */
  signal?: AbortSignal;
}

/** The settled answer of a signed operation. */
export interface SignedRetryResult {
  status: number;
  body: unknown;
  /** The answer was lost and `body` was read back from the lists (§11.3). */
  reconciled?: true;
}

/**
 * Starts the exchange and returns the observable flow (for progress UI: `processing`,
 * `rateLimited` with `retryAt`) and a promise of the settled result.
 *
 * @throws via `result` — `WalletAuthError` with the server's code, or `CHALLENGE_EXPIRED`,
 * `PROCESSING_TIMEOUT`, `PAYLOAD_INTENT_MISMATCH`, `RATE_LIMITED`, `NETWORK_ERROR`, `ABORTED`.
 */
export function startSignedRetry(options: SignedRetryOptions): {
  flow: Flow<SignedRetryState, SignedRetryEvent>;
  result: Promise<SignedRetryResult>;
} {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const { reconcile } = options;
  const machine = createSignedRetryMachine({
    ...options,
    reconcilable: reconcile !== undefined,
  });
  const flow = createFlow(
    machine,
    (effect, context) => {
      switch (effect.type) {
        case 'sendLeg1':
        case 'sendSigned': {
          const signed = effect.type === 'sendSigned';
          const request: ServiceRequest = {
            ...options.request,
            signal: context.signal,
            ...(signed
              ? {
                  headers: {
                    // The request's own headers (quote execute's Idempotency-Key) go on every leg.
                    ...options.request.headers,
                    [SIGNATURE_HEADER]: effect.signature,
                    [REQUEST_ID_HEADER]: effect.requestId,
                  },
                }
              : {}),
          };
          return sendServiceRequest(options.transport, request).then(
            (outcome) =>
              context.send(
                signed
                  ? { type: 'SIGNED_RESPONSE', outcome, now: clock.now(), random: random() }
                  : { type: 'LEG1_RESPONSE', outcome, now: clock.now(), random: random() },
              ),
            (error: unknown) =>
              context.send({
                type: 'NETWORK_FAILED',
                error: toWalletAuthError(error, 'Signing failed.'),
                now: clock.now(),
              }),
          );
        }
        case 'sign': {
          if (options.stamp === undefined) {
            context.send({
              type: 'SIGN_FAILED',
              error: new WalletAuthError('PROTOCOL_ERROR', 'An unsigned call was asked to sign.'),
            });
            return;
          }
          return options.stamp(effect.payloadToSign).then(
            (signature) => context.send({ type: 'SIGNED', signature, now: clock.now() }),
            (error: unknown) =>
              context.send({
                type: 'SIGN_FAILED',
                error: toWalletAuthError(error, 'Signing failed.'),
              }),
          );
        }
        case 'reconcile': {
          if (reconcile === undefined) {
            return;
          }
          const { requestId, sentAtServerMs } = effect;
          return reconcile({ requestId, sentAtServerMs, signal: context.signal }).then(
            (outcome) => context.send({ type: 'RECONCILED', outcome }),
            (error: unknown) =>
              context.send({
                type: 'RECONCILED',
                outcome: {
                  kind: 'unknown',
                  error: new WalletAuthError(
                    'REQUEST_ID_CONSUMED',
                    'The action was accepted but its answer was lost, and its result could not be read back. Refresh to see the result.',
                    { cause: error, details: { requestId } },
                  ),
                },
              }),
          );
        }
        case 'schedule': {
          // Handled by the interpreter itself.
          return;
        }
        default: {
          return effect satisfies never;
        }
      }
    },
    { clock },
  );

  const result = new Promise<SignedRetryResult>((resolve, reject) => {
    const check = () => {
      const state = flow.getSnapshot();
      if (state.status === 'settled') {
        unsubscribe();
        resolve(state.result);
      } else if (state.status === 'failed') {
        unsubscribe();
        reject(state.error);
      } else if (state.status === 'cancelled') {
        unsubscribe();
        reject(new WalletAuthError('ABORTED', 'The action was cancelled.'));
      }
    };
    const unsubscribe = flow.subscribe(check);
    const onAbort = () => flow.send({ type: 'CANCEL' });
    if (options.signal?.aborted) {
      onAbort();
    } else {
      options.signal?.addEventListener('abort', onAbort, { once: true });
    }
    check();
  });
  flow.send({ type: 'START', now: clock.now() });
  return { flow, result };
}

/** Runs a signed operation to its settled result. @see startSignedRetry */
export function runSignedRetry(options: SignedRetryOptions): Promise<SignedRetryResult> {
  return startSignedRetry(options).result;
}
