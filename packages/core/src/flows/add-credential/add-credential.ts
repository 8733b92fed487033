/**
 * Adding an EMAIL_OTP, SMS_OTP or OAUTH credential: the machine of `add-credential.machine.ts`
 * run with the client's API, this device's session and, for OAUTH, the integrator's `getIdToken`.
 */
import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { bytesToHex } from '../../encoding/hex.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import { randomBytes } from '../../internal/web-crypto.js';
import type { AddCredentialBody } from '../../types.js';
import {
  observeSignedProgress,
  toWalletAuthError,
  withSessionStamp,
} from '../../wallet/session-signed.js';
import { createFlow, type Flow } from '../flow.js';
import { type GetIdToken, requestIdToken } from '../oauth-login/id-token.js';
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
 * Creates an add-credential flow (service interface `POST /auth/credentials`): every add is a
 * signed retry stamped by this device's session (`SESSION_EXPIRED` / `SESSION_KEY_MISSING`
 * before any network call without one). EMAIL_OTP / SMS_OTP send `{type, accountId}` (the 201
 * sends the first code); OAUTH sends `{type, accountId, oidcToken}` with a fresh token
 * (wire-format §10: create needs no nonce; a random one is still given to the provider).
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
    async (effect, context) => {
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
              purpose: 'addCredential',
              signal: context.signal,
            });
            if (outcome.kind === 'cancelled') {
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
    },
    { clock },
  );
  return {
    ...flow,
    add: (credentialType) => flow.send({ type: 'START', credentialType }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
