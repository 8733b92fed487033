/**
 * Types of the signed-retry machine (docs/protocol.md §11): its plan, states, events and effects.
 */
import type { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { ScheduleEffect } from '../internal/flow.js';
import type { PayloadIntent } from './payload-intent.js';
import type { SignedRetryChallenge } from './signed-retry.challenge.js';

/** What the machine needs to know about the operation. */
export interface SignedRetryPlan {
  /** The status of a terminal success: 200, 201 or 204 (docs/protocol.md §11.4). */
  terminalStatus: 200 | 201 | 204;
  /** Leg 1 may be sent again after the challenge expires, as long as no signed send could have been accepted. */
  restartable: boolean;
  /** What the payload may authorise (§11.1); undefined = no check. */
  intent: PayloadIntent | undefined;
  /** Longest `Retry-After` waited automatically, in ms; longer waits fail as RATE_LIMITED. @defaultValue 60000 */
  maxAutoWaitMs?: number;
  /**
   * The operation has a reconcile step: when its `Request-Id` turns out consumed, the interpreter
   * reads the lists for the committed result (§11.3) instead of failing `REQUEST_ID_CONSUMED`.
   * @defaultValue false
   */
  reconcilable?: boolean;
  /**
   * An unsigned call (a challenge, an OAUTH or PASSKEY verify, a quote): leg 1's answer is final
   * unless it is PROCESSING, which is resent unchanged with the §11.4 backoff until
   * `processingDeadlineMs` after the start (then `PROCESSING_TIMEOUT`); a 429 fails at once.
   */
  unsigned?: { processingDeadlineMs: number };
}

/** PROCESSING resends of an unsigned call. */
export interface UnsignedResends {
  /** Resends so far (0 before the first). */
  attempt: number;
  /** No resend is scheduled past this time (epoch ms). */
  deadline: number;
}

/** A 2xx answer, or a non-2xx turned into a `WalletAuthError` by the request layer. */
export type HttpOutcome =
  | { kind: 'response'; status: number; body: unknown; serverDateMs: number | undefined }
  | { kind: 'error'; error: WalletAuthError };

/**
 * What a reconcile step found in the lists (docs/protocol.md §11.3): the committed result, or that it
 * cannot tell, with the error to surface (it must never start a new leg 1 by itself).
 */
export type ReconcileOutcome =
  | { kind: 'committed'; status: number; body: unknown }
  | { kind: 'unknown'; error: WalletAuthError };

/** SignedRetryCounters every live state carries. */
export interface SignedRetryCounters {
  /** New leg 1s sent after an expired challenge. */
  restarts: number;
  /** 429 answers waited out so far (catalogue SR-13, SR-14). */
  rateLimits: number;
}

/** The signed leg as first sent; every resend repeats it byte for byte (§11.4). */
export interface SignedLeg {
  challenge: SignedRetryChallenge;
  signature: string;
  /** Sends of this leg so far, minus one. */
  attempt: number;
  /** Local epoch ms of the first send. */
  firstSentAt: number;
  /**
   * A send may have been accepted: an answer was PROCESSING, lost to a dropped connection, or a
   * 502/503/504. From then on an expiry is `PROCESSING_TIMEOUT`, never a new leg 1 (SR-10).
   */
  maybeCommitted: boolean;
}

/** Where one exchange stands; `processing` and `rateLimited` drive progress UI. */
export type SignedRetryState =
  | { status: 'idle' }
  | ({
      status: 'requesting';
      /** An unsigned call's PROCESSING resends so far and their deadline. */
      resends?: UnsignedResends;
    } & SignedRetryCounters)
  | ({ status: 'signing'; challenge: SignedRetryChallenge } & SignedRetryCounters)
  | ({ status: 'submitting' } & SignedLeg & SignedRetryCounters)
  | ({
      /** Waiting to resend the identical signed request: PROCESSING, or a dropped connection. */
      status: 'processing';
      reason: 'processing' | 'network';
      resendAt: number;
      leg?: never;
    } & SignedLeg &
      SignedRetryCounters)
  | ({
      /** An unsigned call answered PROCESSING: leg 1 is resent unchanged at `resendAt`. */
      status: 'processing';
      reason: 'processing';
      resendAt: number;
      leg: 'leg1';
      resends: UnsignedResends;
    } & SignedRetryCounters)
  | ({
      status: 'rateLimited';
      retryAt: number;
      resume: { leg: 'leg1' } | ({ leg: 'signed' } & SignedLeg);
    } & SignedRetryCounters)
  | {
      /** The `Request-Id` is consumed: reading the lists for what was committed (§11.3). */
      status: 'reconciling';
      requestId: string;
      cause: WalletAuthError;
    }
  | { status: 'settled'; result: { status: number; body: unknown; reconciled?: true } }
  | { status: 'failed'; error: WalletAuthError }
  | { status: 'cancelled' };

/** Outcomes fed back into the machine; time and random draws arrive here. */
export type SignedRetryEvent =
  | { type: 'START'; now: number }
  /** `random` is a draw in [0, 1) for the jitter of a 429 backoff. */
  | { type: 'LEG1_RESPONSE'; outcome: HttpOutcome; now: number; random: number }
  | { type: 'SIGNED'; signature: string; now: number }
  | { type: 'SIGN_FAILED'; error: WalletAuthError }
  | { type: 'SIGNED_RESPONSE'; outcome: HttpOutcome; now: number; random: number }
  | { type: 'NETWORK_FAILED'; error: WalletAuthError; now: number }
  | { type: 'TIMER_FIRED'; now: number }
  | { type: 'RECONCILED'; outcome: ReconcileOutcome }
  | { type: 'CANCEL' };

/** Work the interpreter does for the machine (`signed-retry.ts`). */
export type SignedRetryEffect =
  | { type: 'sendLeg1' }
  | { type: 'sign'; payloadToSign: string }
  | { type: 'sendSigned'; requestId: string; signature: string }
  /** Read the lists; `sentAtServerMs` = the first signed send on the service's clock. */
  | { type: 'reconcile'; requestId: string; sentAtServerMs: number }
  | ScheduleEffect<SignedRetryEvent>;
