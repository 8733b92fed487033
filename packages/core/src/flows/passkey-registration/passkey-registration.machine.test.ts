import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { AuthMethod, PasskeyAttestation } from '../../types.js';
import { validatePasskeyNickname } from './passkey-nickname.js';
import {
  createPasskeyRegistrationMachine,
  type PasskeyRegistrationEvent,
  type PasskeyRegistrationPlan,
  type PasskeyRegistrationState,
} from './passkey-registration.machine.js';

const NOW = 1_000_000;
const ACCOUNT = 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e';
const PLAN: PasskeyRegistrationPlan = {
  accountId: ACCOUNT,
  challenge: 'q'.repeat(43),
  excludeCredentialIds: ['old-passkey'],
  userName: 'ada@example.com',
};
const ATTESTATION = { credentialId: 'new-passkey' } as PasskeyAttestation;
const CREDENTIAL = { id: 'AuthMethod:x', type: 'PASSKEY' } as AuthMethod;
const machine = createPasskeyRegistrationMachine();
const error = (code: WalletAuthError['code'], options = {}) =>
  new WalletAuthError(code, code, options);

function run(events: PasskeyRegistrationEvent[]) {
  let state: PasskeyRegistrationState = machine.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toPreparing: PasskeyRegistrationEvent[] = [{ type: 'START', nickname: '  My laptop ' }];
const toAwaiting: PasskeyRegistrationEvent[] = [...toPreparing, { type: 'PREPARED', plan: PLAN }];
const toRegistering: PasskeyRegistrationEvent[] = [
  ...toAwaiting,
  { type: 'ATTESTATION_CREATED', attestation: ATTESTATION },
];

describe('passkey nickname (docs/protocol.md §9)', () => {
  it('given the service rules, should trim and accept 1–100 characters of the allowed set', () => {
    expect(validatePasskeyNickname('  Ada’s laptop ')).toEqual({
      ok: false,
      problem: 'invalidCharacters',
    });
    expect(validatePasskeyNickname("  Ada's laptop (2) ")).toEqual({
      ok: true,
      nickname: "Ada's laptop (2)",
    });
    expect(validatePasskeyNickname('Téléphone_1.pro-max')).toEqual({
      ok: true,
      nickname: 'Téléphone_1.pro-max',
    });
    expect(validatePasskeyNickname('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(validatePasskeyNickname('é'.repeat(100))).toMatchObject({ ok: true });
    expect(validatePasskeyNickname('é'.repeat(101))).toEqual({ ok: false, problem: 'tooLong' });
    expect(validatePasskeyNickname('<script>')).toEqual({
      ok: false,
      problem: 'invalidCharacters',
    });
    expect(validatePasskeyNickname('a\nb')).toEqual({ ok: false, problem: 'invalidCharacters' });
  });
});

describe('passkey-registration machine', () => {
  it('given a valid nickname, should prepare with the trimmed nickname', () => {
    const { state, effects } = run(toPreparing);
    expect(state).toEqual({ status: 'preparing', nickname: 'My laptop' });
    expect(effects[0]).toEqual([{ type: 'prepare' }]);
  });

  it('given an invalid nickname, should stay idle with the problem and run nothing', () => {
    const { state, effects } = run([{ type: 'START', nickname: 'emoji 🔑' }]);
    expect(state).toEqual({ status: 'idle', nicknameProblem: 'invalidCharacters' });
    expect(effects[0]).toEqual([]);
  });

  it('given the plan, should open the prompt with the challenge and exclusions', () => {
    const { state, effects } = run(toAwaiting);
    expect(state).toEqual({ status: 'awaitingPasskey', nickname: 'My laptop', plan: PLAN });
    expect(effects[1]).toEqual([{ type: 'createPasskey', nickname: 'My laptop', plan: PLAN }]);
  });

  it('given an attestation, should send the signed add with the same challenge (§9)', () => {
    const { state, effects } = run(toRegistering);
    expect(state).toEqual({
      status: 'registering',
      nickname: 'My laptop',
      progress: { kind: 'sending' },
    });
    expect(effects[2]).toEqual([
      {
        type: 'register',
        body: {
          type: 'PASSKEY',
          accountId: ACCOUNT,
          nickname: 'My laptop',
          challenge: PLAN.challenge,
          attestation: ATTESTATION,
        },
      },
    ]);
  });

  it('given PROCESSING then the AuthMethod, should show settling then registered', () => {
    const { state } = run([
      ...toRegistering,
      { type: 'REGISTER_PROGRESS', progress: { kind: 'processing' } },
    ]);
    expect(state).toMatchObject({ status: 'registering', progress: { kind: 'processing' } });
    expect(machine.transition(state, { type: 'REGISTERED', credential: CREDENTIAL })[0]).toEqual({
      status: 'registered',
      credential: CREDENTIAL,
    });
  });

  it('PK-12: given the prompt dismissed, should be cancelled and retry with a new challenge', () => {
    const { state } = run([
      ...toAwaiting,
      { type: 'CEREMONY_FAILED', error: error('PASSKEY_CANCELLED'), now: NOW },
    ]);
    expect(state).toEqual({ status: 'cancelled', nickname: 'My laptop' });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })).toEqual([
      { status: 'preparing', nickname: 'My laptop' },
      [{ type: 'prepare' }],
    ]);
  });

  it('PK-11: given a passkey already on the account, should fail for good', () => {
    const duplicate = error('PASSKEY_CREDENTIAL_ALREADY_EXISTS', { status: 400 });
    const { state } = run([
      ...toRegistering,
      { type: 'REGISTER_FAILED', error: duplicate, now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: false });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
  });

  it('given no session, should fail for good (sign in first)', () => {
    const { state } = run([
      ...toPreparing,
      { type: 'PREPARE_FAILED', error: error('SESSION_KEY_MISSING'), now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: false, nickname: 'My laptop' });
  });

  it('PK-11: given an attestation the service refused, should allow a new ceremony', () => {
    const refused = error('UNAUTHORIZED', { status: 401, reason: 'Unsupported algorithm' });
    const { state } = run([
      ...toRegistering,
      { type: 'REGISTER_FAILED', error: refused, now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', retryable: true });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[1]).toEqual([
      { type: 'prepare' },
    ]);
  });

  it('given CANCEL while the signed add is on its way, should keep waiting for its outcome', () => {
    const { state } = run(toRegistering);
    expect(machine.transition(state, { type: 'CANCEL' })[0]).toBe(state);
  });

  it('given every state, should ignore the events it does not accept', () => {
    const failure = error('NETWORK_ERROR');
    const states: PasskeyRegistrationState[] = [
      machine.initial,
      run(toPreparing).state,
      run(toAwaiting).state,
      run(toRegistering).state,
      run([...toRegistering, { type: 'REGISTERED', credential: CREDENTIAL }]).state,
      run([...toAwaiting, { type: 'CEREMONY_FAILED', error: error('PASSKEY_CANCELLED'), now: NOW }])
        .state,
      run([...toRegistering, { type: 'REGISTER_FAILED', error: failure, now: NOW }]).state,
    ];
    expect(states.map((s) => s.status)).toEqual([
      'idle',
      'preparing',
      'awaitingPasskey',
      'registering',
      'registered',
      'cancelled',
      'failed',
    ]);
    const accepted: Record<PasskeyRegistrationState['status'], PasskeyRegistrationEvent['type'][]> =
      {
        idle: ['START'],
        preparing: ['PREPARED', 'PREPARE_FAILED', 'CANCEL'],
        awaitingPasskey: ['ATTESTATION_CREATED', 'CEREMONY_FAILED', 'CANCEL'],
        registering: ['REGISTER_PROGRESS', 'REGISTERED', 'REGISTER_FAILED'],
        registered: ['START'],
        cancelled: ['RETRY', 'START', 'CANCEL'],
        failed: ['RETRY', 'START', 'CANCEL'],
      };
    const all: PasskeyRegistrationEvent[] = [
      { type: 'START', nickname: 'Key' },
      { type: 'PREPARED', plan: PLAN },
      { type: 'PREPARE_FAILED', error: failure, now: NOW },
      { type: 'ATTESTATION_CREATED', attestation: ATTESTATION },
      { type: 'CEREMONY_FAILED', error: failure, now: NOW },
      { type: 'REGISTER_PROGRESS', progress: { kind: 'processing' } },
      { type: 'REGISTERED', credential: CREDENTIAL },
      { type: 'REGISTER_FAILED', error: failure, now: NOW },
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
