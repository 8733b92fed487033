/**
 * Hooks of the flows that change the account's credentials: passkey registration, adding an
 * OTP or OAuth credential, and removing one. Each refreshes the kit's credentials (and, after a
 * removal, sessions) queries when it succeeds, through the app's `QueryClient`.
 */

import type { QueryClient } from '@tanstack/react-query';
import {
  type AddCredentialFlow,
  type AddCredentialFlowOptions,
  type AddCredentialState,
  type AuthMethod,
  createAddCredentialFlow,
  createPasskeyRegistrationFlow,
  createRemoveCredentialFlow,
  type PasskeyRegistrationFlow,
  type PasskeyRegistrationFlowOptions,
  type PasskeyRegistrationState,
  type RemoveCredentialFlow,
  type RemoveCredentialState,
  type WalletAuthClient,
  type WalletAuthError,
} from '@wallet-auth/core';
import { useRef } from 'react';
import { useKitQueryClient } from '../provider/use-kit-query-client.js';
import { walletAuthQueryKeys } from './query-keys.js';
import { useFlowHook } from './use-flow-hook.js';

/** Options shared by the credential-changing hooks. */
export interface CredentialFlowHookOptions<T> {
  client?: WalletAuthClient;
  queryClient?: QueryClient;
  /** Called when the flow succeeds. */
  onSuccess?: (result: T) => void;
  /** Called when the flow ends in `failed`. */
  onError?: (error: WalletAuthError) => void;
}

// ----------------------------------------------------------------------------------------------
// Passkey registration

/** Options of `usePasskeyRegistration`. */
export interface UsePasskeyRegistrationOptions
  extends PasskeyRegistrationFlowOptions,
    CredentialFlowHookOptions<AuthMethod> {}

/** The registration flow's state plus its intents. */
export interface UsePasskeyRegistrationResult {
  state: PasskeyRegistrationState;
  register: PasskeyRegistrationFlow['register'];
  retry: PasskeyRegistrationFlow['retry'];
  cancel: PasskeyRegistrationFlow['cancel'];
  isSupported: PasskeyRegistrationFlow['isSupported'];
}

/**
 * Registers a new passkey for the account of this device's session (docs/protocol.md §9; a signed
 * retry stamped by the session). States: `idle` (with a `nicknameProblem`), `preparing`,
 * `awaitingPasskey`, `registering` (with signed-retry `progress`), `registered`, `cancelled`,
 * `failed`.
 *
 * @param options - WebAuthn port, relying party, user, callbacks, client and QueryClient.
 */
export function usePasskeyRegistration(
  options: UsePasskeyRegistrationOptions = {},
): UsePasskeyRegistrationResult {
  const queryClient = useKitQueryClient(options.queryClient, 'usePasskeyRegistration');
  const { client, queryClient: _q, onSuccess: _s, onError: _e, ...flowOptions } = options;
  const { flow, state } = useFlowHook<PasskeyRegistrationState, PasskeyRegistrationFlow>(
    'usePasskeyRegistration',
    client,
    (resolved) => createPasskeyRegistrationFlow(resolved, flowOptions),
    (next) => {
      if (next.status === 'registered') {
        void queryClient.invalidateQueries({ queryKey: ['wallet-auth'] });
        options.onSuccess?.(next.credential);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  return {
    state,
    register: flow.register,
    retry: flow.retry,
    cancel: flow.cancel,
    isSupported: flow.isSupported,
  };
}

// ----------------------------------------------------------------------------------------------
// Adding an OTP or OAuth credential

/** Options of `useAddCredential`. */
export interface UseAddCredentialOptions
  extends AddCredentialFlowOptions,
    CredentialFlowHookOptions<AuthMethod> {}

/** The add-credential flow's state plus its intents. */
export interface UseAddCredentialResult {
  state: AddCredentialState;
  add: AddCredentialFlow['add'];
  retry: AddCredentialFlow['retry'];
  cancel: AddCredentialFlow['cancel'];
}

/**
 * Adds an EMAIL_OTP, SMS_OTP or OAUTH credential to the account of this device's session
 * (`POST /auth/credentials`, a signed retry). OAUTH needs `getIdToken`; the latest one is used.
 *
 * @param options - `getIdToken`, callbacks, client and QueryClient.
 */
export function useAddCredential(options: UseAddCredentialOptions = {}): UseAddCredentialResult {
  const queryClient = useKitQueryClient(options.queryClient, 'useAddCredential');
  const getIdToken = useRef(options.getIdToken);
  getIdToken.current = options.getIdToken;
  const { flow, state } = useFlowHook<AddCredentialState, AddCredentialFlow>(
    'useAddCredential',
    options.client,
    (resolved) =>
      createAddCredentialFlow(resolved, {
        getIdToken: (request) => {
          const current = getIdToken.current;
          return current === undefined ? Promise.resolve(null) : current(request);
        },
      }),
    (next) => {
      if (next.status === 'added') {
        void queryClient.invalidateQueries({ queryKey: ['wallet-auth'] });
        options.onSuccess?.(next.credential);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  return { state, add: flow.add, retry: flow.retry, cancel: flow.cancel };
}

// ----------------------------------------------------------------------------------------------
// Removing a credential

/** Options of `useRemoveCredential`. */
export interface UseRemoveCredentialOptions extends CredentialFlowHookOptions<string> {}

/** The remove-credential flow's state plus its intents. */
export interface UseRemoveCredentialResult {
  state: RemoveCredentialState;
  remove: RemoveCredentialFlow['remove'];
  retry: RemoveCredentialFlow['retry'];
  cancel: RemoveCredentialFlow['cancel'];
}

/**
 * Removes a credential (`DELETE /auth/credentials/{id}`, signed by a session of a different
 * credential). The flow refuses the last credential on the device and answers
 * `needsOtherSession` for the session's own credential (catalogue SES-07). On success the
 * credentials and sessions lists are refreshed (its sessions were revoked with it).
 *
 * @param options - Callbacks (`onSuccess` gets the removed id), client and QueryClient.
 */
export function useRemoveCredential(
  options: UseRemoveCredentialOptions = {},
): UseRemoveCredentialResult {
  const queryClient = useKitQueryClient(options.queryClient, 'useRemoveCredential');
  const { flow, state, client } = useFlowHook<RemoveCredentialState, RemoveCredentialFlow>(
    'useRemoveCredential',
    options.client,
    (resolved) => createRemoveCredentialFlow(resolved),
    (next) => {
      if (next.status === 'removed') {
        void queryClient.invalidateQueries({ queryKey: walletAuthQueryKeys.all(client) });
        options.onSuccess?.(next.credentialId);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  return { state, remove: flow.remove, retry: flow.retry, cancel: flow.cancel };
}
