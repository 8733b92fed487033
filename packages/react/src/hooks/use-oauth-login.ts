import {
  type AuthSession,
  createOAuthLoginFlow,
  type OAuthLoginFlow,
  type OAuthLoginFlowOptions,
  type OAuthLoginState,
  type WalletAuthClient,
  type WalletAuthError,
} from '@wallet-auth/core';
import { useRef } from 'react';
import { useFlowHook } from './use-flow-hook.js';

/** Options of `useOAuthLogin`. */
export interface UseOAuthLoginOptions extends OAuthLoginFlowOptions {
  client?: WalletAuthClient;
  /** Called once the session is verified and saved on this device. */
  onSuccess?: (session: AuthSession) => void;
  /** Called when the flow ends in `failed` (a closed provider window is `cancelled`). */
  onError?: (error: WalletAuthError) => void;
}

/** The OAuth flow's state plus its intents. */
export interface UseOAuthLoginResult {
  state: OAuthLoginState;
  start: OAuthLoginFlow['start'];
  reauthenticate: OAuthLoginFlow['reauthenticate'];
  retry: OAuthLoginFlow['retry'];
  cancel: OAuthLoginFlow['cancel'];
  /** Readies the next attempt's key, so the click opens the provider's popup at once (OIDC-13). */
  prepare: OAuthLoginFlow['prepare'];
}

/**
 * Runs an OAuth sign-in (wire-format §10): a fresh client key, its nonce, a fresh ID token from
 * your `getIdToken` (the kit never talks to the identity provider), then verify. States: `idle`,
 * `obtainingToken`, `verifying`, `authenticated`, `needsFreshToken`, `cancelled`, `failed`. The
 * latest `getIdToken` is always used, so it may be an inline function.
 *
 * @param options - `getIdToken`, callbacks and an optional `client`.
 */
export function useOAuthLogin(options: UseOAuthLoginOptions): UseOAuthLoginResult {
  const getIdToken = useRef(options.getIdToken);
  getIdToken.current = options.getIdToken;
  const { flow, state } = useFlowHook<OAuthLoginState, OAuthLoginFlow>(
    'useOAuthLogin',
    options.client,
    (resolved) =>
      createOAuthLoginFlow(resolved, { getIdToken: (request) => getIdToken.current(request) }),
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
    prepare: flow.prepare,
  };
}
