import { describe, expect, it, vi } from 'vitest';
import type { AuthMethod, AuthSession } from '../types.js';
import {
  reconcileNewCredential,
  reconcileNewSession,
  reconcileRefresh,
  reconcileRemoval,
} from './reconcile.js';
import { RECONCILE_CLOCK_MARGIN_MS } from './signed-retry.backoff.js';

const SENT = Date.parse('2026-11-22T10:00:00.000Z');
const REQUEST_ID = 'Request:0f8fad5b-d9cb-469f-a165-70867728950e';
const context = () => ({
  requestId: REQUEST_ID,
  sentAtServerMs: SENT,
  signal: new AbortController().signal,
});
const iso = (ms: number) => new Date(ms).toISOString();

const session = (id: string, createdAt: number, over: Partial<AuthSession> = {}): AuthSession => ({
  id,
  accountId: 'InternalAccount:a',
  type: 'EMAIL_OTP',
  nickname: 'ada@example.com',
  createdAt: iso(createdAt),
  updatedAt: iso(createdAt),
  expiresAt: iso(createdAt + 900_000),
  ...over,
});
const sessions = (...data: AuthSession[]) => vi.fn(async () => ({ data }));
const expected = {
  accountId: 'InternalAccount:a',
  type: 'EMAIL_OTP' as const,
  nickname: 'ada@example.com',
  knownSessionIds: ['Session:known'],
  terminalStatus: 200 as const,
};

describe('reconcileNewSession', () => {
  it('given exactly one session of the credential created since the send, should return it as the committed 200', async () => {
    const mine = session('Session:new', SENT + 300);
    const list = sessions(
      session('Session:known', SENT + 100),
      session('Session:old', SENT - RECONCILE_CLOCK_MARGIN_MS - 1),
      session('Session:sms', SENT + 200, { type: 'SMS_OTP' }),
      session('Session:other', SENT + 200, { nickname: 'bob@example.com' }),
      session('Session:bad', SENT, { createdAt: 'yesterday' }),
      mine,
    );
    const outcome = await reconcileNewSession(list, expected)(context());
    expect(outcome).toEqual({ kind: 'committed', status: 200, body: mine });
    expect(list).toHaveBeenCalledWith('InternalAccount:a', expect.any(AbortSignal));
  });

  it('given a session created exactly the margin before the send, should count it (the Date header is coarse)', async () => {
    const edge = session('Session:edge', SENT - RECONCILE_CLOCK_MARGIN_MS);
    const outcome = await reconcileNewSession(sessions(edge), expected)(context());
    expect(outcome).toMatchObject({ kind: 'committed', body: edge });
  });

  it.each([
    ['none', []],
    ['two', [session('Session:1', SENT + 1), session('Session:2', SENT + 2)]],
  ])(
    'given %s candidates, should say unknown with REQUEST_ID_CONSUMED telling the person to sign in again',
    async (_label, data) => {
      const outcome = await reconcileNewSession(sessions(...data), expected)(context());
      expect(outcome).toMatchObject({
        kind: 'unknown',
        error: {
          code: 'REQUEST_ID_CONSUMED',
          message: expect.stringMatching(/sign in again/i),
          details: { requestId: REQUEST_ID, candidates: data.length },
        },
      });
    },
  );
});

describe('reconcileRefresh', () => {
  const refreshed = {
    accountId: 'InternalAccount:a',
    sessionId: 'Session:known',
    type: 'EMAIL_OTP' as const,
    nickname: 'ada@example.com',
  };

  it('given a client-held (pub33) key, should find the new session as a 201, never the refreshed one', async () => {
    const fresh = session('Session:new', SENT + 10);
    const outcome = await reconcileRefresh(sessions(session('Session:known', SENT + 5), fresh), {
      ...refreshed,
      clientPublicKey: `02${'ab'.repeat(32)}`,
    })(context());
    expect(outcome).toEqual({ kind: 'committed', status: 201, body: fresh });
  });

  it('given a documented (pub65) key, should say unknown without reading the list (the sealed key was in the lost answer)', async () => {
    const list = sessions(session('Session:new', SENT + 10));
    const outcome = await reconcileRefresh(list, {
      ...refreshed,
      clientPublicKey: `04${'ab'.repeat(64)}`,
    })(context());
    expect(outcome).toMatchObject({
      kind: 'unknown',
      error: { code: 'REQUEST_ID_CONSUMED', message: expect.stringMatching(/sign in again/i) },
    });
    expect(list).not.toHaveBeenCalled();
  });
});

describe('reconcileNewCredential', () => {
  const method = (id: string, createdAt: number, over: Partial<AuthMethod> = {}): AuthMethod => ({
    id,
    accountId: 'InternalAccount:a',
    type: 'PASSKEY',
    nickname: 'Laptop',
    createdAt: iso(createdAt),
    updatedAt: iso(createdAt),
    ...over,
  });
  const body = {
    type: 'PASSKEY' as const,
    accountId: 'InternalAccount:a',
    nickname: 'Laptop',
    challenge: 'c',
    attestation: {} as never,
  };

  it('given one passkey with the nickname created since the send, should return it as the committed 201', async () => {
    const added = method('AuthMethod:new', SENT + 50);
    const list = vi.fn(async () => ({
      data: [
        method('AuthMethod:old', SENT - 60_000),
        method('AuthMethod:phone', SENT + 50, { nickname: 'Phone' }),
        method('AuthMethod:email', SENT + 50, { type: 'EMAIL_OTP' }),
        added,
      ],
    }));
    expect(await reconcileNewCredential(list, body)(context())).toEqual({
      kind: 'committed',
      status: 201,
      body: added,
    });
  });

  it('given an OTP credential, should match on type alone', async () => {
    const added = method('AuthMethod:new', SENT, { type: 'EMAIL_OTP', nickname: 'x@y.z' });
    const list = vi.fn(async () => ({ data: [added] }));
    const outcome = await reconcileNewCredential(list, {
      type: 'EMAIL_OTP',
      accountId: 'InternalAccount:a',
    })(context());
    expect(outcome).toMatchObject({ kind: 'committed', body: added });
  });

  it('given no new credential, should say unknown and ask to reload before adding again', async () => {
    const list = vi.fn(async () => ({ data: [method('AuthMethod:old', SENT - 60_000)] }));
    expect(await reconcileNewCredential(list, body)(context())).toMatchObject({
      kind: 'unknown',
      error: { code: 'REQUEST_ID_CONSUMED', details: { candidates: 0 } },
    });
  });
});

describe('reconcileRemoval', () => {
  it('given the id gone from the list, should return the lost 204', async () => {
    const step = reconcileRemoval(async () => [{ id: 'Session:other' }], 'Session:gone');
    expect(await step(context())).toEqual({ kind: 'committed', status: 204, body: undefined });
  });

  it('given the id still listed, should say unknown', async () => {
    const step = reconcileRemoval(async () => [{ id: 'Session:still' }], 'Session:still');
    expect(await step(context())).toMatchObject({
      kind: 'unknown',
      error: { code: 'REQUEST_ID_CONSUMED', details: { id: 'Session:still' } },
    });
  });
});
