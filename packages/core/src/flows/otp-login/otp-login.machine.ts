/**
 * EMAIL_OTP / SMS_OTP sign-in as a pure machine (docs/service-api.md "Wallet sessions" rule 4,
 * docs/protocol.md §4–§6): challenge → code typed → sealed bundle → 202 → stamp by the TEK → session.
 * Resend has a cooldown; a 429 on the challenge is shown with its countdown and never retried
 * automatically (docs/protocol.md §11.5). Wrong codes are counted across resends, as the service counts
 * them, and the code step locks when the count reaches the service's limit, so the counter and
 * the lock agree (catalogue UI-12). A code that could not be checked for want of a connection
 * returns to the code field (`networkError`), to be sent again.
 */

import { hasServiceReason } from '../../errors/service-reasons.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { Machine, ScheduleEffect } from '../../internal/flow.js';
import type { AuthSession } from '../../types.js';

export type OtpCredentialType = 'EMAIL_OTP' | 'SMS_OTP';

/**
 * Why the person is asked for a code again: a wrong code (with the attempts left before the lock,
 * when the limit is known), an expired or voided code, or a code that could not be checked because
 * the connection failed (it may be sent again as it is).
 */
export type OtpCodeProblem =
  | { kind: 'wrongCode'; failedAttempts: number; attemptsLeft: number | undefined }
  | { kind: 'codeExpired' }
  | { kind: 'networkError'; error: WalletAuthError };

export type OtpLoginState =
  | { status: 'idle' }
  | {
      status: 'requestingCode';
      credentialId: string;
      resend: boolean;
      /** Wrong codes so far; the service counts them across codes until a success or a lock. */
      failedAttempts: number;
    }
  | {
      status: 'awaitingCode';
      credentialId: string;
      otpEncryptionTargetBundle: string;
      /** Epoch ms from which RESEND_CODE is accepted. */
      resendAvailableAt: number;
      resendAvailable: boolean;
      failedAttempts: number;
      problem: OtpCodeProblem | undefined;
    }
  | {
      status: 'verifying';
      credentialId: string;
      otpEncryptionTargetBundle: string;
      resendAvailableAt: number;
      failedAttempts: number;
      /** `processing` while the service settles the signed retry; `rateLimited` with its deadline. */
      progress:
        | { kind: 'sending' }
        | { kind: 'processing' }
        | { kind: 'rateLimited'; retryAt: number };
    }
  | {
      status: 'rateLimited';
      credentialId: string;
      retryAt: number;
      error: WalletAuthError;
      /** `wrongCodes`: the limit of wrong codes was reached; `service`: a 429 from the service. */
      reason: 'wrongCodes' | 'service';
    }
  | { status: 'authenticated'; session: AuthSession }
  | {
      status: 'failed';
      credentialId: string | undefined;
      error: WalletAuthError;
      retryable: boolean;
    };

export type OtpLoginEvent =
  | { type: 'START'; credentialId: string; now: number }
  | { type: 'CODE_SENT'; otpEncryptionTargetBundle: string; now: number }
  | { type: 'CHALLENGE_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RESEND_CODE'; now: number }
  | { type: 'RESEND_AVAILABLE' }
  | { type: 'SUBMIT_CODE'; code: string }
  | {
      type: 'VERIFY_PROGRESS';
      progress: Extract<OtpLoginState, { status: 'verifying' }>['progress'];
    }
  | { type: 'VERIFIED'; session: AuthSession }
  | { type: 'VERIFY_FAILED'; error: WalletAuthError; now: number }
  | { type: 'RATE_LIMIT_OVER' }
  | { type: 'RETRY'; now: number }
  | { type: 'CANCEL' };

export type OtpLoginEffect =
  | { type: 'requestCode'; credentialId: string }
  | { type: 'verifyCode'; credentialId: string; code: string; otpEncryptionTargetBundle: string }
  | ScheduleEffect<OtpLoginEvent>;

