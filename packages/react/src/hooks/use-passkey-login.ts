import {
  type AuthSession,
  createPasskeyLoginFlow,
  type PasskeyLoginFlow,
  type PasskeyLoginFlowOptions,
  type PasskeyLoginState,
  type WalletAuthClient,
  type WalletAuthError,
} from '@wallet-auth/core';
import { useFlowHook } from './use-flow-hook.js';

/** Options of `usePasskeyLogin`; read once, when the flow is created. */
export interface UsePasskeyLoginOptions extends PasskeyLoginFlowOptions {
  client?: WalletAuthClient;
  /** Called once the session is verified and saved on this device. */
  onSuccess?: (session: AuthSession) => void;
  /** Called when the flow ends in `failed` (a dismissed prompt is `cancelled`, not an error). */
  onError?: (error: WalletAuthError) => void;
}

/** The passkey flow's state plus its intents. */
export interface UsePasskeyLoginResult {
  state: PasskeyLoginState;
  start: PasskeyLoginFlow['start'];
  reauthenticate: PasskeyLoginFlow['reauthenticate'];
  retry: PasskeyLoginFlow['retry'];
  cancel: PasskeyLoginFlow['cancel'];
  isSupported: PasskeyLoginFlow['isSupported'];
  /** Offers the passkey in autofill (conditional mediation), quietly; see the flow's. */
  startAutofill: PasskeyLoginFlow['startAutofill'];
  /** Whether this browser can offer passkeys in autofill. */
  isAutofillAvailable: PasskeyLoginFlow['isAutofillAvailable'];
}

/**
 * Runs a passkey sign-in or re-authentication (docs/service-api.md "Wallet sessions" rules 6–7):
 * `idle` → `requestingChallenge` → `awaitingPasskey` → `verifying` → `authenticated`, or
 * `cancelled` / `failed`. Inject `webauthn` (a `WebAuthnPort`) to run ceremonies elsewhere than
 * `navigator.credentials`, e.g. a software authenticator in tests and stories.
 *
 * @param options - WebAuthn port, RP ID, callbacks and an optional `client`.
 */
export function usePasskeyLogin(options: UsePasskeyLoginOptions = {}): UsePasskeyLoginResult {
  const { client, onSuccess: _onSuccess, onError: _onError, ...flowOptions } = options;
  const { flow, state } = useFlowHook<PasskeyLoginState, PasskeyLoginFlow>(
    'usePasskeyLogin',
    client,
    (resolved) => createPasskeyLoginFlow(resolved, flowOptions),
    (next) => {
      if (next.status === 'authenticated') {
        options.onSuccess?.(next.session);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  return {
    state,
    start: flow.start,
    reauthenticate: flow.reauthenticate,
    retry: flow.retry,
    cancel: flow.cancel,
    isSupported: flow.isSupported,
    startAutofill: flow.startAutofill,
    isAutofillAvailable: flow.isAutofillAvailable,
  };
}
