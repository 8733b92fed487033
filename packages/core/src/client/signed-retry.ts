/**
 * Runs the signed-retry machine: leg 1, the stamp, the signed leg and its byte-identical resends.
 * One engine for every signed endpoint, including ones an integrator adds (wire-format §11).
 */
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import { createFlow, type Flow } from '../flows/flow.js';
import { type Clock, systemClock } from '../internal/clock.js';
import { type ServiceRequest, sendServiceRequest, type TransportOptions } from './request.js';
import {
  createSignedRetryMachine,
  type SignedRetryEvent,
  type SignedRetryPlan,
  type SignedRetryState,
} from './signed-retry.machine.js';

/** Header names of the signed retry (service interface "Signed-retry headers"). */
export const SIGNATURE_HEADER = 'Service-Wallet-Signature';
export const REQUEST_ID_HEADER = 'Request-Id';

/** Makes the `Service-Wallet-Signature` value for a payload (a stamp, wire-format §2). */
export type PayloadStamper = (payloadToSign: string) => Promise<string>;

export interface SignedRetryOptions extends SignedRetryPlan {
  transport: TransportOptions;
  /** The request, identical on every leg (its `body` is the exact text sent each time). */
  request: Omit<ServiceRequest, 'signal'>;
  /** Stamps `payloadToSign` with the right session key; rejects with a `WalletAuthError`. */
  stamp: PayloadStamper;
  clock?: Clock;
  /** Aborts the exchange; the result rejects with `ABORTED`. */
  signal?: AbortSignal;
}

/** The settled answer of a signed operation. */
export interface SignedRetryResult {
  status: number;
  body: unknown;
}

function asError(error: unknown): WalletAuthError {
  return isWalletAuthError(error)
    ? error
    : new WalletAuthError('UNKNOWN', 'Signing failed.', { cause: error });
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
  const machine = createSignedRetryMachine(options);
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
                  ? { type: 'SIGNED_RESPONSE', outcome, now: clock.now() }
                  : { type: 'LEG1_RESPONSE', outcome, now: clock.now() },
              ),
            (error: unknown) =>
              context.send({ type: 'NETWORK_FAILED', error: asError(error), now: clock.now() }),
          );
        }
        case 'sign': {
          return options.stamp(effect.payloadToSign).then(
            (signature) => context.send({ type: 'SIGNED', signature, now: clock.now() }),
            (error: unknown) => context.send({ type: 'SIGN_FAILED', error: asError(error) }),
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
