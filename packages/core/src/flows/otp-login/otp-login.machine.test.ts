import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { AuthSession } from '../../types.js';
import {
  classifyCodeError,
  createOtpLoginMachine,
  type OtpLoginEvent,
  type OtpLoginState,
} from './otp-login.machine.js';

const NOW = 1_000_000;
const CRED = 'AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e';
const BUNDLE = '{"version":"v1.0.0","data":"00","dataSignature":"00","enclaveQuorumPublic":"04"}';
const SESSION = { id: 'Session:x', type: 'EMAIL_OTP' } as AuthSession;
const machine = createOtpLoginMachine({ resendCooldownSeconds: 30 });
const unauthorized = (reason: string) =>
  new WalletAuthError('UNAUTHORIZED', 'Authentication failed', { status: 401, reason });

function run(events: OtpLoginEvent[], m = machine) {
  let state: OtpLoginState = m.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = m.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toAwaiting: OtpLoginEvent[] = [
  { type: 'START', credentialId: CRED, now: NOW },
  { type: 'CODE_SENT', otpEncryptionTargetBundle: BUNDLE, now: NOW },
];

describe('otp-login machine', () => {
  it('given START, should request a code for the credential', () => {
    const { state, effects } = run([{ type: 'START', credentialId: CRED, now: NOW }]);
    expect(state).toEqual({
      status: 'requestingCode',
      credentialId: CRED,
      resend: false,
      failedAttempts: 0,
    });
    expect(effects[0]).toEqual([{ type: 'requestCode', credentialId: CRED }]);
  });

  it('given the code was sent, should await it with a resend cooldown timer', () => {
    const { state, effects } = run(toAwaiting);
    expect(state).toMatchObject({
      status: 'awaitingCode',
      resendAvailable: false,
      resendAvailableAt: NOW + 30_000,
    });
    expect(effects[1]).toEqual([
      { type: 'schedule', at: NOW + 30_000, event: { type: 'RESEND_AVAILABLE' } },
    ]);
  });

  it('given RESEND_CODE before the cooldown, should ignore it (same state object)', () => {
    const { state } = run(toAwaiting);
    const [next, fx] = machine.transition(state, { type: 'RESEND_CODE', now: NOW + 29_999 });
    expect(next).toBe(state);
    expect(fx).toEqual([]);
  });

  it('given RESEND_CODE after the cooldown, should request a new code', () => {
    const { state, effects } = run([
      ...toAwaiting,
      { type: 'RESEND_AVAILABLE' },
      { type: 'RESEND_CODE', now: NOW + 30_000 },
    ]);
    expect(state).toEqual({
      status: 'requestingCode',
      credentialId: CRED,
      resend: true,
      failedAttempts: 0,
    });
    expect(effects[3]).toEqual([{ type: 'requestCode', credentialId: CRED }]);
  });

  it('given a complete code, should verify it against the bundle it was issued with', () => {
    const { state, effects } = run([...toAwaiting, { type: 'SUBMIT_CODE', code: '000000' }]);
    expect(state).toMatchObject({ status: 'verifying', progress: { kind: 'sending' } });
    expect(effects[2]).toEqual([
      { type: 'verifyCode', credentialId: CRED, code: '000000', otpEncryptionTargetBundle: BUNDLE },
    ]);
  });

  it('given an incomplete code, should ignore it', () => {
    const { state } = run(toAwaiting);
    expect(machine.transition(state, { type: 'SUBMIT_CODE', code: '12345' })[0]).toBe(state);
  });

  it('given a wrong code, should return to the code field with the attempts left', () => {
    const { state } = run([
      ...toAwaiting,
      { type: 'SUBMIT_CODE', code: '123456' },
      { type: 'VERIFY_FAILED', error: unauthorized('Invalid OTP code'), now: NOW + 5000 },
    ]);
    expect(state).toMatchObject({
      status: 'awaitingCode',
      failedAttempts: 1,
      problem: { kind: 'wrongCode', failedAttempts: 1, attemptsLeft: 4 },
    });
  });

  const wrong = (at: number): OtpLoginEvent[] => [
    { type: 'SUBMIT_CODE', code: '123456' },
    { type: 'VERIFY_FAILED', error: unauthorized('Invalid OTP code'), now: NOW + at },
  ];

  it('UI-12: given wrong codes up to the limit, should count down to one attempt and lock on the code that reaches the limit, never showing 0 attempts with the field open', () => {
    const fourth = run([...toAwaiting, ...wrong(1), ...wrong(2), ...wrong(3), ...wrong(4)]);
    expect(fourth.state).toMatchObject({
      status: 'awaitingCode',
      problem: { kind: 'wrongCode', failedAttempts: 4, attemptsLeft: 1 },
    });
    const [verifying] = machine.transition(fourth.state, { type: 'SUBMIT_CODE', code: '555555' });
    const [locked, effects] = machine.transition(verifying, {
      type: 'VERIFY_FAILED',
      error: unauthorized('Invalid OTP code'),
      now: NOW + 5000,
    });
    expect(locked).toMatchObject({
      status: 'rateLimited',
      reason: 'wrongCodes',
      retryAt: NOW + 5000 + 300_000,
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 300 } },
    });
    expect(effects).toEqual([
      { type: 'schedule', at: NOW + 305_000, event: { type: 'RATE_LIMIT_OVER' } },
    ]);
    // No code can be typed into a locked step; after the lock a new code starts a fresh count.
    expect(machine.transition(locked, { type: 'SUBMIT_CODE', code: '000000' })[0]).toBe(locked);
    const [over] = machine.transition(locked, { type: 'RATE_LIMIT_OVER' });
    expect(machine.transition(over, { type: 'RETRY', now: NOW + 306_000 })[0]).toMatchObject({
      status: 'requestingCode',
      failedAttempts: 0,
    });
  });

  it('UI-12: given wrong codes before a resend, should keep counting them against the same limit (the service counts per credential)', () => {
    const { state } = run([
      ...toAwaiting,
      ...wrong(1),
      ...wrong(2),
      ...wrong(3),
      { type: 'RESEND_AVAILABLE' },
      { type: 'RESEND_CODE', now: NOW + 30_000 },
      { type: 'CODE_SENT', otpEncryptionTargetBundle: BUNDLE, now: NOW + 31_000 },
      ...wrong(32_000),
    ]);
    expect(state).toMatchObject({
      status: 'awaitingCode',
      problem: { kind: 'wrongCode', failedAttempts: 4, attemptsLeft: 1 },
    });
    expect(run([...toAwaiting, ...wrong(1), ...wrong(2)]).state).toMatchObject({
      problem: { attemptsLeft: 3 },
    });
  });

  it('UI-12: given lockSeconds and attemptsBeforeLock, should lock after that many for that long; given 0 attempts, should show no counter and leave the lock to the service', () => {
    const strict = createOtpLoginMachine({ attemptsBeforeLock: 2, lockSeconds: 60 });
    const locked = run([...toAwaiting, ...wrong(1), ...wrong(2)], strict).state;
    expect(locked).toMatchObject({ status: 'rateLimited', retryAt: NOW + 2 + 60_000 });
    const unknown = createOtpLoginMachine({ attemptsBeforeLock: 0 });
    const many = [...toAwaiting, ...wrong(1), ...wrong(2), ...wrong(3), ...wrong(4), ...wrong(5)];
    expect(run(many, unknown).state).toMatchObject({
      status: 'awaitingCode',
      problem: { kind: 'wrongCode', failedAttempts: 5, attemptsLeft: undefined },
    });
  });

  it('given no connection while the code is checked, should return to the field without counting a wrong code', () => {
    const offline = new WalletAuthError('NETWORK_ERROR', 'fetch failed');
    const { state } = run([
      ...toAwaiting,
      ...wrong(1),
      { type: 'SUBMIT_CODE', code: '000000' },
      { type: 'VERIFY_FAILED', error: offline, now: NOW + 2000 },
    ]);
    expect(state).toMatchObject({
      status: 'awaitingCode',
      failedAttempts: 1,
      problem: { kind: 'networkError', error: offline },
    });
    // The same code may be sent again as it is.
    expect(machine.transition(state, { type: 'SUBMIT_CODE', code: '000000' })[1]).toEqual([
      { type: 'verifyCode', credentialId: CRED, code: '000000', otpEncryptionTargetBundle: BUNDLE },
    ]);
  });

  it('given an expired code, should ask for a new one', () => {
    const { state } = run([
      ...toAwaiting,
      { type: 'SUBMIT_CODE', code: '000000' },
      { type: 'VERIFY_FAILED', error: unauthorized('OTP expired'), now: NOW + 400_000 },
    ]);
    expect(state).toMatchObject({
      status: 'awaitingCode',
      problem: { kind: 'codeExpired' },
      resendAvailable: true,
    });
  });

  it('given PROCESSING progress then a session, should show settling then authenticate', () => {
    const { state: settling } = run([
      ...toAwaiting,
      { type: 'SUBMIT_CODE', code: '000000' },
      { type: 'VERIFY_PROGRESS', progress: { kind: 'processing' } },
    ]);
    expect(settling).toMatchObject({ status: 'verifying', progress: { kind: 'processing' } });
    expect(machine.transition(settling, { type: 'VERIFIED', session: SESSION })[0]).toEqual({
      status: 'authenticated',
      session: SESSION,
    });
  });

  it('given 429 on the challenge, should show the countdown and never re-send by itself', () => {
    const limited = new WalletAuthError('RATE_LIMITED', 'Too many', {
      status: 429,
      details: { retryAfterSeconds: 42 },
    });
    const { state, effects } = run([
      { type: 'START', credentialId: CRED, now: NOW },
      { type: 'CHALLENGE_FAILED', error: limited, now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'rateLimited', retryAt: NOW + 42_000 });
    expect(effects[1]).toEqual([
      { type: 'schedule', at: NOW + 42_000, event: { type: 'RATE_LIMIT_OVER' } },
    ]);
    const [over, fx] = machine.transition(state, { type: 'RATE_LIMIT_OVER' });
    expect(over).toMatchObject({ status: 'failed', retryable: true });
    expect(fx).toEqual([]);
    expect(machine.transition(state, { type: 'RETRY', now: NOW + 41_000 })[0]).toBe(state);
    expect(machine.transition(over, { type: 'RETRY', now: NOW + 42_000 })[1]).toEqual([
      { type: 'requestCode', credentialId: CRED },
    ]);
  });

  it('given a non-retryable failure, should not retry on RETRY', () => {
    const { state } = run([
      { type: 'START', credentialId: CRED, now: NOW },
      {
        type: 'CHALLENGE_FAILED',
        error: new WalletAuthError('NOT_FOUND', 'No such credential'),
        now: NOW,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: false });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
  });

  it('given CANCEL while awaiting the code, should go back to idle', () => {
    expect(run([...toAwaiting, { type: 'CANCEL' }]).state).toEqual({ status: 'idle' });
  });

  it('given every state, should ignore the events it does not accept', () => {
    const states = [
      machine.initial,
      run([{ type: 'START', credentialId: CRED, now: NOW }]).state,
      run(toAwaiting).state,
      run([...toAwaiting, { type: 'SUBMIT_CODE', code: '000000' }]).state,
      run([
        ...toAwaiting,
        { type: 'SUBMIT_CODE', code: '000000' },
        { type: 'VERIFIED', session: SESSION },
      ]).state,
    ];
    const accepted: Record<string, string[]> = {
      idle: ['START'],
      requestingCode: ['CODE_SENT', 'CHALLENGE_FAILED', 'CANCEL'],
      awaitingCode: ['RESEND_AVAILABLE', 'RESEND_CODE', 'SUBMIT_CODE', 'CANCEL'],
      verifying: ['VERIFY_PROGRESS', 'VERIFIED', 'VERIFY_FAILED', 'CANCEL'],
      authenticated: [],
    };
    const all: OtpLoginEvent[] = [
      { type: 'START', credentialId: CRED, now: NOW },
      { type: 'CODE_SENT', otpEncryptionTargetBundle: BUNDLE, now: NOW },
      { type: 'CHALLENGE_FAILED', error: new WalletAuthError('UNKNOWN', 'x'), now: NOW },
      { type: 'RESEND_CODE', now: NOW + 60_000 },
      { type: 'RESEND_AVAILABLE' },
      { type: 'SUBMIT_CODE', code: '000000' },
      { type: 'VERIFY_PROGRESS', progress: { kind: 'processing' } },
      { type: 'VERIFIED', session: SESSION },
      { type: 'VERIFY_FAILED', error: new WalletAuthError('UNKNOWN', 'x'), now: NOW },
      { type: 'RATE_LIMIT_OVER' },
      { type: 'RETRY', now: NOW },
      { type: 'CANCEL' },
    ];
    for (const state of states) {
      for (const event of all) {
        if (!accepted[state.status]!.includes(event.type)) {
          const [next, fx] = machine.transition(state, event);
          expect(next, `${state.status} × ${event.type}`).toBe(state);
          expect(fx).toEqual([]);
        }
      }
    }
  });

  it('given the reasons of docs/protocol.md §5, should classify code errors', () => {
    expect(classifyCodeError(unauthorized('Invalid OTP code'))).toBe('wrongCode');
    expect(classifyCodeError(unauthorized('OTP expired'))).toBe('codeExpired');
    expect(classifyCodeError(unauthorized('No pending OTP for this credential'))).toBe(
      'codeExpired',
    );
    expect(classifyCodeError(unauthorized('Invalid OTP bundle'))).toBe('codeExpired');
    expect(classifyCodeError(new WalletAuthError('INVALID_INPUT', 'x'))).toBeUndefined();
  });
});
