/**
 * The session's effects (session.effects.ts) against the emulator's fetch handler: each returns
 * what happened (the session to use, a failure to retry, an ending, the check's event) and
 * changes nothing of the manager's own; the ports are the real key store and lock.
 */
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { systemClock } from '../internal/clock.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { createLockRunner } from './cross-tab.js';
import {
  checkSession,
  createSessionCheck,
  type RefreshContext,
  runRefresh,
  sweepLateRefresh,
} from './session.effects.js';
import type { SessionMachineState } from './session.machine.js';
import type { SessionState } from './session-manager.types.js';
import { type ActiveSession, SESSION_SLOT } from './session-record.js';
import { saveSlot } from './session-slot.js';

async function signIn(client: WalletAuthClient, credentialId: string): Promise<ActiveSession> {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
  const state = client.sessions.getSnapshot();
  if (state.status !== 'active') {
    throw new Error('expected an active session');
  }
  return state.session;
}

type Env = Awaited<ReturnType<typeof setup>>;

/** A client of the same emulator, with its own key store unless given one. */
function reopen(
  env: Env,
  fetch = env.client.api.transport.fetch!,
  keyStore = createMemoryKeyStore(),
) {
  return createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: env.sandbox.enclavePublicKey },
    keyStore,
    channel: false,
  });
}

const machineState = (view: SessionState): SessionMachineState => ({
  status: view.status,
  view,
  clockOffsetMs: 0,
  retry: undefined,
  knownSessionIds: [],
  timer: undefined,
});

/** The ports over `client`'s key store: the view is `client`'s unless `view` says otherwise. */
function portsOf(client: WalletAuthClient, view?: () => SessionState) {
  const commits: string[] = [];
  const ports: RefreshContext = {
    api: client.api,
    keyStore: client.keys,
    lock: createLockRunner(),
    clock: systemClock,
    sessionKeyMode: 'documented',
    snapshot: () => machineState(view?.() ?? client.sessions.getSnapshot()),
    readStored: async () => (await client.keys.load(SESSION_SLOT))?.keyPair as never,
    async commit(input, stillWanted) {
      commits.push(input.session.id);
      const record = await saveSlot(client.keys, input, input.receivedAtMs, stillWanted);
      return record.session;
    },
  };
  return { ports, commits };
}

const refreshCalls = (env: Env) => env.requests.filter((r) => r.url.endsWith('/refresh')).length;

