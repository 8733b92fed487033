import { describe, expect, it } from 'vitest';
import type { ClientKey } from '../../crypto/client-key.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { AuthSession } from '../../types.js';
import { classifyOidcError, requestIdToken } from './id-token.js';
import {
  createOAuthLoginMachine,
  type OAuthLoginEvent,
  type OAuthLoginState,
} from './oauth-login.machine.js';

const NOW = 1_000_000;
const CRED = 'AuthMethod:0f8fad5b-d9cb-469f-a165-70867728950e';
const KEY = { mode: 'documented', clientPublicKey: '04ab' } as unknown as ClientKey;
const TOKEN = 'header.payload.signature';
const SESSION = { id: 'Session:x', type: 'OAUTH' } as AuthSession;
const machine = createOAuthLoginMachine();
const unauthorized = (reason: string) =>
  new WalletAuthError('UNAUTHORIZED', 'Authentication failed', { status: 401, reason });

function run(events: OAuthLoginEvent[]) {
  let state: OAuthLoginState = machine.initial;
  const effects: unknown[][] = [];
  for (const event of events) {
    const [next, fx] = machine.transition(state, event);
    state = next;
    effects.push([...fx]);
  }
  return { state, effects };
}

const toObtaining: OAuthLoginEvent[] = [{ type: 'START', credentialId: CRED }];
const toVerifying: OAuthLoginEvent[] = [
  ...toObtaining,
  { type: 'TOKEN_OBTAINED', clientKey: KEY, oidcToken: TOKEN },
];

describe('OIDC answers (docs/protocol.md §10)', () => {
  it('OIDC-02: given the 401 reasons of the table, should classify them', () => {
    expect(classifyOidcError(unauthorized('OIDC iat outside the allowed window'))).toBe(
      'staleToken',
    );
    expect(classifyOidcError(unauthorized('OIDC token expired'))).toBe('staleToken');
    expect(classifyOidcError(unauthorized('OIDC nonce mismatch'))).toBe('nonceMismatch');
    expect(classifyOidcError(unauthorized('OIDC identity does not match credential'))).toBe(
      'identityMismatch',
    );
    expect(classifyOidcError(unauthorized('OIDC claims invalid'))).toBeUndefined();
    expect(classifyOidcError(new WalletAuthError('INVALID_INPUT', 'x'))).toBeUndefined();
  });

  it('OIDC-14: given a closed provider window, should report cancelled, not an error; given a blocked popup, should say so', async () => {
    const signal = new AbortController().signal;
    const request = {
      nonce: 'n',
      state: 's',
      mode: 'popup' as const,
      purpose: 'signIn' as const,
      signal,
    };
    expect(await requestIdToken(async () => null, request)).toEqual({ kind: 'cancelled' });
    expect(
      await requestIdToken(async () => {
        throw new DOMException('closed', 'AbortError');
      }, request),
    ).toEqual({ kind: 'cancelled' });
    expect(await requestIdToken(async () => TOKEN, request)).toEqual({
      kind: 'token',
      oidcToken: TOKEN,
    });
    const blocked = Object.assign(new Error('window.open returned null'), {
      name: 'PopupBlockedError',
    });
    expect(
      await requestIdToken(async () => {
        throw blocked;
      }, request),
    ).toEqual({ kind: 'popupBlocked' });
  });

  it('given a provider failure or a non-token answer, should be a typed error', async () => {
    const signal = new AbortController().signal;
    const request = {
      nonce: 'n',
      state: 's',
      mode: 'popup' as const,
      purpose: 'signIn' as const,
      signal,
    };
    const boom = new Error('popup blocked');
    await expect(
      requestIdToken(async () => {
        throw boom;
      }, request),
    ).rejects.toMatchObject({ code: 'UNKNOWN', cause: boom });
    await expect(
      requestIdToken(async () => 42 as unknown as string, request),
    ).rejects.toMatchObject({ code: 'CONFIGURATION_INVALID' });
    await expect(requestIdToken(async () => '', request)).rejects.toMatchObject({
      code: 'CONFIGURATION_INVALID',
    });
  });
});

