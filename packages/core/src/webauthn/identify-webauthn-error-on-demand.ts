import { isWalletAuthError, type WalletAuthError } from '../errors/wallet-auth-error.js';
import { loadOnDemand } from '../internal/load-chunk.js';
import type { IdentifyWebAuthnErrorContext } from './identify-webauthn-error.js';

/**
 * Translates a rejected WebAuthn ceremony with `identifyWebAuthnError` (catalogue PK-12), whose
 * table is fetched on first use: only a failed ceremony needs it, so it stays out of the
 * sign-in's first load (the `on-demand.ts` chunk). A `WalletAuthError` passes through without
 * loading anything; if the chunk cannot be fetched, its retryable `NETWORK_ERROR` is the answer.
 * @param error - What the ceremony rejected with.
 * @param context - The ceremony, and whether the kit aborted it.
 */
export async function identifyWebAuthnErrorOnDemand(
  error: unknown,
  context: IdentifyWebAuthnErrorContext,
): Promise<WalletAuthError> {
  if (isWalletAuthError(error)) {
    return error;
  }
  try {
    return (await loadOnDemand()).identifyWebAuthnError(error, context);
  } catch (loadError) {
    return loadError as WalletAuthError;
  }
}
