/**
 * Signed retries as the devtools show them: the exchanges of one `requestId` read as one
 * protocol exchange (docs/reliability.md, "signed retry"): the 202 that issued the challenge,
 * the stamped resend(s) with `Request-Id`, PROCESSING answers, and how it ended. Pure.
 */
import type { DevtoolsExchange } from './devtools-store.js';

/** Where one signed retry stands. */
export type SignedRetryStage =
  /** The 202 arrived; the stamp has not been sent (e.g. the person has not approved yet). */
  | 'awaitingSignature'
  /** The stamped request was answered PROCESSING; the kit resends it. */
  | 'processing'
  /** The stamped request succeeded. */
  | 'settled'
  /** The stamped request was refused or never answered. */
  | 'failed';

/** One signed retry, oldest leg first. */
export interface SignedRetryTimeline {
  readonly requestId: string;
  readonly method: DevtoolsExchange['method'];
  readonly path: string;
  readonly stage: SignedRetryStage;
  /** Stamped sends so far (the first retry plus PROCESSING resends). */
  readonly signedSends: number;
  readonly legs: readonly DevtoolsExchange[];
}

function stageOf(signedLegs: readonly DevtoolsExchange[]): SignedRetryStage {
  const last = signedLegs[signedLegs.length - 1];
  if (last === undefined) {
    return 'awaitingSignature';
  }
  if (last.status === undefined || last.status >= 400) {
    return 'failed';
  }
  return last.processing ? 'processing' : 'settled';
}

/**
 * Groups exchanges (newest first, as the store keeps them) into signed retries, newest first.
 * A retry starts with a 202 carrying a `requestId`; its stamped legs carry that `Request-Id`.
 */
export function groupSignedRetries(
  exchanges: readonly DevtoolsExchange[],
): readonly SignedRetryTimeline[] {
  const oldestFirst = [...exchanges].reverse();
  const timelines: SignedRetryTimeline[] = [];
  for (const challenge of oldestFirst) {
    const requestId = challenge.challengeRequestId;
    if (challenge.status !== 202 || requestId === undefined) {
      continue;
    }
    const signedLegs = oldestFirst.filter(
      (leg) => leg.signed && leg.requestId === requestId && leg.id > challenge.id,
    );
    timelines.push({
      requestId,
      method: challenge.method,
      path: challenge.path,
      stage: stageOf(signedLegs),
      signedSends: signedLegs.length,
      legs: [challenge, ...signedLegs],
    });
  }
  return timelines.reverse();
}
