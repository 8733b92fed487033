/**
 * OAUTH sign-in and re-authentication as a pure machine (docs/service-api.md "Wallet sessions"
 * rules 5 and 7, docs/protocol.md §10): a fresh client key → its nonce → a fresh ID token from the
 * integrator → verify (no challenge) → session. A token that left the 60 s window asks for a fresh
 * one (`needsFreshToken`); a closed provider window is `cancelled`. The token itself is never
 * kept in a state.
 *
 * In `redirect` mode (or when the browser blocked the popup) the page leaves for the provider
 * (`redirecting`) after the pending key, nonce and state were saved; when the page loads again,
 * `RESUME_REDIRECT` hands the provider's answer to the flow (`returning`), which takes the pending
 * attempt once and verifies, or refuses an answer that is stale, replayed or not this attempt's
 * (catalogue OIDC-11, OIDC-16).
 */

import type { ClientKey } from '../../crypto/client-key.js';
import type { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine } from '../../internal/flow.js';
import type { AuthSession } from '../../types.js';
import { retryAtOf } from '../passkey-login/passkey-login.machine.js';
import { stoppedTransition } from '../stopped.js';
import { classifyOidcError, type OAuthMode, type OidcTokenProblem } from './id-token.js';
import type { OAuthRedirectResult } from './oauth-redirect-result.js';

/** The states of OAuth sign-in, discriminated on `status` (docs/contributing.md §2.4). */
export type OAuthLoginState =
  | { status: 'idle' }
  /** Waiting for the integrator's identity provider (popup). */
  | { status: 'obtainingToken'; credentialId: string }
  /** The pending attempt is saved and the page is on its way to the provider (redirect). */
  | { status: 'redirecting'; credentialId: string }
  /** The page is back from the provider: its answer is checked against the pending attempt. */
  | { status: 'returning' }
  | { status: 'verifying'; credentialId: string }
  | { status: 'authenticated'; credentialId: string; session: AuthSession }
  /** The token was too old (or expired) when it arrived; `retry()` asks the provider again. */
  | { status: 'needsFreshToken'; credentialId: string; error: WalletAuthError }
  | { status: 'cancelled'; credentialId: string }
  | {
      status: 'failed';
      /** `undefined` when a redirect's answer matched no pending attempt. */
      credentialId: string | undefined;
      error: WalletAuthError;
      /** Set when the service refused the token itself (nonce or identity mismatch). */
      problem: OidcTokenProblem | undefined;
      retryable: boolean;
      retryAt: number | undefined;
    };

