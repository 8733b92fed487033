import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { PAYLOAD_INTENTS } from './payload-intent.js';
import {
  createSignedRetryMachine,
  isProcessing,
  parseChallenge,
  processingBackoffMs,
  type SignedRetryEvent,
  type SignedRetryState,
} from './signed-retry.machine.js';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const REQUEST_ID = 'Request:0f8fad5b-d9cb-469f-a165-70867728950e';
const challengeBody = (
  payloadToSign = '{"type":"ACTIVITY_TYPE_DELETE_API_KEYS","parameters":{}}',
) => ({
  payloadToSign,
  requestId: REQUEST_ID,
  expiresAt: new Date(NOW + 300_000).toISOString(),
});
const response = (status: number, body: unknown = undefined) =>
  ({ kind: 'response', status, body, serverDateMs: undefined }) as const;
const error = (
  code: WalletAuthError['code'],
  options: ConstructorParameters<typeof WalletAuthError>[2] = {},
) => ({
  kind: 'error' as const,
  error: new WalletAuthError(code, code, options),
});

const machine = createSignedRetryMachine({
  terminalStatus: 204,
  restartable: true,
  intent: PAYLOAD_INTENTS.revokeSession(),
});

function run(events: SignedRetryEvent[], m = machine) {
  let state: SignedRetryState = m.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = m.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toSigning: SignedRetryEvent[] = [
  { type: 'START', now: NOW },
  { type: 'LEG1_RESPONSE', outcome: response(202, challengeBody()), now: NOW },
];
const toSubmitting: SignedRetryEvent[] = [
  ...toSigning,
  { type: 'SIGNED', signature: 'stamp-1', now: NOW + 10 },
];

describe('signed-retry machine: transition table', () => {
  it('given idle + START, should send leg 1', () => {
    const { state, effects } = run([{ type: 'START', now: NOW }]);
    expect(state).toEqual({ status: 'requesting', restarts: 0 });
    expect(effects[0]).toEqual([{ type: 'sendLeg1' }]);
  });

  it('given a 202 challenge, should ask for a stamp over payloadToSign exactly as received', () => {
    const { state, effects } = run(toSigning);
    expect(state.status).toBe('signing');
    expect(effects[1]).toEqual([{ type: 'sign', payloadToSign: challengeBody().payloadToSign }]);
  });

  it('given a stamp, should send the identical request with the signature and Request-Id', () => {
    const { state, effects } = run(toSubmitting);
    expect(state).toMatchObject({ status: 'submitting', attempt: 0, signature: 'stamp-1' });
    expect(effects[2]).toEqual([
      { type: 'sendSigned', requestId: REQUEST_ID, signature: 'stamp-1' },
    ]);
  });

  it('given the terminal status, should settle with the body', () => {
    const { state } = run([
      ...toSubmitting,
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW + 20 },
    ]);
    expect(state).toEqual({ status: 'settled', result: { status: 204, body: undefined } });
  });

  it('given PROCESSING three times, should resend the same signature with 1, 2, 4 s backoff, then settle', () => {
    const events: SignedRetryEvent[] = [...toSubmitting];
    let t = NOW + 20;
    for (let i = 0; i < 3; i++) {
      events.push({
        type: 'SIGNED_RESPONSE',
        outcome: response(200, { status: 'PROCESSING', message: '…' }),
        now: t,
      });
      t += processingBackoffMs(i);
      events.push({ type: 'TIMER_FIRED', now: t });
    }
    events.push({ type: 'SIGNED_RESPONSE', outcome: response(204), now: t });
    const { state, effects } = run(events);
    expect(state.status).toBe('settled');
    const schedules = effects.flat().filter((e) => (e as { type: string }).type === 'schedule') as {
      at: number;
    }[];
    expect(schedules.map((s, i) => s.at - (i === 0 ? NOW + 20 : 0))).toHaveLength(3);
    const resends = effects.flat().filter((e) => (e as { type: string }).type === 'sendSigned');
    expect(resends).toEqual(
      Array(4).fill({ type: 'sendSigned', requestId: REQUEST_ID, signature: 'stamp-1' }),
    );
  });

  it('given PROCESSING past expiresAt, should fail with PROCESSING_TIMEOUT', () => {
    const { state } = run([
      ...toSubmitting,
      { type: 'SIGNED_RESPONSE', outcome: response(200), now: NOW + 300_001 },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_TIMEOUT' } });
  });

  it('given a network failure after the signed leg, should resend the same bytes (no new stamp)', () => {
    const netErr = new WalletAuthError('NETWORK_ERROR', 'offline');
    const { state, effects } = run([
      ...toSubmitting,
      { type: 'NETWORK_FAILED', error: netErr, now: NOW + 30 },
      { type: 'TIMER_FIRED', now: NOW + 1030 },
    ]);
    expect(state).toMatchObject({ status: 'submitting', attempt: 1, signature: 'stamp-1' });
    expect(effects[3]).toEqual([
      { type: 'schedule', at: NOW + 1030, event: { type: 'TIMER_FIRED', now: NOW + 1030 } },
    ]);
    expect(effects[4]).toEqual([
      { type: 'sendSigned', requestId: REQUEST_ID, signature: 'stamp-1' },
    ]);
  });

  it('given "already used" after a resend, should fail REQUEST_ID_CONSUMED (the first send was accepted)', () => {
    const { state } = run([
      ...toSubmitting,
      { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW + 30 },
      { type: 'TIMER_FIRED', now: NOW + 1030 },
      {
        type: 'SIGNED_RESPONSE',
        outcome: error('UNAUTHORIZED', { reason: 'Request-Id already used' }),
        now: NOW + 1040,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'REQUEST_ID_CONSUMED' } });
  });

  it('given a 502/503/504 on the signed leg, should resend the same signature, not fail', () => {
    for (const status of [502, 503, 504]) {
      const { state, effects } = run([
        ...toSubmitting,
        {
          type: 'SIGNED_RESPONSE',
          outcome: error('UNKNOWN', { status, serverCode: 'UPSTREAM_ERROR' }),
          now: NOW + 30,
        },
        { type: 'TIMER_FIRED', now: NOW + 1030 },
      ]);
      expect(state).toMatchObject({ status: 'submitting', attempt: 1, signature: 'stamp-1' });
      expect(effects[4]).toEqual([
        { type: 'sendSigned', requestId: REQUEST_ID, signature: 'stamp-1' },
      ]);
    }
  });

  it('given a 500 on the signed leg, should fail with that error (no blind resend)', () => {
    const { state } = run([
      ...toSubmitting,
      { type: 'SIGNED_RESPONSE', outcome: error('INTERNAL_ERROR', { status: 500 }), now: NOW + 30 },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'INTERNAL_ERROR' } });
  });

  it('given a network failure on leg 1, should fail NETWORK_ERROR without resending', () => {
    const { state, effects } = run([
      { type: 'START', now: NOW },
      { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'NETWORK_ERROR' } });
    expect(effects[1]).toEqual([]);
  });

  it('given a challenge that expires before the stamp, should restart from leg 1 when restartable', () => {
    const { state, effects } = run([
      ...toSigning,
      { type: 'SIGNED', signature: 's', now: NOW + 300_000 },
    ]);
    expect(state).toEqual({ status: 'requesting', restarts: 1 });
    expect(effects[2]).toEqual([{ type: 'sendLeg1' }]);
  });

  it('given an expired challenge on a non-restartable operation, should fail CHALLENGE_EXPIRED', () => {
    const m = createSignedRetryMachine({
      terminalStatus: 200,
      restartable: false,
      intent: undefined,
    });
    const { state } = run(
      [...toSigning, { type: 'SIGNED', signature: 's', now: NOW + 300_000 }],
      m,
    );
    expect(state).toMatchObject({ status: 'failed', error: { code: 'CHALLENGE_EXPIRED' } });
  });

  it('given a 401 "Request-Id expired", should restart when restartable and stop after two restarts', () => {
    const expired = error('UNAUTHORIZED', { reason: 'Request-Id expired' });
    const events: SignedRetryEvent[] = [];
    for (let i = 0; i < 3; i++) {
      events.push(
        ...(i === 0 ? [{ type: 'START', now: NOW } as const] : []),
        { type: 'LEG1_RESPONSE', outcome: response(202, challengeBody()), now: NOW },
        { type: 'SIGNED', signature: 's', now: NOW },
        { type: 'SIGNED_RESPONSE', outcome: expired, now: NOW },
      );
    }
    const { state } = run(events);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'CHALLENGE_EXPIRED' } });
  });

  it('given 429 with Retry-After 3 on leg 1, should wait visibly and send leg 1 again', () => {
    const { state, effects } = run([
      { type: 'START', now: NOW },
      {
        type: 'LEG1_RESPONSE',
        outcome: error('RATE_LIMITED', { details: { retryAfterSeconds: 3 } }),
        now: NOW,
      },
    ]);
    expect(state).toMatchObject({
      status: 'rateLimited',
      retryAt: NOW + 3000,
      resume: { leg: 'leg1' },
    });
    expect(effects[1]).toEqual([
      { type: 'schedule', at: NOW + 3000, event: { type: 'TIMER_FIRED', now: NOW + 3000 } },
    ]);
    const [next, fx] = machine.transition(state, { type: 'TIMER_FIRED', now: NOW + 3000 });
    expect(next.status).toBe('requesting');
    expect(fx).toEqual([{ type: 'sendLeg1' }]);
  });

  it('given 429 with a Retry-After longer than a minute, should fail RATE_LIMITED for the UI to show', () => {
    const { state } = run([
      { type: 'START', now: NOW },
      {
        type: 'LEG1_RESPONSE',
        outcome: error('RATE_LIMITED', { details: { retryAfterSeconds: 300 } }),
        now: NOW,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'RATE_LIMITED' } });
  });

  it('given a payload whose activity type does not match the action, should refuse to sign', () => {
    const { state, effects } = run([
      { type: 'START', now: NOW },
      {
        type: 'LEG1_RESPONSE',
        outcome: response(
          202,
          challengeBody('{"type":"ACTIVITY_TYPE_EXPORT_WALLET","parameters":{}}'),
        ),
        now: NOW,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PAYLOAD_INTENT_MISMATCH' } });
    expect(effects[1]).toEqual([]);
  });

  it('given a 202 without a valid challenge, should fail PROTOCOL_ERROR', () => {
    const { state } = run([
      { type: 'START', now: NOW },
      {
        type: 'LEG1_RESPONSE',
        outcome: response(202, { payloadToSign: 'x', requestId: 'nope', expiresAt: 'soon' }),
        now: NOW,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROTOCOL_ERROR' } });
  });

  it('given a 2xx other than 202 on leg 1, should settle without signing', () => {
    const { state } = run([
      { type: 'START', now: NOW },
      { type: 'LEG1_RESPONSE', outcome: response(201, { id: 'x' }), now: NOW },
    ]);
    expect(state).toEqual({ status: 'settled', result: { status: 201, body: { id: 'x' } } });
  });

  it('given CANCEL in any non-terminal state, should become cancelled; terminal states ignore it', () => {
    expect(run([...toSubmitting, { type: 'CANCEL' }]).state).toEqual({ status: 'cancelled' });
    const settled = run([
      ...toSubmitting,
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW },
    ]).state;
    expect(machine.transition(settled, { type: 'CANCEL' })[0]).toBe(settled);
  });

  it('given every state, should return the same state object for events it does not accept', () => {
    const states: SignedRetryState[] = [
      machine.initial,
      run([{ type: 'START', now: NOW }]).state,
      run(toSigning).state,
      run(toSubmitting).state,
      run([...toSubmitting, { type: 'SIGNED_RESPONSE', outcome: response(200), now: NOW }]).state,
      run([
        { type: 'START', now: NOW },
        { type: 'LEG1_RESPONSE', outcome: error('RATE_LIMITED'), now: NOW },
      ]).state,
      run([...toSubmitting, { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW }]).state,
      run([
        { type: 'START', now: NOW },
        { type: 'LEG1_RESPONSE', outcome: error('INVALID_INPUT'), now: NOW },
      ]).state,
    ];
    const accepted: Record<string, string[]> = {
      idle: ['START', 'CANCEL'],
      requesting: ['LEG1_RESPONSE', 'NETWORK_FAILED', 'CANCEL'],
      signing: ['SIGNED', 'SIGN_FAILED', 'CANCEL'],
      submitting: ['SIGNED_RESPONSE', 'NETWORK_FAILED', 'CANCEL'],
      processing: ['TIMER_FIRED', 'CANCEL'],
      rateLimited: ['TIMER_FIRED', 'CANCEL'],
      settled: [],
      failed: [],
    };
    const all: SignedRetryEvent[] = [
      { type: 'START', now: NOW },
      { type: 'LEG1_RESPONSE', outcome: response(204), now: NOW },
      { type: 'SIGNED', signature: 's', now: NOW },
      { type: 'SIGN_FAILED', error: new WalletAuthError('SESSION_KEY_MISSING', 'x') },
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW },
      { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW },
      { type: 'TIMER_FIRED', now: NOW },
      { type: 'CANCEL' },
    ];
    for (const state of states) {
      for (const event of all) {
        const [next, effects] = machine.transition(state, event);
        if (!accepted[state.status]!.includes(event.type)) {
          expect(next, `${state.status} × ${event.type}`).toBe(state);
          expect(effects).toEqual([]);
        }
      }
    }
  });
});

describe('isProcessing and parseChallenge', () => {
  it('given the rules of wire-format §11.4, should classify PROCESSING answers', () => {
    expect(isProcessing(200, undefined, 201)).toBe(true);
    expect(isProcessing(200, { status: 'PROCESSING' }, 204)).toBe(true);
    expect(isProcessing(200, { status: 'PROCESSING', message: 'x' }, 200)).toBe(true);
    expect(isProcessing(200, { id: 'InternalAccount:x', status: 'PROCESSING' }, 200)).toBe(false);
    expect(isProcessing(200, { id: 'Session:x' }, 200)).toBe(false);
    expect(isProcessing(201, undefined, 201)).toBe(false);
  });

  it('given a server clock 30 s ahead (Date header), should move expiresAt onto the local clock', () => {
    const parsed = parseChallenge(challengeBody(), NOW, NOW + 30_000);
    expect(parsed?.expiresAt).toBe(NOW + 270_000);
    expect(parseChallenge(challengeBody(), NOW, NOW + 1000)?.expiresAt).toBe(NOW + 300_000);
  });
});