describe('session effects against the emulator', () => {
  it('SES-03: given the service answering 500 to a refresh, runRefresh should return the failure to retry and leave the key in the slot', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const real = env.client.api.transport.fetch!;
    const failing = reopen(
      env,
      async (request) =>
        request.url.endsWith('/refresh')
          ? new Response(JSON.stringify({ status: 500, code: 'INTERNAL_ERROR', message: 'down' }), {
              status: 500,
              headers: { 'Content-Type': 'application/json' },
            })
          : real(request),
      env.client.keys,
    );
    const { ports, commits } = portsOf(env.client);
    const outcome = await runRefresh({ ...ports, api: failing.api }, mine, () => true);
    expect(outcome).toMatchObject({ retry: true, error: { status: 500 } });
    expect(outcome).not.toHaveProperty('end', expect.anything());
    expect(commits).toEqual([]);
    expect((await env.client.keys.load(SESSION_SLOT))?.metadata.sessionId).toBe(mine.id);
  });

  it('SES-03: given a refresh of a session revoked from another device, runRefresh should return the expired ending without retry and delete the key', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const other = reopen(env);
    await signIn(other, env.emailCredentialId);
    await other.sessions.revokeSession(mine.id);
    const { ports, commits } = portsOf(env.client);
    const outcome = await runRefresh(ports, mine, () => true);
    expect(outcome).toMatchObject({ end: { reason: 'expired', sessionId: mine.id } });
    expect(outcome).not.toHaveProperty('retry', true);
    expect(commits).toEqual([]);
    expect(await env.client.keys.load(SESSION_SLOT)).toBeUndefined();
    expect(refreshCalls(env)).toBe(1);
  });

  it('SES-04: given the slot read again under the lock holding another session, runRefresh should return that session without calling the service', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const successor = { ...mine, id: 'Session:already-refreshed' };
    const { ports } = portsOf(env.client, () => ({
      status: 'active',
      session: successor,
      persistence: 'memory',
      refreshing: true,
    }));
    const count = env.requests.length;
    expect(await runRefresh(ports, mine, () => true)).toEqual({ session: successor });
    expect(env.requests.length).toBe(count);
  });

  it('SES-04: given a refresh that goes through, runRefresh should commit the successor with its new key and return it', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const { ports, commits } = portsOf(env.client);
    const outcome = await runRefresh(ports, mine, () => true);
    if (!('session' in outcome)) {
      throw new Error('expected a session');
    }
    expect(outcome.session.id).not.toBe(mine.id);
    expect(outcome.session.publicKey).not.toBe(mine.publicKey);
    expect(commits).toEqual([outcome.session.id]);
    const stored = await env.client.keys.load(SESSION_SLOT);
    expect(stored?.metadata).toMatchObject({
      sessionId: outcome.session.id,
      refreshedFrom: mine.id,
    });
  });

  it('SES-05: given the session ended while its refresh was in flight, runRefresh should revoke the result and never commit it', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const { ports, commits } = portsOf(env.client);
    let asked = 0;
    const outcome = await runRefresh(ports, mine, () => asked++ === 0);
    expect(outcome).toMatchObject({ error: { code: 'SESSION_KEY_MISSING' } });
    expect(commits).toEqual([]);
    const { data } = await reopen(env).api.listSessions(env.accountId);
    // Only the session being refreshed is still listed: its successor was revoked.
    expect(data.map((s) => s.id)).toEqual([mine.id]);
  });

  it('SES-22: given a session still listed, checkSession should return CHECKED with the time and nothing to apply', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const { ports } = portsOf(env.client);
    const found = await checkSession(ports, mine.id, new AbortController().signal);
    expect(found.checked).toMatchObject({
      type: 'CHECKED',
      sessionId: mine.id,
      now: expect.any(Number),
    });
    expect(found.event).toBeUndefined();
    expect(found.end).toBeUndefined();
  });

  it('SES-22: given a session revoked from another device, checkSession should return CHECKED without a time and the revoked ending, deleting nothing itself', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const other = reopen(env);
    await signIn(other, env.emailCredentialId);
    await other.sessions.revokeSession(mine.id);
    const { ports } = portsOf(env.client);
    const found = await checkSession(ports, mine.id, new AbortController().signal);
    expect(found).toMatchObject({
      checked: { type: 'CHECKED', sessionId: mine.id, now: undefined },
      end: { reason: 'revoked', sessionId: mine.id },
    });
    expect((await env.client.keys.load(SESSION_SLOT))?.metadata.sessionId).toBe(mine.id);
  });

  it('SES-22: given two rechecks of a listed session within 10 s, createSessionCheck should ask the service once and answer the second with nothing to apply', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const { ports } = portsOf(env.client);
    const check = createSessionCheck(ports);
    const lists = () =>
      env.requests.filter((r) => r.method === 'GET' && r.url.includes('/auth/sessions')).length;
    const before = lists();
    expect(await check(mine.id)).toStrictEqual({ event: undefined });
    expect(await check(mine.id)).toStrictEqual({});
    expect(lists()).toBe(before + 1);
  });

  it('SES-05: given a late refresh result in the slot after a sign-out, sweepLateRefresh should delete it and hand back its revoke; any other session is left alone', async () => {
    const env = await setup();
    const mine = await signIn(env.client, env.emailCredentialId);
    const { ports } = portsOf(env.client);
    expect(await sweepLateRefresh(ports, 'Session:some-other')).toBeUndefined();
    expect((await env.client.keys.load(SESSION_SLOT))?.metadata.sessionId).toBe(mine.id);
    const refreshed = await runRefresh(ports, mine, () => true);
    if (!('session' in refreshed)) {
      throw new Error('expected a session');
    }
    const revoke = await sweepLateRefresh(ports, mine.id);
    expect(await env.client.keys.load(SESSION_SLOT)).toBeUndefined();
    // Deleted at once; revoked on the service only when the manager runs the returned step.
    expect((await reopen(env).api.listSessions(env.accountId)).data.map((s) => s.id)).toContain(
      refreshed.session.id,
    );
    await revoke?.();
    const { data } = await reopen(env).api.listSessions(env.accountId);
    expect(data.map((s) => s.id)).not.toContain(refreshed.session.id);
  });
});
