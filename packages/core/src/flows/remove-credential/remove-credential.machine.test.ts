import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import {
  createRemoveCredentialMachine,
  isOwnRevocationError,
  lastCredentialError,
  type RemoveCredentialEvent,
  type RemoveCredentialState,
} from './remove-credential.machine.js';

const NOW = 1_000_000;
const CRED = 'AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e';
const machine = createRemoveCredentialMachine();

function run(events: RemoveCredentialEvent[]) {
  let state: RemoveCredentialState = machine.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toChecking: RemoveCredentialEvent[] = [{ type: 'START', credentialId: CRED }];
const toRemoving: RemoveCredentialEvent[] = [...toChecking, { type: 'CHECKED' }];

describe('remove-credential machine', () => {
  it('given START, should check the session and the credential list first', () => {
    const { state, effects } = run(toChecking);
    expect(state).toEqual({ status: 'checking', credentialId: CRED });
    expect(effects[0]).toEqual([{ type: 'check', credentialId: CRED }]);
  });

  it('given the checks passed, should send the signed revoke', () => {
    const { state, effects } = run(toRemoving);
    expect(state).toEqual({
      status: 'removing',
      credentialId: CRED,
      progress: { kind: 'sending' },
    });
    expect(effects[1]).toEqual([{ type: 'remove', credentialId: CRED }]);
    expect(machine.transition(state, { type: 'REMOVED' })[0]).toEqual({
      status: 'removed',
      credentialId: CRED,
    });
  });

  it("SES-07: given the session's own credential, should ask for a session of another credential", () => {
    const { state, effects } = run([...toChecking, { type: 'SAME_CREDENTIAL' }]);
    expect(state).toEqual({ status: 'needsOtherSession', credentialId: CRED });
    expect(effects[1]).toEqual([]);
    expect(machine.transition(state, { type: 'RETRY', now: NOW })).toEqual([
      { status: 'checking', credentialId: CRED },
      [{ type: 'check', credentialId: CRED }],
    ]);
  });

  it('SES-07: given the last credential, should fail with the typed refusal and no retry', () => {
    const { state } = run([
      ...toChecking,
      { type: 'LAST_CREDENTIAL', error: lastCredentialError() },
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      lastCredential: true,
      retryable: false,
      error: { code: 'INVALID_INPUT', details: { rule: 'LAST_CREDENTIAL' } },
    });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
  });

  it("SES-07: given the service's 400 (the list changed meanwhile), should end the same way", () => {
    const refused = new WalletAuthError('INVALID_INPUT', 'x', { status: 400 });
    const { state } = run([...toRemoving, { type: 'REMOVE_FAILED', error: refused, now: NOW }]);
    expect(state).toMatchObject({ status: 'failed', lastCredential: true, retryable: false });
  });

  it("SES-07: given the service's 401 for a self-authorised revoke, should ask for another session", () => {
    const own = new WalletAuthError('WALLET_SIGNATURE_INVALID', 'x', {
      status: 401,
      reason: 'A credential cannot authorise its own revocation',
    });
    expect(isOwnRevocationError(own)).toBe(true);
    const { state } = run([...toRemoving, { type: 'REMOVE_FAILED', error: own, now: NOW }]);
    expect(state).toEqual({ status: 'needsOtherSession', credentialId: CRED });
    const revoked = new WalletAuthError('WALLET_SIGNATURE_INVALID', 'x', {
      reason: 'Signing session was revoked',
    });
    expect(isOwnRevocationError(revoked)).toBe(false);
  });

  it('given PROCESSING, should show settling; a network failure may be retried', () => {
    const { state } = run([
      ...toRemoving,
      { type: 'REMOVE_PROGRESS', progress: { kind: 'processing' } },
    ]);
    expect(state).toMatchObject({ status: 'removing', progress: { kind: 'processing' } });
    const [failed] = machine.transition(state, {
      type: 'REMOVE_FAILED',
      error: new WalletAuthError('PROCESSING_TIMEOUT', 'x'),
      now: NOW,
    });
    expect(failed).toMatchObject({ status: 'failed', retryable: true, lastCredential: false });
    expect(machine.transition(failed, { type: 'RETRY', now: NOW })[1]).toEqual([
      { type: 'check', credentialId: CRED },
    ]);
  });

  it('given every state, should ignore the events it does not accept', () => {
    const failure = new WalletAuthError('NETWORK_ERROR', 'x');
    const states: RemoveCredentialState[] = [
      machine.initial,
      run(toChecking).state,
      run(toRemoving).state,
      run([...toRemoving, { type: 'REMOVED' }]).state,
      run([...toChecking, { type: 'SAME_CREDENTIAL' }]).state,
      run([...toChecking, { type: 'CHECK_FAILED', error: failure, now: NOW }]).state,
    ];
    expect(states.map((s) => s.status)).toEqual([
      'idle',
      'checking',
      'removing',
      'removed',
      'needsOtherSession',
      'failed',
    ]);
    const accepted: Record<RemoveCredentialState['status'], RemoveCredentialEvent['type'][]> = {
      idle: ['START'],
      checking: ['CHECKED', 'SAME_CREDENTIAL', 'LAST_CREDENTIAL', 'CHECK_FAILED', 'CANCEL'],
      removing: ['REMOVE_PROGRESS', 'REMOVED', 'REMOVE_FAILED'],
      removed: ['START'],
      needsOtherSession: ['RETRY', 'START', 'CANCEL'],
      failed: ['RETRY', 'START', 'CANCEL'],
    };
    const all: RemoveCredentialEvent[] = [
      { type: 'START', credentialId: CRED },
      { type: 'CHECKED' },
      { type: 'SAME_CREDENTIAL' },
      { type: 'LAST_CREDENTIAL', error: lastCredentialError() },
      { type: 'CHECK_FAILED', error: failure, now: NOW },
      { type: 'REMOVE_PROGRESS', progress: { kind: 'processing' } },
      { type: 'REMOVED' },
      { type: 'REMOVE_FAILED', error: failure, now: NOW },
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