export interface OtpLoginMachineOptions {
  /** Seconds before "send a new code" is offered. @defaultValue 30 */
  resendCooldownSeconds?: number;
  /**
   * Consecutive wrong codes after which the service locks the credential (docs/protocol.md §11.5);
   * the wrong code that reaches it locks the code step at once. 0 when unknown: no counter, no
   * lock until the service answers 429. @defaultValue 5
   */
  attemptsBeforeLock?: number;
  /** Seconds the service keeps the credential locked after those wrong codes. @defaultValue 300 */
  lockSeconds?: number;
  /** Code length. @defaultValue 6 */
  codeLength?: number;
}

type Result = readonly [OtpLoginState, readonly OtpLoginEffect[]];

/** Classifies a verify failure that should return the person to the code field. */
export function classifyCodeError(error: WalletAuthError): 'wrongCode' | 'codeExpired' | undefined {
  if (hasServiceReason(error, 'otpCodeWrong')) {
    return 'wrongCode';
  }
  if (hasServiceReason(error, 'otpCodeVoided')) {
    // A bundle that no longer opens means a newer challenge voided it: a new code is needed.
    return 'codeExpired';
  }
  return undefined;
}

function retryAtOf(error: WalletAuthError, now: number): number {
  const seconds = error.details?.retryAfterSeconds;
  return now + (typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : 30_000);
}

