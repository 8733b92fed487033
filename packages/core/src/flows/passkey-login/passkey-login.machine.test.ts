import { describe, expect, it } from 'vitest';
import type { ClientKey } from '../../crypto/client-key.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { AuthSession, PasskeyAssertion } from '../../types.js';
import {
  createPasskeyLoginMachine,
  isPasskeyRetryable,
  type PasskeyLoginChallenge,
  type PasskeyLoginEvent,
  type PasskeyLoginState,
  retryAtOf,
} from './passkey-login.machine.js';

const NOW = 1_000_000;
const CRED = 'AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = 'AuthMethod:7c9e6679-7425-40de-944b-e07fc1f90ae7';
const CHALLENGE: PasskeyLoginChallenge = {
  clientKey: { mode: 'documented', clientPublicKey: '04ab' } as unknown as ClientKey,
  challenge: 'a'.repeat(64),
  requestId: 'Request:6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  expiresAt: NOW + 300_000,
  webauthnCredentialId: 'cred-id',
};
const ASSERTION = { credentialId: 'cred-id' } as PasskeyAssertion;
const SESSION = { id: 'Session:x', type: 'PASSKEY' } as AuthSession;
const machine = createPasskeyLoginMachine();
const error = (code: WalletAuthError['code'], options = {}) =>
  new WalletAuthError(code, code, options);

