/**
 * OAUTH sign-in: the machine of `oauth-login.machine.ts` run with the client's API, key handling,
 * session manager and the integrator's `getIdToken`.
 */
import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { createClientKey, resolveSessionKey } from '../../crypto/client-key.js';
import { createOAuthNonce } from '../../crypto/oauth-nonce.js';
import { toWalletAuthError } from '../../wallet/session-signed.js';
import { createFlow, type Flow } from '../flow.js';
import { type GetIdToken, requestIdToken } from './id-token.js';
import {
  createOAuthLoginMachine,
  type OAuthLoginEffect,
  type OAuthLoginEvent,
  type OAuthLoginState,
} from './oauth-login.machine.js';

/** Options of `createOAuthLoginFlow`. */
export interface OAuthLoginFlowOptions {
  /** Obtains a fresh ID token with the given nonce from the identity provider. */
  getIdToken: GetIdToken;
}

/** An OAuth sign-in flow: the observable state plus its intents. */
export interface OAuthLoginFlow extends Flow<OAuthLoginState, OAuthLoginEvent> {
  /** Signs in with the OAUTH credential `credentialId` (`AuthMethod:<uuid>`). */
  start(credentialId: string): void;
  /**
   * Re-authenticates with the OAUTH credential that issued this device's current or expired
   * session (rule 7). Returns false, and does nothing, when that session did not come from OAUTH.
   */
  reauthenticate(): boolean;
  /** Asks the provider again (after `needsFreshToken`, `cancelled` or a retryable failure). */
  retry(): void;
  cancel(): void;
}

/**
 * Creates an OAuth sign-in flow (wire-format §10, Kit [PD]): the client key is made first
 * (`client.sessionKeyMode`, §15), the nonce is hex SHA-256 of its exact `clientPublicKey` string,
 * the integrator's `getIdToken({ nonce })` supplies a fresh token, and
 * `{"type":"OAUTH","oidcToken","clientPublicKey"}` is verified; the sealed session key is opened
 * and adopted. The token is used once and never stored.
 *
 * @param client - The kit's client.
 * @param options - The integrator's `getIdToken`.
 * @example
 * const flow = createOAuthLoginFlow(client, {
 *   getIdToken: ({ nonce }) => googlePopup({ nonce }),
 * });
 * flow.start(oauthCredentialId);
 */
export function createOAuthLoginFlow(
  client: WalletAuthClient,
  options: OAuthLoginFlowOptions,
): OAuthLoginFlow {
  const machine = createOAuthLoginMachine();
  const { clock } = client;
  const flow = createFlow<OAuthLoginState, OAuthLoginEvent, OAuthLoginEffect>(
    machine,
    async (effect, context) => {
      switch (effect.type) {
        case 'obtainToken': {
          try {
            const clientKey = await createClientKey(client.sessionKeyMode);
            const nonce = await createOAuthNonce(clientKey.clientPublicKey);
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
            const keyPair = await resolveSessionKey({
              clientKey: effect.clientKey,
              encryptedSessionSigningKey: session.encryptedSessionSigningKey,
            });
            if (context.signal.aborted) {
              return;
            }
            await client.sessions.adopt({ session, keyPair, credentialId: effect.credentialId });
            context.send({ type: 'VERIFIED', session });
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
    },
    { clock },
  );

  function reauthenticate(): boolean {
    const state = client.sessions.getSnapshot();
    if (
      (state.status === 'active' || state.status === 'expired') &&
      state.session.type === 'OAUTH' &&
      state.session.credentialId !== undefined
    ) {
      flow.send({ type: 'START', credentialId: state.session.credentialId });
      return true;
    }
    return false;
  }

  return {
    ...flow,
    start: (credentialId) => flow.send({ type: 'START', credentialId }),
    reauthenticate,
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
