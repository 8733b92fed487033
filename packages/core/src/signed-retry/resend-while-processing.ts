import {
  type ServiceRequest,
  sendServiceRequest,
  type TransportOptions,
} from '../client/request.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { Clock } from '../internal/clock.js';
import { type HttpOutcome, isProcessing, processingBackoffMs } from './signed-retry.machine.js';

/** How long an unsigned call (challenge, OAUTH/PASSKEY verify) is resent while PROCESSING (§11.4). */
export const UNSIGNED_PROCESSING_DEADLINE_MS = 60_000;

function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new WalletAuthError('ABORTED', 'The request was cancelled.'));
      return;
    }
    const cancel = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      cancel();
      reject(new WalletAuthError('ABORTED', 'The request was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends a request and, while the answer is PROCESSING, resends it unchanged (same body, same
 * headers, e.g. a passkey verify's `Request-Id`) with 1, 2, 4, 8… s backoff for up to a minute.
 * Rejects with the error outcome's `WalletAuthError`, `NETWORK_ERROR`, `ABORTED` or
 * `PROCESSING_TIMEOUT`.
 */
export async function sendResendingWhileProcessing(
  transport: TransportOptions,
  request: ServiceRequest,
  options: {
    clock: Clock;
    terminalStatus: 200 | 201 | 204;
    onProcessing?: (attempt: number) => void;
  },
): Promise<Extract<HttpOutcome, { kind: 'response' }>> {
  const deadline = options.clock.now() + UNSIGNED_PROCESSING_DEADLINE_MS;
  for (let attempt = 0; ; attempt++) {
    const outcome = await sendServiceRequest(transport, request);
    if (outcome.kind === 'error') {
      throw outcome.error;
    }
    if (!isProcessing(outcome.status, outcome.body, options.terminalStatus)) {
      return outcome;
    }
    options.onProcessing?.(attempt);
    const wait = processingBackoffMs(attempt);
    if (options.clock.now() + wait > deadline) {
      throw new WalletAuthError(
        'PROCESSING_TIMEOUT',
        'The service is still processing; try again shortly.',
      );
    }
    await sleep(options.clock, wait, request.signal);
  }
}
