/**
 * What every action signed by this device's session shares (docs/service-api.md "Wallet sessions"
 * rule 1): check the session and its key before any network call, stamp with it, and when the
 * service rejects the signature because the session is gone, let the session manager sign the
 * device out (catalogue SES-01, SES-06).
 */
import type { SignedCallOptions } from '../client/api-client.types.js';
import { isWalletAuthError } from '../errors/wallet-auth-error.js';
import type { Flow } from '../internal/flow.js';
import type { PayloadStamper } from '../signed-retry/signed-retry.js';
import type { SignedRetryEvent, SignedRetryState } from '../signed-retry/signed-retry.machine.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import type { SessionStamp } from './session-manager.types.js';

/** Progress of a signed action, for a spinner or a countdown. */
export type SignedActionProgress =
  | { kind: 'sending' }
  | { kind: 'signing' }
  /** The service accepted the action but has not settled it (docs/protocol.md §11.4). */
  | { kind: 'processing' }
  /** Waiting out a 429 before resending; `retryAt` is epoch ms. */
  | { kind: 'rateLimited'; retryAt: number };

/** Options every session-signed action accepts. */
export interface SignedActionOptions {
  signal?: AbortSignal;
  /** Called as the signed exchange moves (PROCESSING, rate limits). */
  onProgress?: (progress: SignedActionProgress) => void;
}

/**
 * Maps the states of a signed-retry exchange to `SignedActionProgress` callbacks, each change
 * once; pass the result as a signed call's `onFlow`.
 * @param onProgress - The listener; `undefined` observes nothing.
 * @param kinds - The kinds reported. @defaultValue every kind
 */
export function observeSignedProgress<Kind extends SignedActionProgress['kind']>(
  onProgress: ((progress: Extract<SignedActionProgress, { kind: Kind }>) => void) | undefined,
  kinds?: readonly Kind[],
): ((flow: Flow<SignedRetryState, SignedRetryEvent>) => void) | undefined {
  if (onProgress === undefined) {
    return undefined;
  }
  return (flow) => {
    let last: string | undefined;
    const report = () => {
      const state = flow.getSnapshot();
      let progress: SignedActionProgress | undefined;
      if (state.status === 'requesting' || state.status === 'submitting') {
        progress = { kind: 'sending' };
      } else if (state.status === 'signing') {
        progress = { kind: 'signing' };
      } else if (state.status === 'processing') {
        progress = { kind: 'processing' };
      } else if (state.status === 'rateLimited') {
        progress = { kind: 'rateLimited', retryAt: state.retryAt };
      }
      if (
        progress === undefined ||
        (kinds !== undefined && !kinds.includes(progress.kind as Kind))
      ) {
        return;
      }
      const key = JSON.stringify(progress);
      if (key !== last) {
        last = key;
        onProgress(progress as Extract<SignedActionProgress, { kind: Kind }>);
      }
    };
    flow.subscribe(report);
    report();
  };
}

/**
 * Builds the options of a signed API call from a stamper and a caller's `SignedActionOptions`.
 * @param stamp - The session's stamper.
 * @param options - Signal and progress listener.
 */
export function signedCallOptions(
  stamp: PayloadStamper,
  options: SignedActionOptions,
): SignedCallOptions {
  const onFlow = observeSignedProgress(options.onProgress);
  return {
    stamp,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(onFlow === undefined ? {} : { onFlow }),
  };
}

/**
 * Runs a signed action with this device's session: `requireStamper()` first (no network call
 * without a live session and key, catalogue KEY-10), then the action; a 401
 * `WALLET_SIGNATURE_INVALID` is reported to the session manager, which signs the device out when
 * the reason says the session was revoked or expired.
 * @param client - The kit's client.
 * @param action - The signed call.
 * @throws WalletAuthError `SESSION_EXPIRED`, `SESSION_KEY_MISSING`, or what the action throws.
 */
export async function withSessionStamp<T>(
  client: WalletAuthClient,
  action: (session: SessionStamp) => Promise<T>,
): Promise<T> {
  const stamper = await client.sessions.requireStamper();
  try {
    return await action(stamper);
  } catch (error) {
    if (isWalletAuthError(error) && error.code === 'WALLET_SIGNATURE_INVALID') {
      await stamper.reportRejected(error);
    }
    throw error;
  }
}
