/**
 * The I/O of add credential (`add-credential.ts`).
 */

import { createOAuthState } from '../../crypto/oauth-nonce.js';
import { bytesToHex } from '../../encoding/hex.js';
import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import { randomBytes } from '../../internal/web-crypto.js';
import { observeSignedProgress, withSessionStamp } from '../../session/signed-action.js';
import type { AddCredentialBody } from '../../types.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { type GetIdToken, requestIdToken } from '../oauth-login/id-token.js';
import type { AddCredentialEffect, AddCredentialEvent } from './add-credential.machine.js';

/**
 * Runs the effects of one add-credential flow: the ID token for OAUTH, then the add as a signed
 * retry stamped by this device's session.
 * @param client - The kit's client.
 * @param options - `getIdToken` for OAUTH.
 */
export function addCredentialEffects(
  client: WalletAuthClient,
  options: { getIdToken?: GetIdToken | undefined },
): EffectRunner<AddCredentialEvent, AddCredentialEffect> {
  const { clock } = client;
  return async (effect, context) => {
    switch (effect.type) {
      case 'obtainToken': {
        try {
          if (options.getIdToken === undefined) {
            throw new WalletAuthError(
              'CONFIGURATION_INVALID',
              'Adding an OAUTH credential needs the getIdToken option.',
            );
          }
          // No provider prompt without a session able to sign the add. The session's state is
          // enough here: its key is read from storage (an IndexedDB task) when the add is signed,
          // so the provider's popup opens within the person's click, as WebKit requires
          // (catalogue OIDC-13). Not active yet: wait for it, or fail with its reason.
          if (client.sessions.getSnapshot().status !== 'active') {
            await client.sessions.requireStamper();
          }
          const outcome = await requestIdToken(options.getIdToken, {
            nonce: bytesToHex(randomBytes(32)),
            state: createOAuthState(),
            // Adding keeps the page: the signed add needs this page's session in memory.
            mode: 'popup',
            purpose: 'addCredential',
            signal: context.signal,
          });
          if (outcome.kind === 'cancelled' || outcome.kind === 'popupBlocked') {
            context.send({ type: 'TOKEN_CANCELLED' });
          } else {
            context.send({ type: 'TOKEN_OBTAINED', oidcToken: outcome.oidcToken });
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
      case 'add': {
        try {
          const credential = await withSessionStamp(client, ({ session, stamp }) => {
            const body: AddCredentialBody =
              effect.credentialType === 'OAUTH'
                ? { type: 'OAUTH', accountId: session.accountId, oidcToken: effect.oidcToken }
                : { type: effect.credentialType, accountId: session.accountId };
            return client.api.addCredential(body, {
              stamp,
              signal: context.signal,
              onFlow: observeSignedProgress((progress) =>
                context.send({ type: 'ADD_PROGRESS', progress }),
              ),
            });
          });
          context.send({ type: 'ADDED', credential });
        } catch (error) {
          context.send({
            type: 'ADD_FAILED',
            error: toWalletAuthError(error, 'The credential could not be added.'),
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
