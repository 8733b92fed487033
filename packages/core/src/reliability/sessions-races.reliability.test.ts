/**
 * Reliability catalogue 2-SES, the refresh's failure and race paths against the in-process
 * emulator: a refresh that keeps failing backs off and stops before expiry (SES-03); a 401 ends
 * the session without a retry (SES-03); a tab that adopted the new session from the broadcast
 * while it waited for the lock does not refresh again (SES-04); a refresh answered after a
 * sign-out never brings the session back (SES-05).
 */
import { trackWebCrypto } from '@wallet-auth/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import type { KeyStore } from '../keys/key-store.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { createLockRunner } from '../session/cross-tab.js';
import type { LockRunner } from '../session/cross-tab.types.js';
import { createSessionManager } from '../session/session-manager.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import { createHub, createTestTime, reopen, signIn } from './sessions.fixtures.js';

/** Lets pending promise chains (emulator, key store, timer callbacks) run to completion. */
async function flush(turns = 10) {
  for (let i = 0; i < turns; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** WebCrypto calls in flight: a refresh reads and checks the stored key before it marks itself refreshing. */
const webCrypto = trackWebCrypto();
afterAll(() => webCrypto.release());

/**
 * Fires the kit's timers one by one up to `end` (server time), letting each one's work settle.
 * `busy` tells when work is still in flight (a refresh in progress); time also waits for WebCrypto
 * calls, which run on Node's thread pool and outlast a few event-loop turns on a loaded machine.
 */
async function runTimersUntil(
  time: ReturnType<typeof createTestTime>,
  end: number,
  busy: () => boolean = () => false,
) {
  const settle = async () => {
    await flush();
    for (let waited = 0; (busy() || webCrypto.inFlight() > 0) && waited < 5_000; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await flush();
  };
  await settle();
  for (let due = time.nextDue(); due !== undefined && due <= end; due = time.nextDue()) {
    time.advance(Math.max(0, due - time.server()));
    await settle();
  }
  time.advance(Math.max(0, end - time.server()));
  await settle();
}

/** True while `manager` has a refresh in flight. */
const refreshing = (manager: { getSnapshot(): { status: string; refreshing?: boolean } }) => () => {
  const state = manager.getSnapshot();
  return state.status === 'active' && state.refreshing === true;
};

function envelope(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A gate: `wait()` resolves once `open()` was called. */
function createGate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait: () => opened };
}

/** A fetch that holds the answer to the accepted signed refresh until `release` is called. */
function holdSignedRefresh(fetch: (request: Request) => Promise<Response>) {
  const accepted = createGate();
  const released = createGate();
  return {
    accepted: accepted.wait,
    release: released.open,
    fetch: async (request: Request) => {
      const signed = request.headers.has('Service-Wallet-Signature');
      const response = await fetch(request);
      if (signed && request.url.endsWith('/refresh')) {
        accepted.open();
        await released.wait();
      }
      return response;
    },
  };
}

/** A key store over `inner` whose next `save` waits until released (the write is slow). */
function slowSaveKeyStore(inner: KeyStore) {
  let hold: { reached: () => void; released: Promise<void> } | undefined;
  const store: KeyStore = {
    namespace: inner.namespace,
    getPersistence: () => inner.getPersistence(),
    save: async (id, keyPair, options) => {
      const current = hold;
      hold = undefined;
      if (current !== undefined) {
        current.reached();
        await current.released;
      }
      return inner.save(id, keyPair, options);
    },
    load: (id) => inner.load(id),
    checkHealth: (id, options) => inner.checkHealth(id, options),
    delete: (id) => inner.delete(id),
    clear: () => inner.clear(),
  };
  return {
    store,
    holdNextSave() {
      const reached = createGate();
      const released = createGate();
      hold = { reached: reached.open, released: released.wait() };
      return { reached: reached.wait, release: released.open };
    },
  };
}

describe('sessions: refresh failures and races (catalogue SES-03, SES-04, SES-05)', () => {
  it('SES-03: given an automatic refresh that keeps failing, should retry after ~1 s, 2 s, 4 s … (jittered, capped) and stop before expiresAt', async () => {
    const time = createTestTime();
    const attempts: number[] = [];
    const keyStore = createMemoryKeyStore();
    const {
      client: plain,
      sandbox,
      emailCredentialId,
    } = await setup({
      sandbox: { clock: time.server, sessionLifetimeSeconds: 600 },
    });
    const real = plain.api.transport.fetch!;
    const client = reopen(
      sandbox,
      (request) => {
        if (request.url.endsWith('/refresh')) {
          attempts.push(time.server());
          return Promise.resolve(envelope(500, { code: 'INTERNAL_ERROR', message: 'down' }));
        }
        return real(request);
      },
      keyStore,
      time.client(0),
    );
    await signIn(client, emailCredentialId);
    const signedInAt = time.server();
    client.sessions.dispose();
    // The manager itself, for an injected jitter source: 0.5 → 75 % of each step.
    const manager = createSessionManager({
      api: client.api,
      keyStore,
      clock: time.client(0),
      channel: false,
      refreshMarginMs: 60_000,
      random: () => 0.5,
    });
    await manager.init();
    await runTimersUntil(time, signedInAt + 620_000, refreshing(manager));
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    const expected = [750, 1_500, 3_000, 6_000, 12_000, 22_500];
    expect(attempts[0]! - signedInAt).toBeGreaterThanOrEqual(540_000);
    expect(gaps).toHaveLength(expected.length);
    expect(gaps).toEqual(expected);
    expect(attempts.at(-1)! - signedInAt).toBeLessThan(600_000);
    expect(manager.getSnapshot().status).toBe('expired');
    manager.dispose();
  });

  it('SES-03: given a refresh answered 401 because the session was revoked, should end it, ask for re-authentication and not retry', async () => {
    const time = createTestTime();
    let refreshes = 0;
    const {
      client: plain,
      sandbox,
      emailCredentialId,
    } = await setup({
      sandbox: { clock: time.server, sessionLifetimeSeconds: 600 },
    });
    const real = plain.api.transport.fetch!;
    const count = (request: Request) => {
      if (request.url.endsWith('/refresh')) {
        refreshes += 1;
      }
      return real(request);
    };
    const mine = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: count,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
      refreshMarginMs: 60_000,
      clock: time.client(0),
    });
    const session = await signIn(mine, emailCredentialId);
    const other = reopen(sandbox, real, createMemoryKeyStore(), time.client(0));
    await signIn(other, emailCredentialId);
    await other.sessions.revokeSession(session.id);
    await runTimersUntil(time, time.server() + 620_000, refreshing(mine.sessions));
    expect(refreshes).toBe(1); // answered 401 Session is not active; never tried again
    // "Session is not active" does not say revoked or expired: re-authentication either way.
    expect(mine.sessions.getSnapshot().status).toBe('expired');
    expect(await mine.keys.load('session')).toBeUndefined();
  });

  it('SES-03: given a refresh answered 401 because the session expired on the service clock, should ask for re-authentication and not retry', async () => {
    const time = createTestTime();
    let refreshes = 0;
    const {
      client: plain,
      sandbox,
      emailCredentialId,
    } = await setup({
      sandbox: { clock: time.server, sessionLifetimeSeconds: 600 },
    });
    const real = plain.api.transport.fetch!;
    const client = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: (request) => {
        if (request.url.endsWith('/refresh')) {
          refreshes += 1;
          return Promise.resolve(
            envelope(401, {
              code: 'WALLET_SIGNATURE_INVALID',
              message: 'The wallet signature is not valid.',
              reason: 'Signing session has expired',
            }),
          );
        }
        return real(request);
      },
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
      refreshMarginMs: 60_000,
      clock: time.client(0),
    });
    await signIn(client, emailCredentialId);
    await runTimersUntil(time, time.server() + 620_000, refreshing(client.sessions));
    expect(refreshes).toBe(1);
    expect(client.sessions.getSnapshot().status).toBe('expired');
    expect(await client.keys.load('session')).toBeUndefined();
  });

  it('SES-04: given a tab that adopted the new session from the broadcast while it waited for the lock, should not refresh that one again', async () => {
    const keyStore = createMemoryKeyStore();
    const hub = createHub();
    const shared = createLockRunner();
    let beforeTaskB: () => Promise<void> = () => Promise.resolve();
    // Tab B's turn with the lock comes only after it heard about tab A's refresh (as in Chromium).
    const lockB: LockRunner = (name, task) =>
      shared(name, async () => {
        await beforeTaskB();
        return task();
      });
    const {
      client: tabA,
      sandbox,
      emailCredentialId,
      requests,
    } = await setup({ client: { keyStore, channel: hub(), lock: shared, refreshMarginMs: 0 } });
    const first = await signIn(tabA, emailCredentialId);
    const tabB = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: tabA.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: hub(),
      lock: lockB,
      refreshMarginMs: 0,
    });
    await tabB.sessions.init();
    beforeTaskB = async () => {
      await waitFor(tabB.sessions, (s) => s.status === 'active' && s.session.id !== first.id);
    };
    const before = requests.length;
    const [a, b] = await Promise.all([tabA.sessions.refresh(), tabB.sessions.refresh()]);
    expect(b.id).toBe(a.id);
    const refreshes = requests.slice(before).filter((r) => r.url.endsWith('/refresh'));
    expect(refreshes).toHaveLength(2); // one leg 1 and one signed leg: a single refresh
    expect((await tabB.sessions.requireStamper()).session.publicKey).toBe(a.publicKey);
    expect((await keyStore.load('session'))!.metadata.sessionId).toBe(a.id);
  });

  it('SES-05: given one tab signing out while another tab has a refresh in flight, should leave both signed out, no key, and no live session on the service', async () => {
    const keyStore = createMemoryKeyStore();
    const hub = createHub();
    const lock = createLockRunner();
    const { client, sandbox, emailCredentialId, accountId, platform } = await setup();
    const held = holdSignedRefresh(client.api.transport.fetch!);
    const open = () =>
      createWalletAuthClient({
        baseUrl: BASE_URL,
        fetch: held.fetch,
        environment: 'sandbox',
        enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
        keyStore,
        channel: hub(),
        lock,
        refreshMarginMs: 0,
      });
    const tabA = open();
    const tabB = open();
    await signIn(tabA, emailCredentialId);
    await tabB.sessions.init();
    const refreshing = tabB.sessions.refresh();
    await held.accepted();
    await tabA.sessions.signOut();
    await waitFor(tabB.sessions, (s) => s.status === 'signedOut');
    held.release();
    await expect(refreshing).rejects.toMatchObject({ code: 'SESSION_KEY_MISSING' });
    await flush();
    for (const tab of [tabA, tabB]) {
      expect(tab.sessions.getSnapshot()).toMatchObject({ status: 'signedOut' });
      await expect(tab.sessions.requireStamper()).rejects.toMatchObject({
        code: 'SESSION_KEY_MISSING',
      });
    }
    expect(await keyStore.load('session')).toBeUndefined();
    // The refreshed session was revoked with its own key: nothing is left signed in.
    const listed = await platform('GET', `/auth/sessions?accountId=${accountId}`);
    expect(listed.body.data).toEqual([]);
  });

  it('SES-05: given a sign-out in the tab whose own refresh is in flight, should discard the refresh result and revoke it', async () => {
    const { client, sandbox, emailCredentialId, accountId, platform } = await setup();
    const held = holdSignedRefresh(client.api.transport.fetch!);
    const tab = reopen(sandbox, held.fetch, createMemoryKeyStore());
    await signIn(tab, emailCredentialId);
    const refreshing = tab.sessions.refresh();
    await held.accepted();
    await tab.sessions.signOut();
    held.release();
    await expect(refreshing).rejects.toMatchObject({ code: 'SESSION_KEY_MISSING' });
    expect(tab.sessions.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'signedOut' });
    expect(await tab.keys.load('session')).toBeUndefined();
    const listed = await platform('GET', `/auth/sessions?accountId=${accountId}`);
    expect(listed.body.data).toEqual([]);
  });

  it('SES-05: given another tab signing out between a refresh checking the slot and writing the new key, should sweep the late key and revoke its session', async () => {
    const shared = createMemoryKeyStore();
    const slow = slowSaveKeyStore(shared);
    const lock = createLockRunner();
    const { client, sandbox, emailCredentialId, accountId, platform } = await setup();
    const fetch = client.api.transport.fetch!;
    const open = (keyStore: KeyStore) =>
      createWalletAuthClient({
        baseUrl: BASE_URL,
        fetch,
        environment: 'sandbox',
        enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
        keyStore,
        channel: false, // tab B never hears the sign-out: only the sweep can catch its write
        lock,
        refreshMarginMs: 0,
      });
    const tabA = open(shared);
    const tabB = open(slow.store);
    await signIn(tabA, emailCredentialId);
    await tabB.sessions.init();
    const write = slow.holdNextSave();
    const refreshing = tabB.sessions.refresh();
    await write.reached();
    await tabA.sessions.signOut();
    write.release();
    const late = await refreshing;
    for (let i = 0; i < 50 && (await shared.load('session')) !== undefined; i++) {
      await flush();
    }
    expect(await shared.load('session')).toBeUndefined();
    await waitFor(tabA.sessions, (s) => s.status === 'signedOut');
    await expect(tabB.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    for (let i = 0; i < 50 && sandbox.state.sessions.get(late.id)?.revoked !== true; i++) {
      await flush();
    }
    expect(sandbox.state.sessions.get(late.id)?.revoked).toBe(true);
    const listed = await platform('GET', `/auth/sessions?accountId=${accountId}`);
    expect(listed.body.data).toEqual([]);
  });
});
