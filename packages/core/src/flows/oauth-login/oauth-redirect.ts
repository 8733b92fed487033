/**
 * The pending attempt of an OAuth sign-in by redirect (catalogue OIDC-11, OIDC-16): before the
 * page leaves for the provider, its client key (non-extractable, in the key store like a session
 * key), the nonce, the `state` and the credential are saved in one slot; when the page loads
 * again the slot is taken once (deleted before anything else) and the provider's answer is
 * accepted only with the same `state`, before the attempt expires, and with a token whose nonce
 * is the saved one. Loaded on demand with the OAuth effects.
 */

import type { ClientKey } from '../../crypto/client-key.js';
import { base64UrlToBytes } from '../../encoding/base64url.js';
import { bytesToUtf8 } from '../../encoding/utf8.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { KeyStore } from '../../keys/key-store.js';
import type { OAuthRedirectResult } from './oauth-redirect-result.js';

/** The key-store slot of the pending attempt (one at a time: a newer attempt replaces it). */
export const PENDING_REDIRECT_SLOT = 'oauth-redirect';

/** What is saved before the page leaves for the provider. */
export interface PendingRedirect {
  clientKey: ClientKey;
  nonce: string;
  state: string;
  credentialId: string;
  /** Client epoch ms after which the answer is refused. */
  expiresAt: number;
}

/** Why an answer was refused (`details.callbackProblem` of `OAUTH_CALLBACK_INVALID`). */
export type CallbackProblem = 'noPendingAttempt' | 'stateMismatch' | 'expired' | 'nonceMismatch';

function refuse(problem: CallbackProblem, message: string, credentialId?: string): WalletAuthError {
  return new WalletAuthError('OAUTH_CALLBACK_INVALID', message, {
    details: { callbackProblem: problem, ...(credentialId === undefined ? {} : { credentialId }) },
  });
}

/**
 * Saves the pending attempt, replacing any earlier one.
 * @param keys - The client's key store.
 * @param pending - Key, nonce, state, credential and expiry.
 * @throws WalletAuthError of the key store (`KEY_STORE_UNAVAILABLE`, `STORAGE_QUOTA`…).
 */
export async function savePendingRedirect(keys: KeyStore, pending: PendingRedirect): Promise<void> {
  const { clientKey } = pending;
  await keys.save(PENDING_REDIRECT_SLOT, clientKey.keyPair, {
    metadata: {
      state: pending.state,
      nonce: pending.nonce,
      credentialId: pending.credentialId,
      expiresAt: pending.expiresAt,
      mode: clientKey.mode,
      clientPublicKey: clientKey.clientPublicKey,
    },
  });
}

/** The `nonce` claim of a JWT's payload, or `undefined` when it cannot be read. */
function nonceOf(idToken: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(bytesToUtf8(base64UrlToBytes(idToken.split('.')[1] ?? '')));
    const nonce = (payload as { nonce?: unknown } | null)?.nonce;
    return typeof nonce === 'string' ? nonce : undefined;
  } catch {
    return undefined;
  }
}

/** The answer, once checked against the pending attempt. */
export type TakenRedirect =
  | { kind: 'token'; credentialId: string; clientKey: ClientKey; oidcToken: string }
  | { kind: 'cancelled'; credentialId: string };

/**
 * Takes the pending attempt (it is deleted whatever the answer) and checks the provider's answer
 * against it.
 * @param keys - The client's key store.
 * @param result - The answer read from the URL.
 * @param now - Client epoch ms.
 * @returns The token with the attempt's key, or `cancelled` when the provider says the person
 * declined.
 * @throws WalletAuthError `OAUTH_CALLBACK_INVALID` (with `details.callbackProblem` and, when
 * known, `details.credentialId`) for no pending attempt (already used, never started here, or
 * site data cleared), another `state`, an expired attempt or a token with another nonce;
 * `UNKNOWN` for another provider error; the key store's errors.
 */
export async function takePendingRedirect(
  keys: KeyStore,
  result: OAuthRedirectResult,
  now: number,
): Promise<TakenRedirect> {
  const stored = await keys.load(PENDING_REDIRECT_SLOT);
  if (stored === undefined) {
    throw refuse('noPendingAttempt', 'No sign-in is waiting for this answer: it was already used.');
  }
  await keys.delete(PENDING_REDIRECT_SLOT);
  const { state, nonce, credentialId, expiresAt, mode, clientPublicKey } = stored.metadata;
  const clientKey = { mode, keyPair: stored.keyPair, clientPublicKey } as ClientKey;
  const expected =
    mode === 'client-held' ? stored.keyPair.compressedPublicKeyHex : stored.keyPair.publicKeyHex;
  if (
    typeof state !== 'string' ||
    typeof nonce !== 'string' ||
    typeof credentialId !== 'string' ||
    typeof expiresAt !== 'number' ||
    clientPublicKey !== expected ||
    stored.keyPair.purpose !== (mode === 'client-held' ? 'signing' : 'decryption')
  ) {
    throw refuse('noPendingAttempt', 'The saved sign-in attempt is not usable.');
  }
  if (result.state !== state) {
    throw refuse('stateMismatch', 'The answer belongs to another sign-in attempt.', credentialId);
  }
  if (now > expiresAt) {
    throw refuse('expired', 'The sign-in attempt expired before the answer came.', credentialId);
  }
  if (result.error !== undefined) {
    if (
      /^(access_denied|login_required|consent_required|interaction_required)$/.test(result.error)
    ) {
      return { kind: 'cancelled', credentialId };
    }
    throw new WalletAuthError('UNKNOWN', 'The identity provider answered with an error.', {
      details: { providerError: result.error.slice(0, 64), credentialId },
    });
  }
  const oidcToken = result.idToken ?? '';
  if (nonceOf(oidcToken) !== nonce) {
    throw refuse('nonceMismatch', 'The token was not issued for this attempt.', credentialId);
  }
  return { kind: 'token', credentialId, clientKey, oidcToken };
}
