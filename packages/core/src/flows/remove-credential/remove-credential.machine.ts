/**
 * Removing a credential as a pure machine (docs/service-api.md `DELETE /auth/credentials/{id}`,
 * docs/protocol.md §11.1): the revoke must be stamped by a session of a **different** credential, and
 * an account keeps at least one credential. Both rules are checked on the device first — the
 * session's own credential leads to `needsOtherSession` (sign in with another credential, then
 * `retry()`), the last credential to a typed failure — and the service's own 400 and 401 for the
 * same cases (another device changed the list meanwhile) end in the same states (catalogue SES-07).
 */

import { hasServiceReason } from '../../errors/service-reasons.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine } from '../../internal/flow.js';
import type { SignedActionProgress } from '../../session/signed-action.js';
import { retryAtOf } from '../passkey-login/passkey-login.machine.js';
import { stoppedTransition } from '../stopped.js';

/** The states of removing a credential, discriminated on `status` (docs/contributing.md §2.4). */
export type RemoveCredentialState =
  | { status: 'idle' }
  /** Reading this device's session and the account's credentials. */
  | { status: 'checking'; credentialId: string }
  | { status: 'removing'; credentialId: string; progress: SignedActionProgress }
  | { status: 'removed'; credentialId: string }
  /** This device's session came from the credential being removed: sign in with another first. */
  | { status: 'needsOtherSession'; credentialId: string }
  | {
      status: 'failed';
      credentialId: string;
      error: WalletAuthError;
      /** The account would be left without a credential (refused on the device or by the service). */
      lastCredential: boolean;
      retryable: boolean;
      retryAt: number | undefined;
    };

/** What removing a credential reacts to: intents (imperative) and effect outcomes (past tense). */
export type RemoveCredentialEvent =
  | { type: 'START'; credentialId: string }
  | { type: 'CHECKED' }
  | { type: 'SAME_CREDENTIAL' }
  | { type: 'LAST_CREDENTIAL'; error: WalletAuthError }
  | { type: 'CHECK_FAILED'; error: WalletAuthError; now: number }
  | { type: 'REMOVE_PROGRESS'; progress: SignedActionProgress }
  | { type: 'REMOVED' }
  | { type: 'REMOVE_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work removing a credential asks the interpreter to do, as data. */
export type RemoveCredentialEffect =
  | { type: 'check'; credentialId: string }
  | { type: 'remove'; credentialId: string };

/**
 * The typed refusal of removing an account's last credential, made before the revoke is sent
 * (docs/service-api.md, "at least one must remain"). Its code is the service's own for the case.
 */
export function lastCredentialError(): WalletAuthError {
  return new WalletAuthError(
    'INVALID_INPUT',
    'This is the only way to sign in to the account; add another credential before removing it.',
    { details: { rule: 'LAST_CREDENTIAL' } },
  );
}

type Result = readonly [RemoveCredentialState, readonly RemoveCredentialEffect[]];

/**
 * Tells whether the service refused a revoke because the signing session belongs to the
 * credential being revoked (§11.1; the emulator's reason names it). Pure.
 * @param error - The revoke's failure.
 */
export function isOwnRevocationError(error: WalletAuthError): boolean {
  return hasServiceReason(error, 'ownRevocation');
}

/** Builds the remove-credential machine. */
export function createRemoveCredentialMachine(): Machine<
  RemoveCredentialState,
  RemoveCredentialEvent,
  RemoveCredentialEffect
> {
  const initial: RemoveCredentialState = { status: 'idle' };

  const check = (credentialId: string): Result => [
    { status: 'checking', credentialId },
    [{ type: 'check', credentialId }],
  ];

  const fail = (
    credentialId: string,
    error: WalletAuthError,
    lastCredential: boolean,
    now: number | undefined,
  ): Result => [
    {
      status: 'failed',
      credentialId,
      error,
      lastCredential,
      retryable: !lastCredential && error.retryable,
      retryAt: now === undefined ? undefined : retryAtOf(error, now),
    },
    [],
  ];

  function transition(state: RemoveCredentialState, event: RemoveCredentialEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return check(event.credentialId);
        }
        return [state, []];
      }
      case 'checking': {
        if (event.type === 'CHECKED') {
          return [
            { status: 'removing', credentialId: state.credentialId, progress: { kind: 'sending' } },
            [{ type: 'remove', credentialId: state.credentialId }],
          ];
        }
        if (event.type === 'SAME_CREDENTIAL') {
          return [{ status: 'needsOtherSession', credentialId: state.credentialId }, []];
        }
        if (event.type === 'LAST_CREDENTIAL') {
          return fail(state.credentialId, event.error, true, undefined);
        }
        if (event.type === 'CHECK_FAILED') {
          return fail(state.credentialId, event.error, false, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'removing': {
        if (event.type === 'REMOVE_PROGRESS') {
          return [{ ...state, progress: event.progress }, []];
        }
        if (event.type === 'REMOVED') {
          return [{ status: 'removed', credentialId: state.credentialId }, []];
        }
        if (event.type === 'REMOVE_FAILED') {
          if (isOwnRevocationError(event.error)) {
            return [{ status: 'needsOtherSession', credentialId: state.credentialId }, []];
          }
          // The only 400 of a revoke whose id the service accepted: the last credential (§12).
          const last = event.error.code === 'INVALID_INPUT' && event.error.status === 400;
          return fail(state.credentialId, event.error, last, event.now);
        }
        // No CANCEL once the signed revoke is on its way: its outcome is always reported.
        return [state, []];
      }
      case 'needsOtherSession': {
        if (event.type === 'RETRY') {
          return check(state.credentialId);
        }
        if (event.type === 'START') {
          return check(event.credentialId);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'failed': {
        return stoppedTransition(state, event, {
          initial,
          retry: () => check(state.credentialId),
          start: (started) => check(started.credentialId),
          policy: state,
        });
      }
      case 'removed': {
        if (event.type === 'START') {
          return check(event.credentialId);
        }
        return [state, []];
      }
      default: {
        return state satisfies never;
      }
    }
  }

  return { initial, transition };
}
