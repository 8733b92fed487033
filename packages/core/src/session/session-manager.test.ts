import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { createHub } from '../reliability/sessions.fixtures.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import { createLockRunner } from './cross-tab.js';

async function signIn(client: ReturnType<typeof createWalletAuthClient>, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('session manager against the emulator', () => {
  it('SES-01: given a reload (a new client over the same key store), should restore the session and still sign', async () => {
    const keyStore = createMemoryKeyStore();
    const { client, sandbox, emailCredentialId, accountId } = await setup({ client: { keyStore } });
    await signIn(client, emailCredentialId);
    const before = client.sessions.getSnapshot();
    const reloaded = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: client.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: false,
    });
    await reloaded.sessions.init();
    const after = reloaded.sessions.getSnapshot();
    expect(after.status).toBe('active');
    expect(
      after.status === 'active' &&
        before.status === 'active' &&
        after.session.id === before.session.id,
    ).toBe(true);
    // The restored key signs a real signed action: revoke-own-session (sign out).
    await reloaded.sessions.signOut();
    expect(reloaded.sessions.getSnapshot()).toMatchObject({
      status: 'signedOut',
      reason: 'signedOut',
    });
    const { data } = await reloaded.api.listSessions(accountId);
    expect(data).toEqual([]);
  });

  it('given the session lifetime passes, should move to expired and refuse to sign before any network call', async () => {
    let now = Date.parse('2026-11-22T10:00:00.000Z');
    const { client, emailCredentialId, requests } = await setup({
      sandbox: { clock: () => now, sessionLifetimeSeconds: 120 },
      client: {
        refreshMarginMs: 0,
        clock: {
          now: () => now,
          setTimeout: (fn, ms) => {
            const h = setTimeout(fn, ms);
            return () => clearTimeout(h);
          },
        },
      },
    });
    await signIn(client, emailCredentialId);
    now += 121_000;
    const count = requests.length;
    await expect(client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(client.sessions.getSnapshot().status).toBe('expired');
    expect(requests.length).toBe(count);
  });

  it('given automatic refresh, should refresh before expiry with a new key and keep the session usable', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-22T10:00:00.000Z'));
    const { client, emailCredentialId, requests } = await setup({
      sandbox: { sessionLifetimeSeconds: 300 },
      client: { refreshMarginMs: 60_000 },
    });
    await signIn(client, emailCredentialId);
    const first = client.sessions.getSnapshot();
    await vi.advanceTimersByTimeAsync(241_000);
    await waitFor(
      client.sessions,
      (s) =>
        s.status === 'active' && first.status === 'active' && s.session.id !== first.session.id,
    );
    expect(requests.filter((r) => r.url.endsWith('/refresh')).length).toBe(2);
    const second = client.sessions.getSnapshot();
    expect(
      second.status === 'active' &&
        first.status === 'active' &&
        second.session.publicKey !== first.session.publicKey,
    ).toBe(true);
  });

  it('SES-04: given two tabs racing a refresh, should refresh exactly once and both adopt the new session', async () => {
    const keyStore = createMemoryKeyStore();
    const hub = createHub();
    const lock = createLockRunner();
    const {
      client: tabA,
      sandbox,
      emailCredentialId,
      requests,
    } = await setup({ client: { keyStore, channel: hub(), lock } });
    await signIn(tabA, emailCredentialId);
    const tabB = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: tabA.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: hub(),
      lock,
    });
    await tabB.sessions.init();
    const [a, b] = await Promise.all([tabA.sessions.refresh(), tabB.sessions.refresh()]);
    expect(a.id).toBe(b.id);
    // One leg 1 and one signed leg: a single refresh on the service.
    expect(requests.filter((r) => r.url.endsWith('/refresh'))).toHaveLength(2);
  });

  it('SES-05: given a sign-out in one tab, should sign out every tab at once', async () => {
    const keyStore = createMemoryKeyStore();
    const hub = createHub();
    const {
      client: tabA,
      sandbox,
      emailCredentialId,
    } = await setup({ client: { keyStore, channel: hub() } });
    await signIn(tabA, emailCredentialId);
    const tabB = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: tabA.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: hub(),
    });
    await tabB.sessions.init();
    expect(tabB.sessions.getSnapshot().status).toBe('active');
    await tabA.sessions.signOut();
    await waitFor(tabB.sessions, (s) => s.status === 'signedOut');
    await expect(tabB.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
  });

  it('given a session revoked from another device, should report it rejected and forget the key', async () => {
    const { client, emailCredentialId, accountId, sandbox } = await setup();
    await signIn(client, emailCredentialId);
    // A second device signs in and revokes the first device's session.
    const other = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: client.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
    });
    await signIn(other, emailCredentialId);
    const mine = client.sessions.getSnapshot();
    if (mine.status !== 'active') {
      throw new Error('expected an active session');
    }
    await other.sessions.revokeSession(mine.session.id);
    const { stamp, reportRejected } = await client.sessions.requireStamper();
    const error = await client.api
      .updatePrivacy(accountId, true, { stamp })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' });
    await reportRejected(error);
    expect(client.sessions.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'revoked' });
  });

  it('KEY-10: given site data cleared mid-session, should fail SESSION_KEY_MISSING before any network call', async () => {
    const { client, emailCredentialId, requests } = await setup();
    await signIn(client, emailCredentialId);
    await client.keys.clear();
    const count = requests.length;
    await expect(client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    expect(requests.length).toBe(count);
  });

  it('SES-21: given two sign-outs at once (a double click), should send one revoke and settle both, signed out', async () => {
    const { client, emailCredentialId, accountId, requests } = await setup();
    await signIn(client, emailCredentialId);
    const count = requests.length;
    const [first, second] = await Promise.all([
      client.sessions.signOut(),
      client.sessions.signOut(),
    ]);
    expect(first).toEqual({ revoked: true });
    expect(second).toBe(first);
    const deletes = requests.slice(count).filter((request) => request.method === 'DELETE');
    // Leg 1 and the signed leg of one revoke.
    expect(deletes).toHaveLength(2);
    expect(client.sessions.getSnapshot()).toMatchObject({
      status: 'signedOut',
      reason: 'signedOut',
    });
    expect((await client.api.listSessions(accountId)).data).toEqual([]);
    // Once settled, a later sign-out runs again (and finds nothing to revoke).
    await expect(client.sessions.signOut()).resolves.toEqual({ revoked: true });
  });

  it('SES-21: given the session already revoked elsewhere (the revoke answers 404), should count it as signed out, delete the key and not hang', async () => {
    const { client, emailCredentialId, sandbox, requests } = await setup();
    await signIn(client, emailCredentialId);
    const mine = client.sessions.getSnapshot();
    if (mine.status !== 'active') {
      throw new Error('expected an active session');
    }
    const other = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: client.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
    });
    await signIn(other, emailCredentialId);
    await other.sessions.revokeSession(mine.session.id);
    const count = requests.length;
    await expect(client.sessions.signOut()).resolves.toEqual({ revoked: true });
    const statuses = requests.slice(count).map((request) => request.method);
    expect(statuses).toEqual(['DELETE']);
    expect(client.sessions.getSnapshot()).toMatchObject({ status: 'signedOut' });
    expect(await client.keys.load('session')).toBeUndefined();
  });
});