/** What OAuth sign-in reacts to: intents (imperative) and effect outcomes (past tense). */
export type OAuthLoginEvent =
  /** `mode` overrides the flow's for this attempt. */
  | { type: 'START'; credentialId: string; mode?: OAuthMode }
  | { type: 'TOKEN_OBTAINED'; clientKey: ClientKey; oidcToken: string }
  | { type: 'TOKEN_CANCELLED' }
  | { type: 'TOKEN_FAILED'; error: WalletAuthError; now: number }
  /** The browser blocked the provider's popup: the attempt goes on by redirect. */
  | { type: 'POPUP_BLOCKED' }
  /** The page loaded with the provider's answer to a redirect. */
  | { type: 'RESUME_REDIRECT'; result: OAuthRedirectResult }
  | { type: 'REDIRECT_RETURNED'; credentialId: string; clientKey: ClientKey; oidcToken: string }
  | { type: 'REDIRECT_CANCELLED'; credentialId: string }
  | {
      type: 'REDIRECT_FAILED';
      credentialId: string | undefined;
      error: WalletAuthError;
      now: number;
    }
  | { type: 'VERIFIED'; session: AuthSession }
  | { type: 'VERIFY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work OAuth sign-in asks the interpreter to do, as data. */
export type OAuthLoginEffect =
  | { type: 'obtainToken'; credentialId: string }
  | { type: 'redirect'; credentialId: string }
  | { type: 'completeRedirect'; result: OAuthRedirectResult }
  | { type: 'verify'; credentialId: string; clientKey: ClientKey; oidcToken: string };

type Result = readonly [OAuthLoginState, readonly OAuthLoginEffect[]];

/** Options of `createOAuthLoginMachine`. */
export interface OAuthLoginMachineOptions {
  /** How the provider is shown unless a START says otherwise. @defaultValue 'popup' */
  mode?: OAuthMode;
}

/** Builds the OAuth sign-in machine. */
export function createOAuthLoginMachine(
  options: OAuthLoginMachineOptions = {},
): Machine<OAuthLoginState, OAuthLoginEvent, OAuthLoginEffect> {
  const initial: OAuthLoginState = { status: 'idle' };
  const defaultMode = options.mode ?? 'popup';

  const obtain = (credentialId: string, mode: OAuthMode = defaultMode): Result =>
    mode === 'redirect'
      ? [{ status: 'redirecting', credentialId }, [{ type: 'redirect', credentialId }]]
      : [{ status: 'obtainingToken', credentialId }, [{ type: 'obtainToken', credentialId }]];

  const verify = (credentialId: string, clientKey: ClientKey, oidcToken: string): Result => [
    { status: 'verifying', credentialId },
    [{ type: 'verify', credentialId, clientKey, oidcToken }],
  ];

  const fail = (credentialId: string | undefined, error: WalletAuthError, now: number): Result => {
    const problem = classifyOidcError(error);
    if (problem === 'staleToken' && credentialId !== undefined) {
      return [{ status: 'needsFreshToken', credentialId, error }, []];
    }
    return [
      {
        status: 'failed',
        credentialId,
        error,
        problem,
        retryable: error.retryable,
        retryAt: retryAtOf(error, now),
      },
      [],
    ];
  };

  function transition(state: OAuthLoginState, event: OAuthLoginEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return obtain(event.credentialId, event.mode);
        }
        if (event.type === 'RESUME_REDIRECT') {
          return [{ status: 'returning' }, [{ type: 'completeRedirect', result: event.result }]];
        }
        return [state, []];
      }
      case 'obtainingToken':
      case 'redirecting': {
        if (event.type === 'TOKEN_OBTAINED') {
          return verify(state.credentialId, event.clientKey, event.oidcToken);
        }
        if (event.type === 'TOKEN_CANCELLED') {
          return [{ status: 'cancelled', credentialId: state.credentialId }, []];
        }
        if (event.type === 'TOKEN_FAILED') {
          return fail(state.credentialId, event.error, event.now);
        }
        if (event.type === 'POPUP_BLOCKED' && state.status === 'obtainingToken') {
          // No popup: the same attempt goes on in this tab (a new key, saved before leaving).
          return obtain(state.credentialId, 'redirect');
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'returning': {
        if (event.type === 'REDIRECT_RETURNED') {
          return verify(event.credentialId, event.clientKey, event.oidcToken);
        }
        if (event.type === 'REDIRECT_CANCELLED') {
          return [{ status: 'cancelled', credentialId: event.credentialId }, []];
        }
        if (event.type === 'REDIRECT_FAILED') {
          return fail(event.credentialId, event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'verifying': {
        if (event.type === 'VERIFIED') {
          return [
            { status: 'authenticated', credentialId: state.credentialId, session: event.session },
            [],
          ];
        }
        if (event.type === 'VERIFY_FAILED') {
          return fail(state.credentialId, event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'authenticated': {
        if (event.type === 'START') {
          // Re-authentication: OAUTH calls verify only, with a fresh token and key (rule 7).
          return obtain(event.credentialId, event.mode);
        }
        return [state, []];
      }
      case 'needsFreshToken':
      case 'cancelled':
      case 'failed': {
        const { credentialId } = state;
        return stoppedTransition(state, event, {
          initial,
          // An answer that matched no attempt names no credential: the person starts one.
          retry: () => (credentialId === undefined ? [state, []] : obtain(credentialId)),
          start: (started) => obtain(started.credentialId, started.mode),
          ...(state.status === 'failed' ? { policy: state } : {}),
        });
      }
      default: {
        return state satisfies never;
      }
    }
  }

  return { initial, transition };
}
