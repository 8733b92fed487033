/**
 * Removing a credential: the machine of `remove-credential.machine.ts` run with the client's API
 * and this device's session.
 */

import { createFlow, type Flow } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { removeCredentialEffects } from './remove-credential.effects.js';
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
 * Creates a remove-credential flow (docs/protocol.md §11.1): the credential list is read first and
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
    removeCredentialEffects(client),
    { clock },
  );
  return {
    ...flow,
    remove: (credentialId) => flow.send({ type: 'START', credentialId }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
