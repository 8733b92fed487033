import {
  type AuthSession,
  createOAuthLoginFlow,
  type OAuthLoginFlow,
  type OAuthLoginFlowOptions,
  type OAuthLoginState,
  type OAuthRedirectResult,
  readOAuthRedirectResult,
  type WalletAuthClient,
  type WalletAuthError,
} from '@wallet-auth/core';
import { useEffect, useRef } from 'react';
import { useFlowHook } from './use-flow-hook.js';

/** Options of `useOAuthLogin`; the flow's are read once, when it is created. */
export interface UseOAuthLoginOptions extends OAuthLoginFlowOptions {
  client?: WalletAuthClient;
  /**
   * Complete a sign-in by redirect when the page loads with the provider's answer (in its URL).
   * Turn off when another part of the page completes it. @defaultValue true
   */
  completeRedirect?: boolean;
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
  /** Completes a sign-in by redirect (done on mount unless `completeRedirect` is false). */
  completeRedirect: OAuthLoginFlow['completeRedirect'];
}

/**
 * Runs an OAuth sign-in (docs/protocol.md §10): a fresh client key, its nonce, a fresh ID token from
 * your `getIdToken` (the kit never talks to the identity provider), then verify. States: `idle`,
 * `obtainingToken` (popup), `redirecting` and `returning` (redirect), `verifying`,
 * `authenticated`, `needsFreshToken`, `cancelled`, `failed`. On mount it completes a sign-in by
 * redirect whose answer is in the page's URL. The latest `getIdToken` is always used, so it may be
 * an inline function.
 *
 * @param options - `getIdToken`, callbacks and an optional `client`.
 */
export function useOAuthLogin(options: UseOAuthLoginOptions): UseOAuthLoginResult {
  const {
    client,
    completeRedirect = true,
    onSuccess: _onSuccess,
    onError: _onError,
    getIdToken: _getIdToken,
    ...flowOptions
  } = options;
  const getIdToken = useRef(options.getIdToken);
  getIdToken.current = options.getIdToken;
  const { flow, state } = useFlowHook<OAuthLoginState, OAuthLoginFlow>(
    'useOAuthLogin',
    client,
    (resolved) =>
      createOAuthLoginFlow(resolved, {
        ...flowOptions,
        getIdToken: (request) => getIdToken.current(request),
      }),
    (next) => {
      if (next.status === 'authenticated') {
        options.onSuccess?.(next.session);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  // The answer is read (and removed from the URL) once; a flow that replaces a dropped one (React's
  // strict mode mounts twice) completes the same answer.
  const answer = useRef<OAuthRedirectResult | null | undefined>(undefined);
  const readAnswer = flowOptions.readRedirectResult ?? readOAuthRedirectResult;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is read once per flow, with the reader of the first render
  useEffect(() => {
    if (!completeRedirect) {
      return;
    }
    answer.current ??= readAnswer();
    if (answer.current !== null) {
      flow.completeRedirect(answer.current);
    }
  }, [completeRedirect, flow]);
  return {
    state,
    start: flow.start,
    reauthenticate: flow.reauthenticate,
    retry: flow.retry,
    cancel: flow.cancel,
    prepare: flow.prepare,
    completeRedirect: flow.completeRedirect,
  };
}
