import { describe, expect, it } from 'vitest';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { PAYLOAD_INTENTS } from './payload-intent.js';
import {
  createSignedRetryMachine,
  type HttpOutcome,
  isProcessing,
  MAX_PAYLOAD_TO_SIGN_BYTES,
  MAX_RATE_LIMIT_RETRIES,
  MAX_SIGNED_SENDS,
  parseChallenge,
  processingBackoffMs,
  rateLimitBackoffMs,
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
  { type: 'LEG1_RESPONSE', outcome: response(202, challengeBody()), now: NOW, random: 0.5 },
];
const toSubmitting: SignedRetryEvent[] = [
  ...toSigning,
  { type: 'SIGNED', signature: 'stamp-1', now: NOW + 10 },
];
const signedResponse = (outcome: HttpOutcome, now: number, random = 0.5): SignedRetryEvent => ({
  type: 'SIGNED_RESPONSE',
  outcome,
  now,
  random,
});
const processingAt = (now: number) =>
  signedResponse(response(200, { status: 'PROCESSING', message: '…' }), now);
const expiredAt = (now: number) =>
  signedResponse(error('UNAUTHORIZED', { reason: 'Request-Id expired' }), now);
const consumedAt = (now: number) =>
  signedResponse(error('UNAUTHORIZED', { reason: 'Request-Id already used' }), now);
const effectTypes = (effects: unknown[][]) =>
  effects.flat().map((effect) => (effect as { type: string }).type);

/** The same operation with a reconcile step (catalogue SR-12). */
const reconciling = createSignedRetryMachine({
  terminalStatus: 204,
  restartable: true,
  intent: PAYLOAD_INTENTS.revokeSession(),
  reconcilable: true,
});

