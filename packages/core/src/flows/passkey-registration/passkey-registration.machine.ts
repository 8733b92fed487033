/**
 * PASSKEY registration as a pure machine (docs/service-api.md "Wallet sessions" rule 6,
 * docs/protocol.md §9): nickname checked → session, the account's passkeys and a fresh 32-byte
 * challenge → the browser's `create()` → `POST /auth/credentials` signed by the session → the new
 * AuthMethod. Dismissing the prompt is a state (`cancelled`); every new attempt uses a new
 * challenge and a new ceremony (the signed add is never restarted with an old attestation).
 */

import type { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine } from '../../internal/flow.js';
import type { SignedActionProgress } from '../../session/signed-action.js';
import type { AuthMethod, PasskeyAttestation } from '../../types.js';
import { isPasskeyRetryable, retryAtOf } from '../passkey-login/passkey-login.machine.js';
import { stoppedTransition } from '../stopped.js';
import { type PasskeyNicknameProblem, validatePasskeyNickname } from './passkey-nickname.js';

/** What the ceremony needs once the session and the account's passkeys are known. */
export interface PasskeyRegistrationPlan {
  accountId: string;
  /** b64url of 32 random bytes: passed to `create()` and sent as the body's `challenge`. */
  challenge: string;
  /** base64url WebAuthn ids of the account's passkeys. */
  excludeCredentialIds: string[];
  /** The WebAuthn `user.name` (the session's nickname, e.g. the email, unless configured). */
  userName: string;
}

/** The states of passkey registration, discriminated on `status` (docs/contributing.md §2.4). */
export type PasskeyRegistrationState =
  | { status: 'idle'; nicknameProblem: PasskeyNicknameProblem | undefined }
  | { status: 'preparing'; nickname: string }
  /** The browser's passkey prompt is open. */
  | { status: 'awaitingPasskey'; nickname: string; plan: PasskeyRegistrationPlan }
  | { status: 'registering'; nickname: string; progress: SignedActionProgress }
  | { status: 'registered'; credential: AuthMethod }
  | { status: 'cancelled'; nickname: string }
  | {
      status: 'failed';
      nickname: string;
      error: WalletAuthError;
      retryable: boolean;
      retryAt: number | undefined;
    };

/** What passkey registration reacts to: intents (imperative) and effect outcomes (past tense). */
export type PasskeyRegistrationEvent =
  | { type: 'START'; nickname: string }
  | { type: 'PREPARED'; plan: PasskeyRegistrationPlan }
  | { type: 'PREPARE_FAILED'; error: WalletAuthError; now: number }
  | { type: 'ATTESTATION_CREATED'; attestation: PasskeyAttestation }
  | { type: 'CEREMONY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'REGISTER_PROGRESS'; progress: SignedActionProgress }
  | { type: 'REGISTERED'; credential: AuthMethod }
  | { type: 'REGISTER_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work passkey registration asks the interpreter to do, as data. */
export type PasskeyRegistrationEffect =
  | { type: 'prepare' }
  | { type: 'createPasskey'; nickname: string; plan: PasskeyRegistrationPlan }
  | {
      type: 'register';
      body: {
        type: 'PASSKEY';
        accountId: string;
        nickname: string;
        challenge: string;
        attestation: PasskeyAttestation;
      };
    };

type Result = readonly [PasskeyRegistrationState, readonly PasskeyRegistrationEffect[]];

// Causes a new attempt cannot fix: the passkey exists, the device cannot, the session is gone.
const final: ReadonlySet<string> = new Set([
  'PASSKEY_CREDENTIAL_ALREADY_EXISTS',
  'PASSKEY_UNSUPPORTED',
  'INSECURE_CONTEXT',
  'CONFIGURATION_INVALID',
  'SESSION_EXPIRED',
  'SESSION_KEY_MISSING',
]);

/** Builds the passkey registration machine. */
export function createPasskeyRegistrationMachine(): Machine<
  PasskeyRegistrationState,
  PasskeyRegistrationEvent,
  PasskeyRegistrationEffect
> {
  const initial: PasskeyRegistrationState = { status: 'idle', nicknameProblem: undefined };

  const prepare = (nickname: string): Result => [
    { status: 'preparing', nickname },
    [{ type: 'prepare' }],
  ];

  const start = (input: string): Result => {
    const check = validatePasskeyNickname(input);
    if (!check.ok) {
      // Refused before any network call (§9).
      return [{ status: 'idle', nicknameProblem: check.problem }, []];
    }
    return prepare(check.nickname);
  };

  const fail = (nickname: string, error: WalletAuthError, now: number): Result => [
    {
      status: 'failed',
      nickname,
      error,
      retryable: !final.has(error.code) && isPasskeyRetryable(error),
      retryAt: retryAtOf(error, now),
    },
    [],
  ];

  function transition(state: PasskeyRegistrationState, event: PasskeyRegistrationEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return start(event.nickname);
        }
        return [state, []];
      }
      case 'preparing': {
        if (event.type === 'PREPARED') {
          return [
            { status: 'awaitingPasskey', nickname: state.nickname, plan: event.plan },
            [{ type: 'createPasskey', nickname: state.nickname, plan: event.plan }],
          ];
        }
        if (event.type === 'PREPARE_FAILED') {
          return fail(state.nickname, event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'awaitingPasskey': {
        if (event.type === 'ATTESTATION_CREATED') {
          const { accountId, challenge } = state.plan;
          return [
            { status: 'registering', nickname: state.nickname, progress: { kind: 'sending' } },
            [
              {
                type: 'register',
                body: {
                  type: 'PASSKEY',
                  accountId,
                  nickname: state.nickname,
                  challenge,
                  attestation: event.attestation,
                },
              },
            ],
          ];
        }
        if (event.type === 'CEREMONY_FAILED') {
          if (event.error.code === 'PASSKEY_CANCELLED') {
            return [{ status: 'cancelled', nickname: state.nickname }, []];
          }
          return fail(state.nickname, event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'registering': {
        if (event.type === 'REGISTER_PROGRESS') {
          return [{ ...state, progress: event.progress }, []];
        }
        if (event.type === 'REGISTERED') {
          return [{ status: 'registered', credential: event.credential }, []];
        }
        if (event.type === 'REGISTER_FAILED') {
          return fail(state.nickname, event.error, event.now);
        }
        // No CANCEL: once the signed add is on its way, the flow waits for its outcome so the UI
        // never reports "not added" for a passkey the service has.
        return [state, []];
      }
      case 'registered': {
        if (event.type === 'START') {
          return start(event.nickname);
        }
        return [state, []];
      }
      case 'cancelled':
      case 'failed': {
        return stoppedTransition(state, event, {
          initial,
          retry: () => prepare(state.nickname),
          start: (started) => start(started.nickname),
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
