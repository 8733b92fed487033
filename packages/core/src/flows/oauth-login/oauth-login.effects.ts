/**
 * The I/O of the OAuth sign-in (`oauth-login.ts`), loaded on first use (the on-demand chunk):
 * the client key and its nonce, the integrator's `getIdToken({ nonce })`, verify, then the sealed
 * session key opened and adopted.
 */

import { type ClientKey, createClientKey, type SessionKeyMode } from '../../crypto/client-key.js';
import { createOAuthNonce } from '../../crypto/oauth-nonce.js';
import { toWalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { adoptVerifiedSession } from '../adopt-verified-session.js';
import { type GetIdToken, requestIdToken } from './id-token.js';
import type { OAuthLoginEffect, OAuthLoginEvent } from './oauth-login.machine.js';

/** A client key and the nonce that binds an ID token to it (wire-format §10). */
export interface OAuthKey {
  clientKey: ClientKey;
  nonce: string;
}

/**
 * Makes a fresh client key (wire-format §15) and its nonce: hex SHA-256 of the exact
 * `clientPublicKey` string (§10).
 * @param mode - The client's session-key mode.
 */
export async function createOAuthKey(mode: SessionKeyMode): Promise<OAuthKey> {
  const clientKey = await createClientKey(mode);
  return { clientKey, nonce: await createOAuthNonce(clientKey.clientPublicKey) };
}

/**
 * Runs the OAuth sign-in's effects with `client` and the integrator's `getIdToken`.
 * @param client - The kit's client.
 * @param options - The integrator's `getIdToken`, and the key `prepare()` made ahead, if any
 * (taken once: each key serves one attempt, catalogue HPKE-19).
 */
export function oauthLoginEffects(
  client: WalletAuthClient,
  options: {
    getIdToken: GetIdToken;
    takePrepared?: () => Promise<OAuthKey | undefined> | undefined;
  },
): EffectRunner<OAuthLoginEvent, OAuthLoginEffect> {
  const { clock } = client;
  return async (effect, context) => {
    switch (effect.type) {
      case 'obtainToken': {
        try {
          // A prepared key is already settled: only microtasks lie between the click and
          // `getIdToken`, so its popup may open in WebKit (catalogue OIDC-13).
          const { clientKey, nonce } =
            (await options.takePrepared?.()) ?? (await createOAuthKey(client.sessionKeyMode));
          const outcome = await requestIdToken(options.getIdToken, {
            nonce,
            purpose: 'signIn',
            signal: context.signal,
          });
          if (outcome.kind === 'cancelled') {
            context.send({ type: 'TOKEN_CANCELLED' });
          } else {
            context.send({ type: 'TOKEN_OBTAINED', clientKey, oidcToken: outcome.oidcToken });
          }
        } catch (error) {
          context.send({
            type: 'TOKEN_FAILED',
            error: toWalletAuthError(error, 'Could not obtain an ID token.'),
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