describe('signed-retry machine: transition table', () => {
  it('given idle + START, should send leg 1', () => {
    const { state, effects } = run([{ type: 'START', now: NOW }]);
    expect(state).toEqual({ status: 'requesting', restarts: 0, rateLimits: 0 });
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
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW + 20, random: 0.5 },
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
        random: 0.5,
      });
      t += processingBackoffMs(i);
      events.push({ type: 'TIMER_FIRED', now: t });
    }
    events.push({ type: 'SIGNED_RESPONSE', outcome: response(204), now: t, random: 0.5 });
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
      { type: 'SIGNED_RESPONSE', outcome: response(200), now: NOW + 300_001, random: 0.5 },
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      error: { code: 'PROCESSING_TIMEOUT', details: { requestId: REQUEST_ID } },
    });
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
        random: 0.5,
      },
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      error: { code: 'REQUEST_ID_CONSUMED', details: { requestId: REQUEST_ID } },
    });
  });

  it('given a 502/503/504 on the signed leg, should resend the same signature, not fail', () => {
    for (const status of [502, 503, 504]) {
      const { state, effects } = run([
        ...toSubmitting,
        {
          type: 'SIGNED_RESPONSE',
          outcome: error('UNKNOWN', { status, serverCode: 'UPSTREAM_ERROR' }),
          now: NOW + 30,
          random: 0.5,
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
      {
        type: 'SIGNED_RESPONSE',
        outcome: error('INTERNAL_ERROR', { status: 500 }),
        now: NOW + 30,
        random: 0.5,
      },
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
    expect(state).toEqual({ status: 'requesting', restarts: 1, rateLimits: 0 });
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
        { type: 'LEG1_RESPONSE', outcome: response(202, challengeBody()), now: NOW, random: 0.5 },
        { type: 'SIGNED', signature: 's', now: NOW },
        { type: 'SIGNED_RESPONSE', outcome: expired, now: NOW, random: 0.5 },
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
        random: 0.5,
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
        random: 0.5,
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
        random: 0.5,
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
        random: 0.5,
      },
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROTOCOL_ERROR' } });
  });

  it('given a 2xx other than 202 on leg 1, should settle without signing', () => {
    const { state } = run([
      { type: 'START', now: NOW },
      { type: 'LEG1_RESPONSE', outcome: response(201, { id: 'x' }), now: NOW, random: 0.5 },
    ]);
    expect(state).toEqual({ status: 'settled', result: { status: 201, body: { id: 'x' } } });
  });

  it('given CANCEL in any non-terminal state, should become cancelled; terminal states ignore it', () => {
    expect(run([...toSubmitting, { type: 'CANCEL' }]).state).toEqual({ status: 'cancelled' });
    const settled = run([
      ...toSubmitting,
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW, random: 0.5 },
    ]).state;
    expect(machine.transition(settled, { type: 'CANCEL' })[0]).toBe(settled);
  });

  it('given every state, should return the same state object for events it does not accept', () => {
    const states: SignedRetryState[] = [
      machine.initial,
      run([{ type: 'START', now: NOW }]).state,
      run(toSigning).state,
      run(toSubmitting).state,
      run([
        ...toSubmitting,
        { type: 'SIGNED_RESPONSE', outcome: response(200), now: NOW, random: 0.5 },
      ]).state,
      run([
        { type: 'START', now: NOW },
        { type: 'LEG1_RESPONSE', outcome: error('RATE_LIMITED'), now: NOW, random: 0.5 },
      ]).state,
      run([
        ...toSubmitting,
        { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW, random: 0.5 },
      ]).state,
      run([
        { type: 'START', now: NOW },
        { type: 'LEG1_RESPONSE', outcome: error('INVALID_INPUT'), now: NOW, random: 0.5 },
      ]).state,
      run([...toSubmitting, consumedAt(NOW + 20)], reconciling).state,
      run([...toSubmitting, { type: 'CANCEL' }]).state,
    ];
    const accepted: Record<string, string[]> = {
      idle: ['START', 'CANCEL'],
      requesting: ['LEG1_RESPONSE', 'NETWORK_FAILED', 'CANCEL'],
      signing: ['SIGNED', 'SIGN_FAILED', 'CANCEL'],
      submitting: ['SIGNED_RESPONSE', 'NETWORK_FAILED', 'CANCEL'],
      processing: ['TIMER_FIRED', 'CANCEL'],
      rateLimited: ['TIMER_FIRED', 'CANCEL'],
      reconciling: ['RECONCILED', 'CANCEL'],
      settled: [],
      failed: [],
      cancelled: [],
    };
    const all: SignedRetryEvent[] = [
      { type: 'START', now: NOW },
      { type: 'LEG1_RESPONSE', outcome: response(204), now: NOW, random: 0.5 },
      { type: 'SIGNED', signature: 's', now: NOW },
      { type: 'SIGN_FAILED', error: new WalletAuthError('SESSION_KEY_MISSING', 'x') },
      { type: 'SIGNED_RESPONSE', outcome: response(204), now: NOW, random: 0.5 },
      { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW },
      { type: 'TIMER_FIRED', now: NOW },
      { type: 'RECONCILED', outcome: { kind: 'committed', status: 200, body: {} } },
      { type: 'CANCEL' },
    ];
    expect(new Set(states.map((state) => state.status)).size).toBe(Object.keys(accepted).length);
    for (const state of states) {
      for (const event of all) {
        const [next, effects] = reconciling.transition(state, event);
        if (!accepted[state.status]!.includes(event.type)) {
          expect(next, `${state.status} × ${event.type}`).toBe(state);
          expect(effects).toEqual([]);
        }
      }
    }
  });
});

