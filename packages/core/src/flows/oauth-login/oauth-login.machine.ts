/**
 * OAUTH sign-in and re-authentication as a pure machine (service interface "Wallet sessions"
 * rules 5 and 7, wire-format §10): a fresh client key → its nonce → a fresh ID token from the
 * integrator → verify (no challenge) → session. A token that left the 60 s window asks for a fresh
 * one (`needsFreshToken`); a closed provider window is `cancelled`. The token itself is never
 * kept in a state.
 */

import type { ClientKey } from '../../crypto/client-key.js';
import type { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine } from '../../internal/flow.js';
import type { AuthSession } from '../../types.js';
import { retryAtOf } from '../passkey-login/passkey-login.machine.js';
import { stoppedTransition } from '../stopped.js';
import { classifyOidcError, type OidcTokenProblem } from './id-token.js';

/** The states of OAuth sign-in, discriminated on `status` (house style §2.4.2). */
export type OAuthLoginState =
  | { status: 'idle' }
  /** Waiting for the integrator's identity provider. */
  | { status: 'obtainingToken'; credentialId: string }
  | { status: 'verifying'; credentialId: string }
  | { status: 'authenticated'; credentialId: string; session: AuthSession }
  /** The token was too old (or expired) when it arrived; `retry()` asks the provider again. */
  | { status: 'needsFreshToken'; credentialId: string; error: WalletAuthError }
  | { status: 'cancelled'; credentialId: string }
  | {
      status: 'failed';
      credentialId: string;
      error: WalletAuthError;
      /** Set when the service refused the token itself (nonce or identity mismatch). */
      problem: OidcTokenProblem | undefined;
      retryable: boolean;
      retryAt: number | undefined;
    };

/** What OAuth sign-in reacts to: intents (imperative) and effect outcomes (past tense). */
export type OAuthLoginEvent =
  | { type: 'START'; credentialId: string }
  | { type: 'TOKEN_OBTAINED'; clientKey: ClientKey; oidcToken: string }
  | { type: 'TOKEN_CANCELLED' }
  | { type: 'TOKEN_FAILED'; error: WalletAuthError; now: number }
  | { type: 'VERIFIED'; session: AuthSession }
  | { type: 'VERIFY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work OAuth sign-in asks the interpreter to do, as data. */
export type OAuthLoginEffect =
  | { type: 'obtainToken'; credentialId: string }
  | { type: 'verify'; credentialId: string; clientKey: ClientKey; oidcToken: string };

type Result = readonly [OAuthLoginState, readonly OAuthLoginEffect[]];

/** Builds the OAuth sign-in machine. */
export function createOAuthLoginMachine(): Machine<
  OAuthLoginState,
  OAuthLoginEvent,
  OAuthLoginEffect
> {
  const initial: OAuthLoginState = { status: 'idle' };

  const obtain = (credentialId: string): Result => [
    { status: 'obtainingToken', credentialId },
    [{ type: 'obtainToken', credentialId }],
  ];

  const fail = (credentialId: string, error: WalletAuthError, now: number): Result => {
    const problem = classifyOidcError(error);
    if (problem === 'staleToken') {
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
          return obtain(event.credentialId);
        }
        return [state, []];
      }
      case 'obtainingToken': {
        if (event.type === 'TOKEN_OBTAINED') {
          return [
            { status: 'verifying', credentialId: state.credentialId },
            [
              {
                type: 'verify',
                credentialId: state.credentialId,
                clientKey: event.clientKey,
                oidcToken: event.oidcToken,
              },
            ],
          ];
        }
        if (event.type === 'TOKEN_CANCELLED') {
          return [{ status: 'cancelled', credentialId: state.credentialId }, []];
        }
        if (event.type === 'TOKEN_FAILED') {
          return fail(state.credentialId, event.error, event.now);
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
          return obtain(event.credentialId);
        }
        return [state, []];
      }
      case 'needsFreshToken':
      case 'cancelled':
      case 'failed': {
        return stoppedTransition(state, event, {
          initial,
          retry: () => obtain(state.credentialId),
          start: (started) => obtain(started.credentialId),
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
