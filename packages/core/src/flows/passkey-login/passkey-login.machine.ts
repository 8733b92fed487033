/**
 * PASSKEY sign-in and re-authentication as a pure machine (docs/service-api.md "Wallet sessions"
 * rules 6 and 7, docs/protocol.md §9): a fresh client key → challenge → the browser's `get()` →
 * verify with the challenge's `Request-Id` → session. Dismissing the prompt is a state
 * (`cancelled`), not an error; starting again while a prompt is open replaces it (catalogue PK-13).
 *
 * Autofill (catalogue PK-18): `START_AUTOFILL` asks for a challenge and runs `get()` with
 * conditional mediation, so the browser offers the passkey in an input's autofill
 * (`preparingAutofill`, `awaitingAutofill`, both quiet: nothing on screen changes). Any failure
 * there returns silently to `idle`; a click (`START`) for the same credential takes over the
 * challenge with a prompt; the challenge's expiry ends the autofill. A passkey picked from
 * autofill that is not the challenged one is refused before verify (`otherPasskey`).
 */

import type { ClientKey } from '../../crypto/client-key.js';
import type { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine, ScheduleEffect } from '../../internal/flow.js';
import type { AuthSession, PasskeyAssertion } from '../../types.js';
import { stoppedTransition } from '../stopped.js';

/** A passkey challenge as the flow keeps it until verify. */
export interface PasskeyLoginChallenge {
  /** The key the session will be sealed to (or, client-held, the session key itself, §15). */
  clientKey: ClientKey;
  /** 64 lowercase hex characters, passed to `get()` as their UTF-8 bytes. */
  challenge: string;
  /** `Request:<uuid>`, sent as the `Request-Id` header of verify. */
  requestId: string;
  /** Local epoch ms after which the challenge is void. */
  expiresAt: number;
  /** base64url WebAuthn id of the challenged credential, when the service names it. */
  webauthnCredentialId: string | undefined;
}

/** The states of passkey sign-in, discriminated on `status` (docs/contributing.md §2.4). */
export type PasskeyLoginState =
  | { status: 'idle' }
  /** A challenge is requested for autofill; nothing is shown. */
  | { status: 'preparingAutofill'; credentialId: string }
  /** The browser offers the passkey in autofill (conditional mediation); nothing is shown. */
  | { status: 'awaitingAutofill'; credentialId: string; challenge: PasskeyLoginChallenge }
  | { status: 'requestingChallenge'; credentialId: string }
  /** The browser's passkey prompt is open. */
  | { status: 'awaitingPasskey'; credentialId: string; challenge: PasskeyLoginChallenge }
  | { status: 'verifying'; credentialId: string }
  | { status: 'authenticated'; credentialId: string; session: AuthSession }
  /** The person dismissed the prompt (or it timed out); `retry()` asks again with a new challenge. */
  | { status: 'cancelled'; credentialId: string }
  | {
      status: 'failed';
      credentialId: string;
      error: WalletAuthError;
      retryable: boolean;
      /** Epoch ms before which RETRY is ignored (a 429's `Retry-After`). */
      retryAt: number | undefined;
    };

