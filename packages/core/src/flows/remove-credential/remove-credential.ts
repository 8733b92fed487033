/**
 * Removing a credential: the machine of `remove-credential.machine.ts` run with the client's API
 * and this device's session.
 */

import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { reconcileRemoval } from '../../client/reconcile-on-demand.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import {
  observeSignedProgress,
  toWalletAuthError,
  withSessionStamp,
} from '../../wallet/session-signed.js';
import { createFlow, type Flow } from '../flow.js';
import {
  createRemoveCredentialMachine,
  type RemoveCredentialEffect,
  type RemoveCredentialEvent,
  type RemoveCredentialState,
} from './remove-credential.machine.js';

/** A remove-credential flow: the observable state plus its intents. */
export interface RemoveCredentialFlow extends Flow<RemoveCredentialState, RemoveCredentialEvent> {
  /** Removes the credential `credentialId` (`AuthMethod:<uuid>`) from the session's account. */
  remove(credentialId: string): void;
  /** Checks again (after signing in with another credential, or a retryable failure). */
  retry(): void;
  cancel(): void;
}

/**
 * The typed refusal of removing an account's last credential, made before the revoke is sent
 * (service interface: "at least one must remain"). Its code is the service's own for the case.
 */
export function lastCredentialError(): WalletAuthError {
  return new WalletAuthError(
    'INVALID_INPUT',
    'This is the only way to sign in to the account; add another credential before removing it.',
    { details: { rule: 'LAST_CREDENTIAL' } },
  );
}

/**
 * Creates a remove-credential flow (wire-format §11.1): the credential list is read first and
 * the last credential is refused on the device; the session must come from a different
 * credential than the one removed (`needsOtherSession` otherwise); only then is the revoke sent,
 * a signed retry whose 204 also revokes every session the credential issued.
 *
 * @param client - The kit's client.
 * @example
 * const flow = createRemoveCredentialFlow(client);
 * flow.remove(passkeyCredentialId);
 */
export function createRemoveCredentialFlow(client: WalletAuthClient): RemoveCredentialFlow {
  const machine = createRemoveCredentialMachine();
  const { clock } = client;
  const flow = createFlow<RemoveCredentialState, RemoveCredentialEvent, RemoveCredentialEffect>(
    machine,
    async (effect, context) => {
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
    },
    { clock },
  );
  return {
    ...flow,
    remove: (credentialId) => flow.send({ type: 'START', credentialId }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
