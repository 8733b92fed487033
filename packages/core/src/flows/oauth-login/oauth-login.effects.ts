/**
 * The I/O of the OAuth sign-in (`oauth-login.ts`), loaded on first use (the on-demand chunk):
 * the client key and its nonce, the integrator's `getIdToken({ nonce, state, mode })`, the
 * pending attempt of a redirect saved and taken back (`oauth-redirect.ts`), verify, then the
 * sealed session key opened and adopted.
 */

import { type ClientKey, createClientKey, type SessionKeyMode } from '../../crypto/client-key.js';
import { createOAuthNonce, createOAuthState } from '../../crypto/oauth-nonce.js';
import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { adoptVerifiedSession } from '../adopt-verified-session.js';
import { type GetIdToken, type OAuthMode, requestIdToken } from './id-token.js';
import type { OAuthLoginEffect, OAuthLoginEvent } from './oauth-login.machine.js';
import {
  PENDING_REDIRECT_SLOT,
  savePendingRedirect,
  takePendingRedirect,
} from './oauth-redirect.js';

/** A client key and the nonce that binds an ID token to it (docs/protocol.md §10). */
export interface OAuthKey {
  clientKey: ClientKey;
  nonce: string;
}

/**
 * Makes a fresh client key (docs/protocol.md §15) and its nonce: hex SHA-256 of the exact
 * `clientPublicKey` string (§10).
 * @param mode - The client's session-key mode.
 */
export async function createOAuthKey(mode: SessionKeyMode): Promise<OAuthKey> {
  const clientKey = await createClientKey(mode);
  return { clientKey, nonce: await createOAuthNonce(clientKey.clientPublicKey) };
}

/** Options of `oauthLoginEffects`. */
export interface OAuthLoginEffectsOptions {
  /** The integrator's identity-provider code. */
  getIdToken: GetIdToken;
  /**
   * The key `prepare()` made ahead, if any (taken once: each key serves one attempt, catalogue
   * HPKE-19).
   */
  takePrepared?: () => Promise<OAuthKey | undefined> | undefined;
  /** How long a redirect's pending attempt waits for the answer, ms. */
  redirectLifetimeMs: number;
}

/**
 * Runs the OAuth sign-in's effects with `client` and the integrator's `getIdToken`.
 * @param client - The kit's client.
 * @param options - The integrator's `getIdToken`, the prepared key, the redirect's lifetime.
 */
export function oauthLoginEffects(
  client: WalletAuthClient,
  options: OAuthLoginEffectsOptions,
): EffectRunner<OAuthLoginEvent, OAuthLoginEffect> {
  const { clock } = client;
  const failed = (error: unknown): OAuthLoginEvent => ({
    type: 'TOKEN_FAILED',
    error: toWalletAuthError(error, 'Could not obtain an ID token.'),
    now: clock.now(),
  });

  /** Asks the provider; in redirect mode the pending attempt is saved first. */
  async function obtain(credentialId: string, mode: OAuthMode, signal: AbortSignal) {
    // A prepared key is already settled: only microtasks lie between the click and
    // `getIdToken`, so its popup may open in WebKit (catalogue OIDC-13).
    const { clientKey, nonce } =
      (await options.takePrepared?.()) ?? (await createOAuthKey(client.sessionKeyMode));
    const state = createOAuthState();
    if (mode === 'redirect') {
      await savePendingRedirect(client.keys, {
        clientKey,
        nonce,
        state,
        credentialId,
        expiresAt: clock.now() + options.redirectLifetimeMs,
      });
    }
    try {
      const outcome = await requestIdToken(options.getIdToken, {
        nonce,
        state,
        mode,
        purpose: 'signIn',
        signal,
      });
      return { outcome, clientKey };
    } finally {
      if (mode === 'redirect') {
        // The page stayed (the integrator answered in place, or failed): nothing will come back.
        await client.keys.delete(PENDING_REDIRECT_SLOT).catch(() => undefined);
      }
    }
  }

  return async (effect, context) => {
    switch (effect.type) {
      case 'obtainToken':
      case 'redirect': {
        try {
          const mode = effect.type === 'redirect' ? 'redirect' : 'popup';
          const { outcome, clientKey } = await obtain(effect.credentialId, mode, context.signal);
          if (outcome.kind === 'cancelled') {
            context.send({ type: 'TOKEN_CANCELLED' });
          } else if (outcome.kind === 'popupBlocked') {
            context.send(
              mode === 'popup'
                ? { type: 'POPUP_BLOCKED' }
                : failed(
                    new WalletAuthError(
                      'CONFIGURATION_INVALID',
                      'getIdToken reported a blocked popup in redirect mode.',
                    ),
                  ),
            );
          } else {
            context.send({ type: 'TOKEN_OBTAINED', clientKey, oidcToken: outcome.oidcToken });
          }
        } catch (error) {
          context.send(failed(error));
        }
        return;
      }
      case 'completeRedirect': {
        if (context.signal.aborted) {
          // The flow was dropped before its code arrived (React's strict mode mounts twice): the
          // pending attempt stays for the flow that replaces it.
          return;
        }
        try {
          const taken = await takePendingRedirect(client.keys, effect.result, clock.now());
          context.send(
            taken.kind === 'cancelled'
              ? { type: 'REDIRECT_CANCELLED', credentialId: taken.credentialId }
              : {
                  type: 'REDIRECT_RETURNED',
                  credentialId: taken.credentialId,
                  clientKey: taken.clientKey,
                  oidcToken: taken.oidcToken,
                },
          );
        } catch (error) {
          const refused = toWalletAuthError(error, 'The provider answer could not be used.');
          const credentialId = refused.details?.credentialId;
          context.send({
            type: 'REDIRECT_FAILED',
            credentialId: typeof credentialId === 'string' ? credentialId : undefined,
            error: refused,
            now: clock.now(),
          });
        }
        return;
      }
      case 'verify': {
        try {
          // A lost answer cannot be reconciled (§11.3, catalogue SR-12): the session key was
          // sealed inside it and no list carries it, so it fails NETWORK_ERROR and the person
          // signs in again.
          const session = await client.api.verifyOAuth(
            effect.credentialId,
            {
              type: 'OAUTH',
              oidcToken: effect.oidcToken,
              clientPublicKey: effect.clientKey.clientPublicKey,
            },
            context.signal,
          );
          await adoptVerifiedSession(client, {
            session,
            clientKey: effect.clientKey,
            credentialId: effect.credentialId,
            signal: context.signal,
            onAdopted: () => context.send({ type: 'VERIFIED', session }),
          });
        } catch (error) {
          context.send({
            type: 'VERIFY_FAILED',
            error: toWalletAuthError(error, 'OAuth sign-in failed.'),
            now: clock.now(),
          });
        }
        return;
      }
      default: {
        return effect satisfies never;
      }
    }
  };
}