/** What passkey sign-in reacts to: intents (imperative) and effect outcomes (past tense). */
export type PasskeyLoginEvent =
  /** `now` lets a click take over an autofill's challenge that has not expired. */
  | { type: 'START'; credentialId: string; now?: number }
  /** Offer the credential's passkey in autofill (conditional mediation). */
  | { type: 'START_AUTOFILL'; credentialId: string }
  /** The autofill's challenge lapsed. */
  | { type: 'AUTOFILL_EXPIRED' }
  | { type: 'CHALLENGE_ISSUED'; challenge: PasskeyLoginChallenge; now: number }
  | { type: 'CHALLENGE_FAILED'; error: WalletAuthError; now: number }
  | { type: 'ASSERTION_CREATED'; assertion: PasskeyAssertion }
  | { type: 'CEREMONY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'VERIFIED'; session: AuthSession }
  | { type: 'VERIFY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

/** The work passkey sign-in asks the interpreter to do, as data. */
export type PasskeyLoginEffect =
  | { type: 'requestChallenge'; credentialId: string }
  | {
      type: 'getAssertion';
      challenge: PasskeyLoginChallenge;
      timeoutMs: number;
      /** `conditional`: offered in autofill, no prompt. */
      mediation?: 'conditional';
    }
  | ScheduleEffect<PasskeyLoginEvent>
  | {
      type: 'verify';
      credentialId: string;
      challenge: PasskeyLoginChallenge;
      assertion: PasskeyAssertion;
    };

type Result = readonly [PasskeyLoginState, readonly PasskeyLoginEffect[]];

// A rejected assertion or a lapsed challenge passes with a new challenge; so may transient causes.
const passWithNewChallenge: ReadonlySet<string> = new Set(['UNAUTHORIZED', 'CHALLENGE_EXPIRED']);

/**
 * Tells whether a ceremony failure is a passkey picked from autofill that is not the challenged
 * credential's (the effect refuses it before verify, `details.passkeyProblem`). Pure.
 * @param error - The ceremony's failure.
 */
export function isOtherPasskey(error: WalletAuthError): boolean {
  return error.details?.passkeyProblem === 'otherPasskey';
}

/**
 * Tells whether another attempt with a new challenge may succeed (pure).
 * @param error - The failure.
 */
export function isPasskeyRetryable(error: WalletAuthError): boolean {
  return error.retryable || passWithNewChallenge.has(error.code);
}

/**
 * The epoch ms before which a retry is pointless: the 429's `Retry-After`, else `undefined` (pure).
 * @param error - The failure.
 * @param now - Epoch ms of the failure.
 */
export function retryAtOf(error: WalletAuthError, now: number): number | undefined {
  const seconds = error.details?.retryAfterSeconds;
  return error.code === 'RATE_LIMITED' && typeof seconds === 'number' && seconds > 0
    ? now + seconds * 1000
    : undefined;
}

// Bounds of the ceremony timeout: the time left on the challenge, within reason.
const MIN_CEREMONY_MS = 10_000;
const MAX_CEREMONY_MS = 300_000;

/** Builds the passkey sign-in machine. */
export function createPasskeyLoginMachine(): Machine<
  PasskeyLoginState,
  PasskeyLoginEvent,
  PasskeyLoginEffect
> {
  const initial: PasskeyLoginState = { status: 'idle' };

  const request = (credentialId: string): Result => [
    { status: 'requestingChallenge', credentialId },
    [{ type: 'requestChallenge', credentialId }],
  ];

  const timeoutOf = (challenge: PasskeyLoginChallenge, now: number) =>
    Math.min(MAX_CEREMONY_MS, Math.max(MIN_CEREMONY_MS, challenge.expiresAt - now));

  const prompt = (credentialId: string, challenge: PasskeyLoginChallenge, now: number): Result => [
    { status: 'awaitingPasskey', credentialId, challenge },
    [{ type: 'getAssertion', challenge, timeoutMs: timeoutOf(challenge, now) }],
  ];

  const verify = (
    credentialId: string,
    challenge: PasskeyLoginChallenge,
    assertion: PasskeyAssertion,
  ): Result => [
    { status: 'verifying', credentialId },
    [{ type: 'verify', credentialId, challenge, assertion }],
  ];

  const fail = (credentialId: string, error: WalletAuthError, now: number): Result => [
    {
      status: 'failed',
      credentialId,
      error,
      retryable: isPasskeyRetryable(error),
      retryAt: retryAtOf(error, now),
    },
    [],
  ];

  function transition(state: PasskeyLoginState, event: PasskeyLoginEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return request(event.credentialId);
        }
        if (event.type === 'START_AUTOFILL') {
          return [
            { status: 'preparingAutofill', credentialId: event.credentialId },
            [{ type: 'requestChallenge', credentialId: event.credentialId }],
          ];
        }
        return [state, []];
      }
      case 'preparingAutofill': {
        if (event.type === 'CHALLENGE_ISSUED') {
          const { challenge } = event;
          return [
            { status: 'awaitingAutofill', credentialId: state.credentialId, challenge },
            [
              {
                type: 'getAssertion',
                challenge,
                timeoutMs: timeoutOf(challenge, event.now),
                mediation: 'conditional',
              },
              // Browsers may keep a conditional request open past its timeout: the challenge's
              // expiry ends it.
              { type: 'schedule', at: challenge.expiresAt, event: { type: 'AUTOFILL_EXPIRED' } },
            ],
          ];
        }
        if (event.type === 'CHALLENGE_FAILED' || event.type === 'CANCEL') {
          return [initial, []];
        }
        if (event.type === 'START') {
          return request(event.credentialId);
        }
        return [state, []];
      }
      case 'awaitingAutofill': {
        if (event.type === 'ASSERTION_CREATED') {
          return verify(state.credentialId, state.challenge, event.assertion);
        }
        if (event.type === 'CEREMONY_FAILED') {
          // Silent, the button is still there; only a passkey of another account is worth saying.
          return isOtherPasskey(event.error)
            ? fail(state.credentialId, event.error, event.now)
            : [initial, []];
        }
        if (event.type === 'START') {
          // A click takes over the autofill's challenge: the prompt opens at once, with no new
          // challenge (and, in WebKit, within the click's activation).
          const now = event.now ?? 0;
          return event.credentialId === state.credentialId && now < state.challenge.expiresAt
            ? prompt(state.credentialId, state.challenge, now)
            : request(event.credentialId);
        }
        if (event.type === 'AUTOFILL_EXPIRED' || event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'requestingChallenge': {
        if (event.type === 'CHALLENGE_ISSUED') {
          return prompt(state.credentialId, event.challenge, event.now);
        }
        if (event.type === 'CHALLENGE_FAILED') {
          return fail(state.credentialId, event.error, event.now);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'awaitingPasskey': {
        if (event.type === 'ASSERTION_CREATED') {
          return verify(state.credentialId, state.challenge, event.assertion);
        }
        if (event.type === 'CEREMONY_FAILED') {
          if (event.error.code === 'PASSKEY_CANCELLED') {
            // The challenge is left to expire on the service (catalogue PK-12).
            return [{ status: 'cancelled', credentialId: state.credentialId }, []];
          }
          return fail(state.credentialId, event.error, event.now);
        }
        if (event.type === 'START') {
          // A second start closes the open prompt (the interpreter aborts it) and asks anew (PK-13).
          return request(event.credentialId);
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
          // Re-authentication: challenge then verify with a fresh key (rule 7).
          return request(event.credentialId);
        }
        return [state, []];
      }
      case 'cancelled':
      case 'failed': {
        return stoppedTransition(state, event, {
          initial,
          retry: () => request(state.credentialId),
          start: (started) => request(started.credentialId),
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