/** Builds the OTP sign-in machine. */
export function createOtpLoginMachine(
  options: OtpLoginMachineOptions = {},
): Machine<OtpLoginState, OtpLoginEvent, OtpLoginEffect> {
  const cooldownMs = (options.resendCooldownSeconds ?? 30) * 1000;
  const attemptsBeforeLock = Math.max(0, options.attemptsBeforeLock ?? 5);
  const lockMs = Math.max(1, options.lockSeconds ?? 300) * 1000;
  const codeLength = options.codeLength ?? 6;
  const initial: OtpLoginState = { status: 'idle' };

  function failed(credentialId: string | undefined, error: WalletAuthError): Result {
    return [{ status: 'failed', credentialId, error, retryable: error.retryable }, []];
  }

  function request(credentialId: string, resend: boolean, failedAttempts = 0): Result {
    return [
      { status: 'requestingCode', credentialId, resend, failedAttempts },
      [{ type: 'requestCode', credentialId }],
    ];
  }

  function rateLimited(
    credentialId: string,
    retryAt: number,
    error: WalletAuthError,
    reason: 'wrongCodes' | 'service',
  ): Result {
    return [
      { status: 'rateLimited', credentialId, retryAt, error, reason },
      [{ type: 'schedule', at: retryAt, event: { type: 'RATE_LIMIT_OVER' } }],
    ];
  }

  function transition(state: OtpLoginState, event: OtpLoginEvent): Result {
    switch (state.status) {
      case 'idle': {
        if (event.type === 'START') {
          return request(event.credentialId, false);
        }
        return [state, []];
      }
      case 'requestingCode': {
        if (event.type === 'CODE_SENT') {
          const resendAvailableAt = event.now + cooldownMs;
          return [
            {
              status: 'awaitingCode',
              credentialId: state.credentialId,
              otpEncryptionTargetBundle: event.otpEncryptionTargetBundle,
              resendAvailableAt,
              resendAvailable: cooldownMs === 0,
              failedAttempts: state.failedAttempts,
              problem: undefined,
            },
            cooldownMs === 0
              ? []
              : [{ type: 'schedule', at: resendAvailableAt, event: { type: 'RESEND_AVAILABLE' } }],
          ];
        }
        if (event.type === 'CHALLENGE_FAILED') {
          if (event.error.code === 'RATE_LIMITED') {
            return rateLimited(
              state.credentialId,
              retryAtOf(event.error, event.now),
              event.error,
              'service',
            );
          }
          return failed(state.credentialId, event.error);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'awaitingCode': {
        if (event.type === 'RESEND_AVAILABLE') {
          return state.resendAvailable ? [state, []] : [{ ...state, resendAvailable: true }, []];
        }
        if (event.type === 'RESEND_CODE') {
          if (event.now < state.resendAvailableAt) {
            return [state, []];
          }
          return request(state.credentialId, true, state.failedAttempts);
        }
        if (event.type === 'SUBMIT_CODE') {
          if (event.code.length !== codeLength || !/^[0-9A-Za-z]+$/.test(event.code)) {
            return [state, []];
          }
          return [
            {
              status: 'verifying',
              credentialId: state.credentialId,
              otpEncryptionTargetBundle: state.otpEncryptionTargetBundle,
              resendAvailableAt: state.resendAvailableAt,
              failedAttempts: state.failedAttempts,
              progress: { kind: 'sending' },
            },
            [
              {
                type: 'verifyCode',
                credentialId: state.credentialId,
                code: event.code,
                otpEncryptionTargetBundle: state.otpEncryptionTargetBundle,
              },
            ],
          ];
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'verifying': {
        if (event.type === 'VERIFY_PROGRESS') {
          return [{ ...state, progress: event.progress }, []];
        }
        if (event.type === 'VERIFIED') {
          return [{ status: 'authenticated', session: event.session }, []];
        }
        if (event.type === 'VERIFY_FAILED') {
          const kind =
            classifyCodeError(event.error) ??
            // No answer: the code was perhaps never checked; it goes back to the field as typed.
            (event.error.code === 'NETWORK_ERROR' ? 'networkError' : undefined);
          if (kind === undefined) {
            if (event.error.code === 'RATE_LIMITED') {
              return rateLimited(
                state.credentialId,
                retryAtOf(event.error, event.now),
                event.error,
                'service',
              );
            }
            return failed(state.credentialId, event.error);
          }
          const failedAttempts =
            kind === 'wrongCode' ? state.failedAttempts + 1 : state.failedAttempts;
          if (
            kind === 'wrongCode' &&
            attemptsBeforeLock > 0 &&
            failedAttempts >= attemptsBeforeLock
          ) {
            // This wrong code started the service's lock (docs/protocol.md §11.5): the field closes now,
            // not one useless attempt later, and the wait is the service's lock time.
            const locked = new WalletAuthError(
              'RATE_LIMITED',
              'Too many wrong codes: the service locked this sign-in method for a while.',
              { cause: event.error, details: { retryAfterSeconds: lockMs / 1000 } },
            );
            return rateLimited(state.credentialId, event.now + lockMs, locked, 'wrongCodes');
          }
          const resendAvailable = event.now >= state.resendAvailableAt;
          return [
            {
              status: 'awaitingCode',
              credentialId: state.credentialId,
              otpEncryptionTargetBundle: state.otpEncryptionTargetBundle,
              resendAvailableAt: state.resendAvailableAt,
              resendAvailable,
              failedAttempts,
              problem:
                kind === 'wrongCode'
                  ? {
                      kind,
                      failedAttempts,
                      attemptsLeft:
                        attemptsBeforeLock > 0 ? attemptsBeforeLock - failedAttempts : undefined,
                    }
                  : kind === 'networkError'
                    ? { kind, error: event.error }
                    : { kind },
            },
            resendAvailable
              ? []
              : [
                  {
                    type: 'schedule',
                    at: state.resendAvailableAt,
                    event: { type: 'RESEND_AVAILABLE' },
                  },
                ],
          ];
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'rateLimited': {
        if (event.type === 'RATE_LIMIT_OVER') {
          // The wait is over; the person asks again (the machine never re-sends a challenge by itself).
          return [
            {
              status: 'failed',
              credentialId: state.credentialId,
              error: state.error,
              retryable: true,
            },
            [],
          ];
        }
        if (event.type === 'RETRY' && event.now >= state.retryAt) {
          return request(state.credentialId, true);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'failed': {
        if (event.type === 'RETRY' && state.credentialId !== undefined && state.retryable) {
          return request(state.credentialId, true);
        }
        if (event.type === 'START') {
          return request(event.credentialId, false);
        }
        if (event.type === 'CANCEL') {
          return [initial, []];
        }
        return [state, []];
      }
      case 'authenticated': {
        return [state, []];
      }
      default: {
        return state satisfies never;
      }
    }
  }

  return { initial, transition };
}
