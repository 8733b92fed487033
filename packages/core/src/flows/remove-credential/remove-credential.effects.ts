/**
 * The I/O of remove credential (`remove-credential.ts`).
 */

import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import { reconcileRemoval } from '../../on-demand/on-demand.js';
import { observeSignedProgress, withSessionStamp } from '../../session/signed-action.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import {
  lastCredentialError,
  type RemoveCredentialEffect,
  type RemoveCredentialEvent,
} from './remove-credential.machine.js';

/**
 * Runs the effects of one remove-credential flow: the credential list check, then the revoke as a
 * signed retry stamped by this device's session.
 * @param client - The kit's client.
 */
export function removeCredentialEffects(
  client: WalletAuthClient,
): EffectRunner<RemoveCredentialEvent, RemoveCredentialEffect> {
  const { clock } = client;
  return async (effect, context) => {
    switch (effect.type) {
      case 'check': {
        try {
          const { session } = await client.sessions.requireStamper();
          const { data } = await client.api.listCredentials(session.accountId, context.signal);
          if (!data.some((credential) => credential.id === effect.credentialId)) {
            throw new WalletAuthError(
              'NOT_FOUND',
              'This credential is not on the account (it may already be removed).',
            );
          }
          // The last credential first: signing in with "another credential" cannot help there.
          if (data.length <= 1) {
            context.send({ type: 'LAST_CREDENTIAL', error: lastCredentialError() });
          } else if (session.credentialId === effect.credentialId) {
            context.send({ type: 'SAME_CREDENTIAL' });
          } else {
            context.send({ type: 'CHECKED' });
          }
        } catch (error) {
          context.send({
            type: 'CHECK_FAILED',
            error: toWalletAuthError(error, 'Could not check the credentials.'),
            now: clock.now(),
          });
        }
        return;
      }
      case 'remove': {
        try {
          await withSessionStamp(client, ({ session, stamp }) =>
            client.api.revokeCredential(effect.credentialId, {
              stamp,
              signal: context.signal,
              // A lost 204: gone from the list is the removal done (§11.3, catalogue SR-12).
              reconcile: reconcileRemoval(
                async (signal) =>
                  (await client.api.listCredentials(session.accountId, signal)).data,
                effect.credentialId,
              ),
              onFlow: observeSignedProgress((progress) =>
                context.send({ type: 'REMOVE_PROGRESS', progress }),
              ),
            }),
          );
          context.send({ type: 'REMOVED' });
        } catch (error) {
          context.send({
            type: 'REMOVE_FAILED',
            error: toWalletAuthError(error, 'The credential could not be removed.'),
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
