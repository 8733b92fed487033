import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { AuthMethod } from '../../types.js';
import {
  type AddCredentialEvent,
  type AddCredentialState,
  createAddCredentialMachine,
} from './add-credential.machine.js';

const NOW = 1_000_000;
const TOKEN = 'header.payload.signature';
const CREDENTIAL = { id: 'AuthMethod:x', type: 'OAUTH' } as AuthMethod;
const machine = createAddCredentialMachine();
const unauthorized = (reason: string) =>
  new WalletAuthError('UNAUTHORIZED', 'Authentication failed', { status: 401, reason });

function run(events: AddCredentialEvent[]) {
  let state: AddCredentialState = machine.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toObtaining: AddCredentialEvent[] = [{ type: 'START', credentialType: 'OAUTH' }];
const toAddingOAuth: AddCredentialEvent[] = [
  ...toObtaining,
  { type: 'TOKEN_OBTAINED', oidcToken: TOKEN },
];
const toAddingOtp: AddCredentialEvent[] = [{ type: 'START', credentialType: 'EMAIL_OTP' }];

describe('add-credential machine', () => {
  it('given an OTP type, should send the signed add at once', () => {
    const { state, effects } = run(toAddingOtp);
    expect(state).toEqual({
      status: 'adding',
      credentialType: 'EMAIL_OTP',
      progress: { kind: 'sending' },
    });
    expect(effects[0]).toEqual([{ type: 'add', credentialType: 'EMAIL_OTP' }]);
  });

  it('given OAUTH, should obtain a token first, then add with it', () => {
    const { state, effects } = run(toAddingOAuth);
    expect(effects[0]).toEqual([{ type: 'obtainToken' }]);
    expect(state).toEqual({
      status: 'adding',
      credentialType: 'OAUTH',
      progress: { kind: 'sending' },
    });
    expect(effects[1]).toEqual([{ type: 'add', credentialType: 'OAUTH', oidcToken: TOKEN }]);
    expect(JSON.stringify(state)).not.toContain(TOKEN);
  });

  it('given PROCESSING then the AuthMethod, should show settling then added', () => {
    const { state } = run([
      ...toAddingOtp,
      { type: 'ADD_PROGRESS', progress: { kind: 'processing' } },
    ]);
    expect(state).toMatchObject({ progress: { kind: 'processing' } });
    expect(machine.transition(state, { type: 'ADDED', credential: CREDENTIAL })[0]).toEqual({
      status: 'added',
      credential: CREDENTIAL,
    });
  });

  it('OIDC-02: given a token the service found too old, should ask for a fresh one', () => {
    const stale = unauthorized('OIDC iat outside the allowed window');
    const { state } = run([...toAddingOAuth, { type: 'ADD_FAILED', error: stale, now: NOW }]);
    expect(state).toEqual({ status: 'needsFreshToken', credentialType: 'OAUTH', error: stale });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })).toEqual([
      { status: 'obtainingToken', credentialType: 'OAUTH' },
      [{ type: 'obtainToken' }],
    ]);
  });

  it('given a second EMAIL_OTP, should fail for good with the service code', () => {
    const exists = new WalletAuthError('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS', 'x', { status: 400 });
    const { state } = run([...toAddingOtp, { type: 'ADD_FAILED', error: exists, now: NOW }]);
    expect(state).toMatchObject({
      status: 'failed',
      credentialType: 'EMAIL_OTP',
      retryable: false,
    });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
  });

  it('given a retryable OAUTH failure, should start over with a fresh token', () => {
    const { state } = run([
      ...toAddingOAuth,
      { type: 'ADD_FAILED', error: new WalletAuthError('CHALLENGE_EXPIRED', 'x'), now: NOW },
    ]);
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[1]).toEqual([
      { type: 'obtainToken' },
    ]);
  });

  it('given the provider window closed, should be cancelled', () => {
    expect(run([...toObtaining, { type: 'TOKEN_CANCELLED' }]).state).toEqual({
      status: 'cancelled',
      credentialType: 'OAUTH',
    });
  });

  it('given every state, should ignore the events it does not accept', () => {
    const failure = new WalletAuthError('NETWORK_ERROR', 'x');
    const states: AddCredentialState[] = [
      machine.initial,
      run(toObtaining).state,
      run(toAddingOtp).state,
      run([...toAddingOtp, { type: 'ADDED', credential: CREDENTIAL }]).state,
      run([
        ...toAddingOAuth,
        { type: 'ADD_FAILED', error: unauthorized('OIDC token expired'), now: NOW },
      ]).state,
      run([...toObtaining, { type: 'TOKEN_CANCELLED' }]).state,
      run([...toAddingOtp, { type: 'ADD_FAILED', error: failure, now: NOW }]).state,
    ];
    expect(states.map((s) => s.status)).toEqual([
      'idle',
      'obtainingToken',
      'adding',
      'added',
      'needsFreshToken',
      'cancelled',
      'failed',
    ]);
    const accepted: Record<AddCredentialState['status'], AddCredentialEvent['type'][]> = {
      idle: ['START'],
      obtainingToken: ['TOKEN_OBTAINED', 'TOKEN_CANCELLED', 'TOKEN_FAILED', 'CANCEL'],
      adding: ['ADD_PROGRESS', 'ADDED', 'ADD_FAILED'],
      added: ['START'],
      needsFreshToken: ['RETRY', 'START', 'CANCEL'],
      cancelled: ['RETRY', 'START', 'CANCEL'],
      failed: ['RETRY', 'START', 'CANCEL'],
    };
    const all: AddCredentialEvent[] = [
      { type: 'START', credentialType: 'SMS_OTP' },
      { type: 'TOKEN_OBTAINED', oidcToken: TOKEN },
      { type: 'TOKEN_CANCELLED' },
      { type: 'TOKEN_FAILED', error: failure, now: NOW },
      { type: 'ADD_PROGRESS', progress: { kind: 'processing' } },
      { type: 'ADDED', credential: CREDENTIAL },
      { type: 'ADD_FAILED', error: failure, now: NOW },
      { type: 'RETRY', now: NOW },
      { type: 'CANCEL' },
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