describe('signed-retry machine: accepted sends never restart (SR-10)', () => {
  it('given PROCESSING once and then a 401 "Request-Id expired", should fail PROCESSING_TIMEOUT with the requestId and send no new leg 1', () => {
    const { state, effects } = run([
      ...toSubmitting,
      processingAt(NOW + 20),
      { type: 'TIMER_FIRED', now: NOW + 1020 },
      expiredAt(NOW + 1030),
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      error: {
        code: 'PROCESSING_TIMEOUT',
        details: { requestId: REQUEST_ID },
        cause: { reason: 'Request-Id expired' },
      },
    });
    expect(effectTypes(effects).filter((type) => type === 'sendLeg1')).toHaveLength(1);
  });

  it('given a dropped connection and then a 401 "Request-Id expired", should fail PROCESSING_TIMEOUT (the lost send may have committed)', () => {
    const { state } = run([
      ...toSubmitting,
      { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW + 20 },
      { type: 'TIMER_FIRED', now: NOW + 1020 },
      expiredAt(NOW + 1030),
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      error: { code: 'PROCESSING_TIMEOUT', details: { requestId: REQUEST_ID } },
    });
  });

  it('given a 503 after expiresAt, should fail PROCESSING_TIMEOUT rather than resend or restart', () => {
    const { state, effects } = run([
      ...toSubmitting,
      signedResponse(error('UNKNOWN', { status: 503 }), NOW + 300_000),
    ]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_TIMEOUT' } });
    expect(effects.at(-1)).toEqual([]);
  });

  it('given a 429 (not accepted) and then a 401 "Request-Id expired", should still restart leg 1', () => {
    const { state } = run([
      ...toSubmitting,
      signedResponse(error('RATE_LIMITED', { details: { retryAfterSeconds: 1 } }), NOW + 20),
      { type: 'TIMER_FIRED', now: NOW + 1020 },
      expiredAt(NOW + 1030),
    ]);
    expect(state).toEqual({ status: 'requesting', restarts: 1, rateLimits: 1 });
  });

  it('given PROCESSING forever and a far-off expiresAt, should stop after MAX_SIGNED_SENDS sends', () => {
    const far = challengeBody();
    far.expiresAt = new Date(NOW + 365 * 86_400_000).toISOString();
    let state: SignedRetryState = machine.initial;
    let sends = 0;
    let t = NOW;
    const step = (event: SignedRetryEvent) => {
      const [next, effects] = machine.transition(state, event);
      state = next;
      sends += effects.filter((effect) => effect.type === 'sendSigned').length;
    };
    step({ type: 'START', now: t });
    step({ type: 'LEG1_RESPONSE', outcome: response(202, far), now: t, random: 0.5 });
    step({ type: 'SIGNED', signature: 's', now: t });
    for (let i = 0; i < 1000 && (state as SignedRetryState).status !== 'failed'; i++) {
      step(processingAt(t));
      t += 8000;
      step({ type: 'TIMER_FIRED', now: t });
    }
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_TIMEOUT' } });
    expect(sends).toBe(MAX_SIGNED_SENDS);
  });
});

describe('signed-retry machine: 429 limits (SR-13, SR-14)', () => {
  it('given 429 Retry-After: 1 on every signed send, should wait out MAX_RATE_LIMIT_RETRIES of them, then fail RATE_LIMITED with retryAfterSeconds', () => {
    const limited = () =>
      signedResponse(error('RATE_LIMITED', { details: { retryAfterSeconds: 1 } }), NOW);
    const events: SignedRetryEvent[] = [...toSubmitting];
    for (let i = 0; i <= MAX_RATE_LIMIT_RETRIES; i++) {
      events.push(limited(), { type: 'TIMER_FIRED', now: NOW + 1000 * (i + 1) });
    }
    const { state, effects } = run(events);
    expect(state).toMatchObject({
      status: 'failed',
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } },
    });
    expect(effectTypes(effects).filter((type) => type === 'sendSigned')).toHaveLength(
      MAX_RATE_LIMIT_RETRIES + 1,
    );
  });

  it('given 429s on leg 1 and the signed leg, should count them together', () => {
    const leg1Limited: SignedRetryEvent = {
      type: 'LEG1_RESPONSE',
      outcome: error('RATE_LIMITED', { details: { retryAfterSeconds: 1 } }),
      now: NOW,
      random: 0.5,
    };
    const { state } = run([
      { type: 'START', now: NOW },
      leg1Limited,
      { type: 'TIMER_FIRED', now: NOW + 1000 },
      { type: 'LEG1_RESPONSE', outcome: response(202, challengeBody()), now: NOW, random: 0.5 },
      { type: 'SIGNED', signature: 's', now: NOW },
      signedResponse(error('RATE_LIMITED'), NOW),
    ]);
    expect(state).toMatchObject({ status: 'rateLimited', rateLimits: 2 });
  });

  it("given 429 without Retry-After, should wait rateLimitBackoffMs of the count and the event's random draw", () => {
    const events: SignedRetryEvent[] = [...toSubmitting];
    const draws = [0, 0.99, 0.5, 0.25];
    let t = NOW;
    for (const draw of draws) {
      events.push(signedResponse(error('RATE_LIMITED'), t, draw));
      const { state } = run(events);
      expect(state.status).toBe('rateLimited');
      t = (state as { retryAt: number }).retryAt;
      events.push({ type: 'TIMER_FIRED', now: t });
    }
    const schedules = run(events)
      .effects.flat()
      .filter((effect) => (effect as { type: string }).type === 'schedule') as { at: number }[];
    const waits = schedules.map((s, i) => s.at - (i === 0 ? NOW : schedules[i - 1]!.at));
    expect(waits).toEqual(draws.map((draw, i) => rateLimitBackoffMs(i, draw)));
  });

  it('given the retry count, rateLimitBackoffMs should stay in [ceiling/2, ceiling) with ceilings 2, 4, 8, 16, 30 s', () => {
    const ceilings = [2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000];
    ceilings.forEach((ceiling, retry) => {
      expect(rateLimitBackoffMs(retry, 0)).toBe(ceiling / 2);
      expect(rateLimitBackoffMs(retry, 0.999_999)).toBeLessThan(ceiling);
      expect(rateLimitBackoffMs(retry, 0.999_999)).toBeGreaterThanOrEqual(ceiling - 1);
    });
    // Below the cap every wait is longer than the one before, whatever the draws.
    for (let retry = 0; retry < 3; retry++) {
      expect(rateLimitBackoffMs(retry + 1, 0)).toBeGreaterThan(
        rateLimitBackoffMs(retry, 0.999_999),
      );
    }
    expect(rateLimitBackoffMs(1_000, 0.5)).toBe(22_500);
    expect(rateLimitBackoffMs(0, Number.NaN)).toBe(1500);
  });
});

