import { isWalletAuthError } from '@wallet-auth/core';

/**
 * Retries a failed read at most twice, and only for transient causes; a 429 is never retried
 * here because its wait is shown to the person instead (docs/protocol.md §11.5).
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return (
    failureCount < 2 && isWalletAuthError(error) && error.retryable && error.code !== 'RATE_LIMITED'
  );
}