describe('oauth-login machine', () => {
  it('given START, should obtain a token for the credential', () => {
    const { state, effects } = run(toObtaining);
    expect(state).toEqual({ status: 'obtainingToken', credentialId: CRED });
    expect(effects[0]).toEqual([{ type: 'obtainToken', credentialId: CRED }]);
  });

  it('given a token, should verify it with the key its nonce was made from', () => {
    const { state, effects } = run(toVerifying);
    expect(state).toEqual({ status: 'verifying', credentialId: CRED });
    expect(effects[1]).toEqual([
      { type: 'verify', credentialId: CRED, clientKey: KEY, oidcToken: TOKEN },
    ]);
  });

  it('OIDC-12: given any state, should never keep the token in it', () => {
    const { state } = run(toVerifying);
    expect(JSON.stringify(state)).not.toContain(TOKEN);
  });

  it('given VERIFIED, should be authenticated', () => {
    expect(run([...toVerifying, { type: 'VERIFIED', session: SESSION }]).state).toEqual({
      status: 'authenticated',
      credentialId: CRED,
      session: SESSION,
    });
  });

  it('OIDC-02: given a stale token, should ask for a fresh one, and RETRY should obtain it', () => {
    const stale = unauthorized('OIDC iat outside the allowed window');
    const { state } = run([...toVerifying, { type: 'VERIFY_FAILED', error: stale, now: NOW }]);
    expect(state).toEqual({ status: 'needsFreshToken', credentialId: CRED, error: stale });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })).toEqual([
      { status: 'obtainingToken', credentialId: CRED },
      [{ type: 'obtainToken', credentialId: CRED }],
    ]);
  });

  it('OIDC-01: given a nonce mismatch, should fail with the problem and no automatic retry', () => {
    const { state } = run([
      ...toVerifying,
      { type: 'VERIFY_FAILED', error: unauthorized('OIDC nonce mismatch'), now: NOW },
    ]);
    expect(state).toMatchObject({ status: 'failed', problem: 'nonceMismatch', retryable: false });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
    expect(machine.transition(state, { type: 'START', credentialId: CRED })[0]).toEqual({
      status: 'obtainingToken',
      credentialId: CRED,
    });
  });

  it('OIDC-14: given the provider window closed, should be cancelled', () => {
    expect(run([...toObtaining, { type: 'TOKEN_CANCELLED' }]).state).toEqual({
      status: 'cancelled',
      credentialId: CRED,
    });
  });

  it('OIDC-11: given redirect mode, should save and leave (redirecting), and a START may choose it per attempt', () => {
    const redirecting = createOAuthLoginMachine({ mode: 'redirect' });
    expect(
      redirecting.transition(redirecting.initial, { type: 'START', credentialId: CRED }),
    ).toEqual([
      { status: 'redirecting', credentialId: CRED },
      [{ type: 'redirect', credentialId: CRED }],
    ]);
    expect(
      machine.transition(machine.initial, { type: 'START', credentialId: CRED, mode: 'redirect' }),
    ).toEqual([
      { status: 'redirecting', credentialId: CRED },
      [{ type: 'redirect', credentialId: CRED }],
    ]);
    // The integrator may still answer in place: the token is verified as from a popup.
    const [state] = machine.transition(machine.initial, {
      type: 'START',
      credentialId: CRED,
      mode: 'redirect',
    });
    expect(
      machine.transition(state, { type: 'TOKEN_OBTAINED', clientKey: KEY, oidcToken: TOKEN })[0],
    ).toEqual({
      status: 'verifying',
      credentialId: CRED,
    });
  });

  it('OIDC-15: given a blocked popup, should go on by redirect with a new attempt', () => {
    const { state, effects } = run([...toObtaining, { type: 'POPUP_BLOCKED' }]);
    expect(state).toEqual({ status: 'redirecting', credentialId: CRED });
    expect(effects[1]).toEqual([{ type: 'redirect', credentialId: CRED }]);
    // A redirect is not reported blocked: the event is ignored there.
    expect(machine.transition(state, { type: 'POPUP_BLOCKED' })[0]).toBe(state);
  });

  it('OIDC-11: given the page back with the answer, should check it (returning) and verify with the saved key', () => {
    const result = { state: 'st', idToken: TOKEN };
    const { state, effects } = run([{ type: 'RESUME_REDIRECT', result }]);
    expect(state).toEqual({ status: 'returning' });
    expect(effects[0]).toEqual([{ type: 'completeRedirect', result }]);
    expect(
      machine.transition(state, {
        type: 'REDIRECT_RETURNED',
        credentialId: CRED,
        clientKey: KEY,
        oidcToken: TOKEN,
      }),
    ).toEqual([
      { status: 'verifying', credentialId: CRED },
      [{ type: 'verify', credentialId: CRED, clientKey: KEY, oidcToken: TOKEN }],
    ]);
    expect(
      machine.transition(state, { type: 'REDIRECT_CANCELLED', credentialId: CRED })[0],
    ).toEqual({ status: 'cancelled', credentialId: CRED });
  });

  it('OIDC-16: given an answer matching no pending attempt, should fail without a credential, and RETRY should wait for a START', () => {
    const refused = new WalletAuthError('OAUTH_CALLBACK_INVALID', 'replayed', {
      details: { callbackProblem: 'noPendingAttempt' },
    });
    const { state } = run([
      { type: 'RESUME_REDIRECT', result: { state: 'st', idToken: TOKEN } },
      { type: 'REDIRECT_FAILED', credentialId: undefined, error: refused, now: NOW },
    ]);
    expect(state).toMatchObject({
      status: 'failed',
      credentialId: undefined,
      error: { code: 'OAUTH_CALLBACK_INVALID' },
      retryable: false,
    });
    expect(machine.transition(state, { type: 'RETRY', now: NOW })[0]).toBe(state);
    expect(machine.transition(state, { type: 'START', credentialId: CRED })[0]).toEqual({
      status: 'obtainingToken',
      credentialId: CRED,
    });
  });

  it('given a 429, should hold RETRY until Retry-After', () => {
    const limited = new WalletAuthError('RATE_LIMITED', 'x', {
      status: 429,
      details: { retryAfterSeconds: 5 },
    });
    const { state } = run([...toVerifying, { type: 'VERIFY_FAILED', error: limited, now: NOW }]);
    expect(state).toMatchObject({ status: 'failed', retryable: true, retryAt: NOW + 5000 });
    expect(machine.transition(state, { type: 'RETRY', now: NOW + 4999 })[0]).toBe(state);
    expect(machine.transition(state, { type: 'RETRY', now: NOW + 5000 })[0]).toMatchObject({
      status: 'obtainingToken',
    });
  });

  it('given every state, should ignore the events it does not accept', () => {
    const failure = new WalletAuthError('NETWORK_ERROR', 'x');
    const states: OAuthLoginState[] = [
      machine.initial,
      run(toObtaining).state,
      run(toVerifying).state,
      run([...toVerifying, { type: 'VERIFIED', session: SESSION }]).state,
      run([
        ...toVerifying,
        { type: 'VERIFY_FAILED', error: unauthorized('OIDC token expired'), now: NOW },
      ]).state,
      run([...toObtaining, { type: 'TOKEN_CANCELLED' }]).state,
      run([...toVerifying, { type: 'VERIFY_FAILED', error: failure, now: NOW }]).state,
      run([...toObtaining, { type: 'POPUP_BLOCKED' }]).state,
      run([{ type: 'RESUME_REDIRECT', result: { state: 'st', idToken: TOKEN } }]).state,
    ];
    expect(states.map((s) => s.status)).toEqual([
      'idle',
      'obtainingToken',
      'verifying',
      'authenticated',
      'needsFreshToken',
      'cancelled',
      'failed',
      'redirecting',
      'returning',
    ]);
    const accepted: Record<OAuthLoginState['status'], OAuthLoginEvent['type'][]> = {
      idle: ['START', 'RESUME_REDIRECT'],
      obtainingToken: [
        'TOKEN_OBTAINED',
        'TOKEN_CANCELLED',
        'TOKEN_FAILED',
        'POPUP_BLOCKED',
        'CANCEL',
      ],
      redirecting: ['TOKEN_OBTAINED', 'TOKEN_CANCELLED', 'TOKEN_FAILED', 'CANCEL'],
      returning: ['REDIRECT_RETURNED', 'REDIRECT_CANCELLED', 'REDIRECT_FAILED', 'CANCEL'],
      verifying: ['VERIFIED', 'VERIFY_FAILED', 'CANCEL'],
      authenticated: ['START'],
      needsFreshToken: ['RETRY', 'START', 'CANCEL'],
      cancelled: ['RETRY', 'START', 'CANCEL'],
      failed: ['RETRY', 'START', 'CANCEL'],
    };
    const all: OAuthLoginEvent[] = [
      { type: 'START', credentialId: CRED },
      { type: 'TOKEN_OBTAINED', clientKey: KEY, oidcToken: TOKEN },
      { type: 'TOKEN_CANCELLED' },
      { type: 'TOKEN_FAILED', error: failure, now: NOW },
      { type: 'VERIFIED', session: SESSION },
      { type: 'VERIFY_FAILED', error: failure, now: NOW },
      { type: 'RETRY', now: NOW },
      { type: 'CANCEL' },
      { type: 'POPUP_BLOCKED' },
      { type: 'RESUME_REDIRECT', result: { state: 'st', error: 'access_denied' } },
      { type: 'REDIRECT_RETURNED', credentialId: CRED, clientKey: KEY, oidcToken: TOKEN },
      { type: 'REDIRECT_CANCELLED', credentialId: CRED },
      { type: 'REDIRECT_FAILED', credentialId: CRED, error: failure, now: NOW },
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