describe('signed-retry machine: reconcile after a consumed Request-Id (SR-12, SR-16)', () => {
  it('given "already used" after a lost answer, should read the lists from the first send\'s server time', () => {
    const { state, effects } = run(
      [
        { type: 'START', now: NOW },
        {
          type: 'LEG1_RESPONSE',
          outcome: { ...response(202, challengeBody()), serverDateMs: NOW + 30_000 },
          now: NOW,
          random: 0.5,
        },
        { type: 'SIGNED', signature: 'stamp-1', now: NOW + 10 },
        { type: 'NETWORK_FAILED', error: new WalletAuthError('NETWORK_ERROR', 'x'), now: NOW + 30 },
        { type: 'TIMER_FIRED', now: NOW + 1030 },
        consumedAt(NOW + 1040),
      ],
      reconciling,
    );
    expect(state).toMatchObject({ status: 'reconciling', requestId: REQUEST_ID });
    expect(effects.at(-1)).toEqual([
      { type: 'reconcile', requestId: REQUEST_ID, sentAtServerMs: NOW + 10 + 30_000 },
    ]);
    expect(effectTypes(effects).filter((type) => type === 'sendLeg1')).toHaveLength(1);
  });

  it('given "already used" on the first send (a duplicate of it won, SR-16), should reconcile too', () => {
    const { state } = run([...toSubmitting, consumedAt(NOW + 20)], reconciling);
    expect(state.status).toBe('reconciling');
  });

  it('given the committed result, should settle with it, marked reconciled', () => {
    const [next, effects] = reconciling.transition(
      run([...toSubmitting, consumedAt(NOW + 20)], reconciling).state,
      {
        type: 'RECONCILED',
        outcome: { kind: 'committed', status: 200, body: { id: 'Session:1' } },
      },
    );
    expect(next).toEqual({
      status: 'settled',
      result: { status: 200, body: { id: 'Session:1' }, reconciled: true },
    });
    expect(effects).toEqual([]);
  });

  it('given "unknown", should fail with the step\'s error and never send leg 1 again', () => {
    const unknown = new WalletAuthError('REQUEST_ID_CONSUMED', 'sign in again');
    const [next, effects] = reconciling.transition(
      run([...toSubmitting, consumedAt(NOW + 20)], reconciling).state,
      { type: 'RECONCILED', outcome: { kind: 'unknown', error: unknown } },
    );
    expect(next).toEqual({ status: 'failed', error: unknown });
    expect(effects).toEqual([]);
  });

  it('given an operation without a reconcile step, should fail REQUEST_ID_CONSUMED at once', () => {
    const { state, effects } = run([...toSubmitting, consumedAt(NOW + 20)]);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'REQUEST_ID_CONSUMED' } });
    expect(effects.at(-1)).toEqual([]);
  });
});

