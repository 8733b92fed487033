/**
 * What a signed endpoint gives the signed-retry exchange (`signed-retry.ts`): the challenge of
 * leg 1 and the checks and effect of leg 2. Declared apart so the exchange's parts
 * (`signature-only.ts`) name them without importing the exchange itself.
 */
import type { RouteTemplate } from '../route-templates.js';
import type { RequestRecord, TerminalResponse } from './request-store.js';
import type { Signer } from './signer.js';

/** What leg 1 binds and returns. */
export interface ChallengeSpec {
  /** The account whose pending-challenge cap (32) this counts against. */
  accountId: string;
  /** The 202 `type`, where §11.1 gives one. */
  type?: string;
  payloadToSign: string;
  /** Route-specific binding read back at leg 2 (e.g. the TEK). */
  context?: unknown;
  /** Defaults to now + `challengeLifetimeSeconds`. */
  expiresAt?: number;
}

/** One signed endpoint's part in the exchange. */
export interface SignedRetrySpec {
  template: RouteTemplate;
  bodyBytes: Uint8Array;
  /** Step 2a, run before the headers are read and again at step 10. */
  precheck?: () => void;
  /**
   * Checks made at acceptance only, after step 10 (quote execute: insufficient balance → 400
   * `AMOUNT_OUT_OF_RANGE`, §11.6). A failure leaves the `Request-Id` pending.
   */
  beforeAccept?: () => void;
  /** Leg 1: may run its own checks (OTP verify) before returning the challenge. */
  challenge: () => ChallengeSpec | Promise<ChallengeSpec>;
  /** Step 9: `undefined` when `signer` may sign this request, else the failure reason. */
  authorize: (signer: Signer, record: RequestRecord) => string | undefined;
  /** The effect, committed at acceptance, and the terminal response it earns. */
  commit: (signer: Signer, record: RequestRecord) => TerminalResponse | Promise<TerminalResponse>;
  /**
   * Quote execute (§11.6): the signature alone over a fixed payload is accepted (§11.2 step 5).
   * Other endpoints leave it undefined and answer `REQUEST_ID_MISSING`. PROCESSING resends of
   * that form carry no `Request-Id`; they are matched on `resendKey` (see {@link resumeInflight}).
   */
  signatureOnly?: {
    payloadToSign: string;
    authorize: (signer: Signer) => string | undefined;
    resendKey: string;
  };
}