function run(events: PasskeyLoginEvent[]) {
  let state: PasskeyLoginState = machine.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toAwaiting: PasskeyLoginEvent[] = [
  { type: 'START', credentialId: CRED },
  { type: 'CHALLENGE_ISSUED', challenge: CHALLENGE, now: NOW },
];
const toVerifying: PasskeyLoginEvent[] = [
  ...toAwaiting,
  { type: 'ASSERTION_CREATED', assertion: ASSERTION },
];

describe('passkey-login machine', () => {
  it('given START, should request a challenge for the credential', () => {
    const { state, effects } = run([{ type: 'START', credentialId: CRED }]);
    expect(state).toEqual({ status: 'requestingChallenge', credentialId: CRED });
    expect(effects[0]).toEqual([{ type: 'requestChallenge', credentialId: CRED }]);
  });

  it('given a challenge, should open the prompt with the time left on it as the timeout', () => {
    const { state, effects } = run(toAwaiting);
    expect(state).toEqual({ status: 'awaitingPasskey', credentialId: CRED, challenge: CHALLENGE });
    expect(effects[1]).toEqual([
      { type: 'getAssertion', challenge: CHALLENGE, timeoutMs: 300_000 },
    ]);
  });

  it('given a challenge with little time left, should still give the prompt 10 s', () => {
    const { effects } = run([
      { type: 'START', credentialId: CRED },
      { type: 'CHALLENGE_ISSUED', challenge: { ...CHALLENGE, expiresAt: NOW + 1000 }, now: NOW },
    ]);
    expect(effects[1]).toMatchObject([{ timeoutMs: 10_000 }]);
  });

  it('given an assertion, should verify it with the challenge (its Request-Id and client key)', () => {
    const { state, effects } = run(toVerifying);
    expect(state).toEqual({ status: 'verifying', credentialId: CRED });
    expect(effects[2]).toEqual([
      { type: 'verify', credentialId: CRED, challenge: CHALLENGE, assertion: ASSERTION },
    ]);
  });

  it('given VERIFIED, should be authenticated with the session', () => {
    const { state } = run([...toVerifying, { type: 'VERIFIED', session: SESSION }]);
    expect(state).toEqual({ status: 'authenticated', credentialId: CRED, session: SESSION });
  });

  it('PK-12: given the person dismissed the prompt, should be cancelled (a state, not an error)', () => {
    const { state, effects } = run([
      ...toAwaiting,
      { type: 'CEREMONY_FAILED', error: error('PASSKEY_CANCELLED'), now: NOW },
    ]);
    expect(state).toEqual({ status: 'cancelled', credentialId: CRED });
    expect(effects[2]).toEqual([]);
    const [retried, fx] = machine.transition(state, { type: 'RETRY', now: NOW });
    expect(retried).toEqual({ status: 'requestingChallenge', credentialId: CRED });
    expect(fx).toEqual([{ type: 'requestChallenge', credentialId: CRED }]);
  });

  it('PK-12: given an unsupported device, should fail without a retry', () => {
    const { state } = run([
      ...toAwaiting,
      { type: 'CEREMONY_FAILED', error: error('PASSKEY_UNSUPPORTED'), now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: false, retryAt: undefined });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
  });

  it('PK-13: given START while a prompt is open, should ask for a new challenge (the prompt is closed)', () => {
    const { state, effects } = run([...toAwaiting, { type: 'START', credentialId: OTHER }]);
    expect(state).toEqual({ status: 'requestingChallenge', credentialId: OTHER });
    expect(effects[2]).toEqual([{ type: 'requestChallenge', credentialId: OTHER }]);
  });

  it('PK-01: given a rejected assertion, should fail and allow a retry with a new challenge', () => {
    const rejected = error('UNAUTHORIZED', { status: 401, reason: 'Invalid passkey signature' });
    const { state } = run([...toVerifying, { type: 'VERIFY_FAILED', error: rejected, now: NOW }]);
    expect(state).toMatchObject({ status: 'failed', credentialId: CRED, retryable: true });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[1]).toEqual([
      { type: 'requestChallenge', credentialId: CRED },
    ]);
  });

  it('given a 429 on the challenge, should hold RETRY until Retry-After has passed', () => {
    const limited = error('RATE_LIMITED', { status: 429, details: { retryAfterSeconds: 42 } });
    const { state } = run([
      { type: 'START', credentialId: CRED },
      { type: 'CHALLENGE_FAILED', error: limited, now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: true, retryAt: NOW + 42_000 });
    expect(machine.transition(state, { type: 'RETRY', now: NOW + 41_999 })[0]).toBe(state);
    expect(machine.transition(state, { type: 'RETRY', now: NOW + 42_000 })[0]).toEqual({
      status: 'requestingChallenge',
      credentialId: CRED,
    });
  });

  it('given an unknown credential, should fail for good', () => {
    const { state } = run([
      { type: 'START', credentialId: CRED },
      { type: 'CHALLENGE_FAILED', error: error('NOT_FOUND', { status: 404 }), now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: false });
  });

  it('given START after authentication, should re-authenticate with a new challenge (rule 7)', () => {
    const { state, effects } = run([
      ...toVerifying,
      { type: 'VERIFIED', session: SESSION },
      { type: 'START', credentialId: CRED },
    ]);
    expect(state).toEqual({ status: 'requestingChallenge', credentialId: CRED });
    expect(effects[4]).toEqual([{ type: 'requestChallenge', credentialId: CRED }]);
  });

  it('given CANCEL in any pending state, should go back to idle', () => {
    for (const events of [
      [{ type: 'START', credentialId: CRED } as const],
      toAwaiting,
      toVerifying,
    ]) {
      expect(run([...events, { type: 'CANCEL' }]).state).toEqual({ status: 'idle' });
    }
  });

  const toAutofill: PasskeyLoginEvent[] = [
    { type: 'START_AUTOFILL', credentialId: CRED },
    { type: 'CHALLENGE_ISSUED', challenge: CHALLENGE, now: NOW },
  ];

  it('PK-18: given START_AUTOFILL, should ask for a challenge and offer it in autofill with conditional mediation until it expires', () => {
    const { state, effects } = run(toAutofill);
    expect(effects[0]).toEqual([{ type: 'requestChallenge', credentialId: CRED }]);
    expect(state).toEqual({ status: 'awaitingAutofill', credentialId: CRED, challenge: CHALLENGE });
    expect(effects[1]).toEqual([
      { type: 'getAssertion', challenge: CHALLENGE, timeoutMs: 300_000, mediation: 'conditional' },
      { type: 'schedule', at: NOW + 300_000, event: { type: 'AUTOFILL_EXPIRED' } },
    ]);
    expect(machine.transition(state, { type: 'AUTOFILL_EXPIRED' })[0]).toEqual({ status: 'idle' });
  });

  it('PK-18: given a passkey picked from autofill, should verify it with the autofill challenge', () => {
    const { state, effects } = run([
      ...toAutofill,
      { type: 'ASSERTION_CREATED', assertion: ASSERTION },
    ]);
    expect(state).toEqual({ status: 'verifying', credentialId: CRED });
    expect(effects[2]).toEqual([
      { type: 'verify', credentialId: CRED, challenge: CHALLENGE, assertion: ASSERTION },
    ]);
  });

  it('PK-18: given autofill failing (no challenge, dismissed, aborted), should return to idle without a word', () => {
    expect(
      run([
        { type: 'START_AUTOFILL', credentialId: CRED },
        { type: 'CHALLENGE_FAILED', error: error('RATE_LIMITED'), now: NOW },
      ]).state,
    ).toEqual({ status: 'idle' });
    for (const code of ['PASSKEY_CANCELLED', 'ABORTED', 'PASSKEY_UNSUPPORTED'] as const) {
      expect(
        run([...toAutofill, { type: 'CEREMONY_FAILED', error: error(code), now: NOW }]).state,
      ).toEqual({ status: 'idle' });
    }
  });

  it('PK-18: given a passkey of another account picked from autofill, should fail visibly so it can be said', () => {
    const other = error('UNAUTHORIZED', { details: { passkeyProblem: 'otherPasskey' } });
    expect(
      run([...toAutofill, { type: 'CEREMONY_FAILED', error: other, now: NOW }]).state,
    ).toMatchObject({
      status: 'failed',
      credentialId: CRED,
      error: other,
      retryable: true,
    });
  });

  it('PK-18: given a click while autofill waits, should open the prompt on the same challenge (no new one); another passkey or an expired challenge asks anew', () => {
    const { state } = run(toAutofill);
    expect(
      machine.transition(state, { type: 'START', credentialId: CRED, now: NOW + 1000 }),
    ).toEqual([
      { status: 'awaitingPasskey', credentialId: CRED, challenge: CHALLENGE },
      [{ type: 'getAssertion', challenge: CHALLENGE, timeoutMs: 299_000 }],
    ]);
    expect(machine.transition(state, { type: 'START', credentialId: OTHER, now: NOW })[0]).toEqual({
      status: 'requestingChallenge',
      credentialId: OTHER,
    });
    expect(
      machine.transition(state, { type: 'START', credentialId: CRED, now: NOW + 300_000 })[0],
    ).toEqual({ status: 'requestingChallenge', credentialId: CRED });
    const [preparing] = machine.transition(machine.initial, {
      type: 'START_AUTOFILL',
      credentialId: CRED,
    });
    expect(machine.transition(preparing, { type: 'START', credentialId: CRED })[0]).toEqual({
      status: 'requestingChallenge',
      credentialId: CRED,
    });
  });

  it('given the failure causes, should judge which a new challenge may fix', () => {
    expect(isPasskeyRetryable(error('UNAUTHORIZED'))).toBe(true);
    expect(isPasskeyRetryable(error('CHALLENGE_EXPIRED'))).toBe(true);
    expect(isPasskeyRetryable(error('NETWORK_ERROR'))).toBe(true);
    expect(isPasskeyRetryable(error('PASSKEY_UNSUPPORTED'))).toBe(false);
    expect(isPasskeyRetryable(error('PROTOCOL_ERROR'))).toBe(false);
    expect(retryAtOf(error('RATE_LIMITED', { details: { retryAfterSeconds: 2 } }), NOW)).toBe(
      NOW + 2000,
    );
    expect(retryAtOf(error('RATE_LIMITED'), NOW)).toBeUndefined();
    expect(retryAtOf(error('UNAUTHORIZED', { details: { retryAfterSeconds: 2 } }), NOW)).toBe(
      undefined,
    );
  });

  it('given every state, should ignore the events it does not accept', () => {
    const failure = error('UNAUTHORIZED');
    const states: PasskeyLoginState[] = [
      machine.initial,
      run([{ type: 'START', credentialId: CRED }]).state,
      run(toAwaiting).state,
      run(toVerifying).state,
      run([...toVerifying, { type: 'VERIFIED', session: SESSION }]).state,
      run([...toAwaiting, { type: 'CEREMONY_FAILED', error: error('PASSKEY_CANCELLED'), now: NOW }])
        .state,
      run([...toVerifying, { type: 'VERIFY_FAILED', error: failure, now: NOW }]).state,
      run([{ type: 'START_AUTOFILL', credentialId: CRED }]).state,
      run(toAutofill).state,
    ];
    expect(states.map((s) => s.status)).toEqual([
      'idle',
      'requestingChallenge',
      'awaitingPasskey',
      'verifying',
      'authenticated',
      'cancelled',
      'failed',
      'preparingAutofill',
      'awaitingAutofill',
    ]);
    const accepted: Record<PasskeyLoginState['status'], PasskeyLoginEvent['type'][]> = {
      idle: ['START', 'START_AUTOFILL'],
      preparingAutofill: ['CHALLENGE_ISSUED', 'CHALLENGE_FAILED', 'START', 'CANCEL'],
      awaitingAutofill: [
        'ASSERTION_CREATED',
        'CEREMONY_FAILED',
        'START',
        'AUTOFILL_EXPIRED',
        'CANCEL',
      ],
      requestingChallenge: ['CHALLENGE_ISSUED', 'CHALLENGE_FAILED', 'CANCEL'],
      awaitingPasskey: ['ASSERTION_CREATED', 'CEREMONY_FAILED', 'START', 'CANCEL'],
      verifying: ['VERIFIED', 'VERIFY_FAILED', 'CANCEL'],
      authenticated: ['START'],
      cancelled: ['RETRY', 'START', 'CANCEL'],
      failed: ['RETRY', 'START', 'CANCEL'],
    };
    const all: PasskeyLoginEvent[] = [
      { type: 'START', credentialId: CRED },
      { type: 'CHALLENGE_ISSUED', challenge: CHALLENGE, now: NOW },
      { type: 'CHALLENGE_FAILED', error: failure, now: NOW },
      { type: 'ASSERTION_CREATED', assertion: ASSERTION },
      { type: 'CEREMONY_FAILED', error: failure, now: NOW },
      { type: 'VERIFIED', session: SESSION },
      { type: 'VERIFY_FAILED', error: failure, now: NOW },
      { type: 'RETRY', now: NOW },
      { type: 'CANCEL' },
      { type: 'START_AUTOFILL', credentialId: CRED },
      { type: 'AUTOFILL_EXPIRED' },
    ];
    for (const state of states) {
      for (const event of all) {
        const [next, fx] = machine.transition(state, event);
        if (accepted[state.status].includes(event.type)) {
          expect(next, `${state.status} × ${event.type}`).not.toBe(state);
        } else {
          expect(next, `${state.status} × ${event.type}`).toBe(state);
          expect(fx).toEqual([]);
        }
      }
    }
  });
});