describe('signed-retry machine: unsigned calls resent while PROCESSING (§11.4)', () => {
  const unsigned = createSignedRetryMachine({
    terminalStatus: 200,
    restartable: false,
    intent: undefined,
    unsigned: { processingDeadlineMs: 60_000 },
  });
  const leg1 = (outcome: HttpOutcome, now: number): SignedRetryEvent => ({
    type: 'LEG1_RESPONSE',
    outcome,
    now,
    random: 0.5,
  });
  const processing = response(200, { status: 'PROCESSING' });

  it('given PROCESSING twice, should resend leg 1 unchanged after 1 then 2 s, then settle with the answer', () => {
    const { state, effects } = run(
      [
        { type: 'START', now: NOW },
        leg1(processing, NOW + 100),
        { type: 'TIMER_FIRED', now: NOW + 1100 },
        leg1(processing, NOW + 1200),
        { type: 'TIMER_FIRED', now: NOW + 3200 },
        leg1(response(200, { id: 'Session:1' }), NOW + 3300),
      ],
      unsigned,
    );
    expect(effectTypes(effects)).toEqual([
      'sendLeg1',
      'schedule',
      'sendLeg1',
      'schedule',
      'sendLeg1',
    ]);
    expect(effects[1]).toEqual([
      { type: 'schedule', at: NOW + 1100, event: { type: 'TIMER_FIRED', now: NOW + 1100 } },
    ]);
    expect(effects[3]).toEqual([
      { type: 'schedule', at: NOW + 3200, event: { type: 'TIMER_FIRED', now: NOW + 3200 } },
    ]);
    expect(state).toEqual({
      status: 'settled',
      result: { status: 200, body: { id: 'Session:1' } },
    });
  });

  it('given PROCESSING whose next resend would pass the minute from the start, should fail PROCESSING_TIMEOUT', () => {
    const { state, effects } = run(
      [{ type: 'START', now: NOW }, leg1(processing, NOW + 59_500)],
      unsigned,
    );
    expect(effectTypes(effects)).toEqual(['sendLeg1']);
    expect(state).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_TIMEOUT' } });
  });

  it('given a 429 or a 202, should end at once: a 429 fails RATE_LIMITED and a 202 settles (nothing is signed)', () => {
    const limited = run([{ type: 'START', now: NOW }, leg1(error('RATE_LIMITED'), NOW)], unsigned);
    expect(limited.state).toMatchObject({ status: 'failed', error: { code: 'RATE_LIMITED' } });
    const challenged = run(
      [{ type: 'START', now: NOW }, leg1(response(202, challengeBody()), NOW)],
      unsigned,
    );
    expect(challenged.state).toMatchObject({ status: 'settled', result: { status: 202 } });
    expect(effectTypes(challenged.effects)).toEqual(['sendLeg1']);
  });

  it('given a resend pending, should ignore every event but TIMER_FIRED and CANCEL', () => {
    const { state } = run([{ type: 'START', now: NOW }, leg1(processing, NOW)], unsigned);
    expect(state).toMatchObject({ status: 'processing', leg: 'leg1', resendAt: NOW + 1000 });
    for (const event of [
      leg1(processing, NOW),
      { type: 'SIGNED', signature: 's', now: NOW },
    ] as const) {
      const [next, effects] = unsigned.transition(state, event);
      expect(next).toBe(state);
      expect(effects).toEqual([]);
    }
    expect(unsigned.transition(state, { type: 'CANCEL' })[0]).toEqual({ status: 'cancelled' });
  });
});

describe('isProcessing and parseChallenge', () => {
  it('given the rules of docs/protocol.md §11.4, should classify PROCESSING answers', () => {
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
    expect(parsed?.serverOffsetMs).toBe(30_000);
  });

  it('given payloads around 64 KiB, should count UTF-8 bytes, accept MAX_PAYLOAD_TO_SIGN_BYTES and refuse one more (SR-19)', () => {
    const sized = (payloadToSign: string) =>
      parseChallenge({ ...challengeBody(), payloadToSign }, NOW, undefined) !== undefined;
    expect(MAX_PAYLOAD_TO_SIGN_BYTES).toBe(65_536);
    expect(sized('x'.repeat(65_536))).toBe(true);
    expect(sized('x'.repeat(65_537))).toBe(false);
    expect(sized('é'.repeat(32_768))).toBe(true); // 2 bytes each: exactly 64 KiB
    expect(sized(`${'é'.repeat(32_768)}x`)).toBe(false);
    expect(sized('€'.repeat(21_846))).toBe(false); // 21,846 UTF-16 units, 65,538 bytes
    expect(sized('😀'.repeat(16_384))).toBe(true); // 4 bytes per surrogate pair
    expect(sized(`${'😀'.repeat(16_384)}x`)).toBe(false);
  });
});
