/**
 * Adding an EMAIL_OTP, SMS_OTP or OAUTH credential as a pure machine (docs/service-api.md
 * `POST /auth/credentials`, docs/protocol.md §10, §11.1, §12): OTP types go straight to the signed
 * add (`{type, accountId}`; allowed once the previous one was removed); OAUTH first obtains a
 * fresh ID token, and a token that left the 60 s window — both legs re-check `iat` — asks for a
 * fresh one. Passkeys have their own flow (`passkey-registration`).
 */

import type { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine } from '../../internal/flow.js';
import type { SignedActionProgress } from '../../session/signed-action.js';
import type { AuthMethod } from '../../types.js';
import { classifyOidcError, type OidcTokenProblem } from '../oauth-login/id-token.js';
import { retryAtOf } from '../passkey-login/passkey-login.machine.js';
import { stoppedTransition } from '../stopped.js';

/** The credential types this flow adds. */
export type AddableCredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH';

/** The states of adding a credential, discriminated on `status` (docs/contributing.md §2.4). */
export type AddCredentialState =
  | { status: 'idle' }
  /** OAUTH: waiting for the integrator's identity provider. */
  | { status: 'obtainingToken'; credentialType: 'OAUTH' }
  | { status: 'adding'; credentialType: AddableCredentialType; progress: SignedActionProgress }
  | { status: 'added'; credential: AuthMethod }
  /** OAUTH: the token was too old for the service; `retry()` asks the provider again. */
  | { status: 'needsFreshToken'; credentialType: 'OAUTH'; error: WalletAuthError }
  /** OAUTH: the person closed the provider's window. */
  | { status: 'cancelled'; credentialType: 'OAUTH' }
  | {
      status: 'failed';
      credentialType: AddableCredentialType;
      error: WalletAuthError;
      problem: OidcTokenProblem | undefined;
      retryable: boolean;
      retryAt: number | undefined;
    };

/** What adding a credential reacts to: intents (imperative) and effect outcomes (past tense). */
export type AddCredentialEvent =
  | { type: 'START'; credentialType: AddableCredentialType }
  | { type: 'TOKEN_OBTAINED'; oidcToken: string }
  | { type: 'TOKEN_CANCELLED' }
  | { type: 'TOKEN_FAILED'; error: WalletAuthError; now: number }
  | { type: 'ADD_PROGRESS'; progress: SignedActionProgress }
  | { type: 'ADDED'; credential: AuthMethod }
  | { type: 'ADD_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work adding a credential asks the interpreter to do, as data. */
export type AddCredentialEffect =
  | { type: 'obtainToken' }
  | { type: 'add'; credentialType: 'EMAIL_OTP' | 'SMS_OTP' }
  | { type: 'add'; credentialType: 'OAUTH'; oidcToken: string };

type Result = readonly [AddCredentialState, readonly AddCredentialEffect[]];

/** Builds the add-credential machine. */
export function createAddCredentialMachine(): Machine<
  AddCredentialState,
  AddCredentialEvent,
  AddCredentialEffect
> {
  const initial: AddCredentialState = { status: 'idle' };

  const start = (credentialType: AddableCredentialType): Result => {
    if (credentialType === 'OAUTH') {
      return [{ status: 'obtainingToken', credentialType }, [{ type: 'obtainToken' }]];
    }
    return [
      { status: 'adding', credentialType, progress: { kind: 'sending' } },
      [{ type: 'add', credentialType }],
    ];
  };

  const fail = (
    credentialType: AddableCredentialType,
    error: WalletAuthError,
    now: number,
  ): Result => {
    const problem = classifyOidcError(error);
    if (credentialType === 'OAUTH' && problem === 'staleToken') {
      return [{ status: 'needsFreshToken', credentialType, error }, []];
    }
    return [
      {
        status: 'failed',
        credentialType,
        error,
        problem,
        retryable: error.retryable,
        retryAt: retryAtOf(error, now),
      },
      [],
    ];
  };

  function transition(state: AddCredentialState, event: AddCredentialEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return start(event.credentialType);
        }
        return [state, []];
      }
      case 'obtainingToken': {
        if (event.type === 'TOKEN_OBTAINED') {
          return [
            { status: 'adding', credentialType: 'OAUTH', progress: { kind: 'sending' } },
            [{ type: 'add', credentialType: 'OAUTH', oidcToken: event.oidcToken }],
          ];
        }
        if (event.type === 'TOKEN_CANCELLED') {
          return [{ status: 'cancelled', credentialType: 'OAUTH' }, []];
        }
        if (event.type === 'TOKEN_FAILED') {
          return fail('OAUTH', event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'adding': {
        if (event.type === 'ADD_PROGRESS') {
          return [{ ...state, progress: event.progress }, []];
        }
        if (event.type === 'ADDED') {
          return [{ status: 'added', credential: event.credential }, []];
        }
        if (event.type === 'ADD_FAILED') {
          return fail(state.credentialType, event.error, event.now);
        }
        // No CANCEL once the signed add is on its way: its outcome is always reported.
        return [state, []];
      }
      case 'added': {
        if (event.type === 'START') {
          return start(event.credentialType);
        }
        return [state, []];
      }
      case 'needsFreshToken':
      case 'cancelled':
      case 'failed': {
        return stoppedTransition(state, event, {
          initial,
          // OAUTH starts over with a fresh token: the add is never resent with an old one.
          retry: () => start(state.status === 'failed' ? state.credentialType : 'OAUTH'),
          start: (started) => start(started.credentialType),
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
