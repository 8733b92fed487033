/**
 * Adding an EMAIL_OTP, SMS_OTP or OAUTH credential: the machine of `add-credential.machine.ts`
 * run with the client's API, this device's session and, for OAUTH, the integrator's `getIdToken`.
 */

import { createFlow, type Flow } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import type { GetIdToken } from '../oauth-login/id-token.js';
import { addCredentialEffects } from './add-credential.effects.js';
import {
  type AddableCredentialType,
  type AddCredentialEffect,
  type AddCredentialEvent,
  type AddCredentialState,
  createAddCredentialMachine,
} from './add-credential.machine.js';

/** Options of `createAddCredentialFlow`. */
export interface AddCredentialFlowOptions {
  /** Obtains a fresh ID token; needed to add an OAUTH credential. */
  getIdToken?: GetIdToken;
}

/** An add-credential flow: the observable state plus its intents. */
export interface AddCredentialFlow extends Flow<AddCredentialState, AddCredentialEvent> {
  /** Adds a credential of `credentialType` to the account of this device's session. */
  add(credentialType: AddableCredentialType): void;
  retry(): void;
  cancel(): void;
}

/**
 * Creates an add-credential flow (docs/service-api.md `POST /auth/credentials`): every add is a
 * signed retry stamped by this device's session (`SESSION_EXPIRED` / `SESSION_KEY_MISSING`
 * before any network call without one). EMAIL_OTP / SMS_OTP send `{type, accountId}` (the 201
 * sends the first code); OAUTH sends `{type, accountId, oidcToken}` with a fresh token
 * (docs/protocol.md §10: create needs no nonce; a random one is still given to the provider).
 *
 * @param client - The kit's client.
 * @param options - `getIdToken` for OAUTH.
 * @example
 * const flow = createAddCredentialFlow(client, { getIdToken });
 * flow.add('OAUTH');
 */
export function createAddCredentialFlow(
  client: WalletAuthClient,
  options: AddCredentialFlowOptions = {},
): AddCredentialFlow {
  const machine = createAddCredentialMachine();
  const { clock } = client;
  const flow = createFlow<AddCredentialState, AddCredentialEvent, AddCredentialEffect>(
    machine,
    addCredentialEffects(client, options),
    { clock },
  );
  return {
    ...flow,
    add: (credentialType) => flow.send({ type: 'START', credentialType }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
