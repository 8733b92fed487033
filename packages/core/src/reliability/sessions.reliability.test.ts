/**
 * Reliability catalogue 2-SES against the in-process emulator: refresh crash points (SES-02), two
 * tabs refreshing at once (SES-04), signing out offline (SES-08), a fast clock (SES-09), a sleep
 * past expiry (SES-10) and a second login (SES-12). Time is a manual clock: the emulator reads
 * server time, the kit a view of it, and timers fire only when the test says so.
 */
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../client/create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import type { Clock } from '../internal/clock.js';
import type { KeyStore } from '../keys/key-store.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import {
  createLockRunner,
  type SessionChannel,
  type SessionMessage,
} from '../session/cross-tab.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import { setWalletPrivacy } from '../wallet/set-wallet-privacy.js';

/** Server time plus timers that fire only through `fire`/`advance` (a sleeping laptop never fires). */
function createTestTime(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  let now = start;
  const timers: { at: number; callback: () => void; live: boolean }[] = [];
  const view = (offsetMs: number): Clock => ({
    now: () => now + offsetMs,
    setTimeout(callback, ms) {
      // A timer set on a skewed clock is due at the same real moment: store it in server time.
      const timer = { at: now + Math.max(0, ms), callback, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
  });
  return {
    server: () => now,
    client: view,
    /** Moves time without running timers (the device is asleep). */
    sleep(ms: number) {
      now += ms;
    },
    /** Runs every live timer already due, in order (the device wakes up; timers fire late). */
    wake() {
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.live && timer.at <= now) {
          timer.live = false;
          timer.callback();
        }
      }
    },
    /** Moves time forward, running timers on the way. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) {
          break;
        }
        now = Math.max(now, due.at);
        due.live = false;
        due.callback();
      }
      now = target;
    },
  };
}

async function signIn(client: ReturnType<typeof createWalletAuthClient>, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  const done = await waitFor(flow, (s) => s.status === 'authenticated' || s.status === 'failed');
  if (done.status !== 'authenticated') {
    throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
  }
  return done.session;
}

/** An in-memory BroadcastChannel: what one tab posts, the others receive. */
function createHub() {
  const listeners = new Set<(message: SessionMessage) => void>();
  return (): SessionChannel => {
    let mine: ((message: SessionMessage) => void) | undefined;
    return {
      post: (message) => {
        for (const listener of listeners) {
          if (listener !== mine) {
            queueMicrotask(() => listener(message));
          }
        }
      },
      listen(listener) {
        mine = listener;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close() {
        if (mine) {
          listeners.delete(mine);
        }
      },
    };
  };
}

/** A key store whose next `save` can be made to fail, as if the tab died mid-write. */
function crashableKeyStore(): KeyStore & { crashNextSave(): void } {
  const inner = createMemoryKeyStore();
  let crash = false;
  return {
    namespace: inner.namespace,
    getPersistence: () => inner.getPersistence(),
    save: (id, keyPair, options) => {
      if (crash) {
        crash = false;
        return Promise.reject(new Error('tab closed during the write'));
      }
      return inner.save(id, keyPair, options);
    },
    load: (id) => inner.load(id),
    checkHealth: (id, options) => inner.checkHealth(id, options),
    delete: (id) => inner.delete(id),
    clear: () => inner.clear(),
    crashNextSave() {
      crash = true;
    },
  };
}

/** Adds the `Date` header every HTTP server sends (the in-process handler sends none). */
function withDateHeader(
  fetch: (request: Request) => Promise<Response>,
  serverNow: () => number,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await fetch(request);
    const headers = new Headers(response.headers);
    headers.set('Date', new Date(serverNow()).toUTCString());
    return new Response(response.body, { status: response.status, headers });
  };
}

function reopen(
  sandbox: { enclavePublicKey: string },
  fetch: (request: Request) => Promise<Response>,
  keyStore: KeyStore,
  clock?: Clock,
) {
  return createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore,
    channel: false,
    refreshMarginMs: 0,
    ...(clock === undefined ? {} : { clock }),
  });
}

describe('sessions: refresh, tabs, offline sign-out, clocks (catalogue 2-SES)', () => {
  it('SES-02: given the tab dying while the refreshed key is written, should leave the old key usable after a reload; after a clean refresh, only the new key', async () => {
    const keyStore = crashableKeyStore();
    const { client, sandbox, emailCredentialId, accountId } = await setup({
      client: { keyStore, refreshMarginMs: 0 },
    });
    const first = await signIn(client, emailCredentialId);
    const firstKey = (await keyStore.load('session'))!.keyPair.compressedPublicKeyHex;

    // Crash point: the service confirmed the refresh, the new key never reached storage.
    keyStore.crashNextSave();
    await expect(client.sessions.refresh()).rejects.toThrow();
    expect(sandbox.state.sessions.size).toBe(2); // the service did confirm the refresh
    const reloaded = reopen(sandbox, client.api.transport.fetch!, keyStore);
    await reloaded.sessions.init();
    expect(reloaded.sessions.getSnapshot()).toMatchObject({
      status: 'active',
      session: { id: first.id, publicKey: firstKey },
    });
    await setWalletPrivacy(reloaded, accountId, true); // the old key still signs

    // A clean refresh: the new key replaces the old one in the same slot, in one write.
    const next = await reloaded.sessions.refresh();
    expect(next.id).not.toBe(first.id);
    const stored = (await keyStore.load('session'))!;
    expect(stored.keyPair.compressedPublicKeyHex).toBe(next.publicKey);
    expect(stored.keyPair.compressedPublicKeyHex).not.toBe(firstKey);
    expect(stored.metadata.sessionId).toBe(next.id);
    await setWalletPrivacy(reloaded, accountId, false);
  });

  it('SES-04: given two tabs refreshing the same session at the same moment, should refresh once and both hold the new key', async () => {
    const keyStore = createMemoryKeyStore();
    const hub = createHub();
    const lock = createLockRunner(); // one lock for both tabs, as Web Locks gives
    const {
      client: tabA,
      sandbox,
      emailCredentialId,
      requests,
      accountId,
    } = await setup({ client: { keyStore, channel: hub(), lock, refreshMarginMs: 0 } });
    await signIn(tabA, emailCredentialId);
    const tabB = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: tabA.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: hub(),
      lock,
      refreshMarginMs: 0,
    });
    await tabB.sessions.init();
    const before = requests.length;
    const [a, b] = await Promise.all([tabA.sessions.refresh(), tabB.sessions.refresh()]);
    expect(a.id).toBe(b.id);
    const refreshes = requests.slice(before).filter((r) => r.url.endsWith('/refresh'));
    expect(refreshes.filter((r) => !r.headers.has('Service-Wallet-Signature'))).toHaveLength(1);
    for (const tab of [tabA, tabB]) {
      expect(tab.sessions.getSnapshot()).toMatchObject({ status: 'active', session: { id: a.id } });
      expect(tab.sessions.currentKeyPair()?.compressedPublicKeyHex).toBe(a.publicKey);
    }
    await setWalletPrivacy(tabB, accountId, true);
  });

  it('SES-08: given sign-out while the network is down, should delete the local key at once; the service session lapses at its own expiresAt', async () => {
    let online = true;
    const time = createTestTime();
    const { client, sandbox, emailCredentialId, accountId, platform } = await setup({
      sandbox: { clock: time.server },
      client: { clock: time.client(0), refreshMarginMs: 0 },
    });
    const real = client.api.transport.fetch!;
    const offlineAware = reopen(
      sandbox,
      (request) =>
        online ? real(request) : Promise.reject(new TypeError('Failed to fetch (offline)')),
      client.keys,
      time.client(0),
    );
    const session = await signIn(offlineAware, emailCredentialId);
    online = false;
    await offlineAware.sessions.signOut();
    expect(offlineAware.sessions.getSnapshot()).toMatchObject({ status: 'signedOut' });
    expect(await offlineAware.keys.load('session')).toBeUndefined();
    await expect(offlineAware.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_KEY_MISSING',
    });
    online = true;
    // No key is left to sign a revoke later: the service session simply runs out (§12).
    const listed = await platform('GET', `/auth/sessions?accountId=${accountId}`);
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([session.id]);
    time.sleep(15 * 60_000 + 1);
    const later = await platform('GET', `/auth/sessions?accountId=${accountId}`);
    expect(later.body.data).toEqual([]);
  });

  it.fails('SES-09 (known gap): given a device clock one hour ahead, should keep the fresh session active and sign (today it is expired at once: expiresAt is compared raw with the local clock)', async () => {
    const time = createTestTime();
    const {
      client: plain,
      sandbox,
      emailCredentialId,
      accountId,
    } = await setup({
      sandbox: { clock: time.server },
    });
    const client = reopen(
      sandbox,
      withDateHeader(plain.api.transport.fetch!, time.server),
      createMemoryKeyStore(),
      time.client(3_600_000),
    );
    await signIn(client, emailCredentialId);
    expect(client.sessions.getSnapshot().status).toBe('active');
    await setWalletPrivacy(client, accountId, true);
  });

  it('SES-10: given the laptop asleep past expiry with timers firing late, should not sign with the expired key and settle on expired when it wakes', async () => {
    const time = createTestTime();
    const { client, emailCredentialId, accountId, requests } = await setup({
      sandbox: { clock: time.server, sessionLifetimeSeconds: 600 },
      client: { clock: time.client(0), refreshMarginMs: 60_000 },
    });
    await signIn(client, emailCredentialId);
    time.sleep(11 * 60_000); // asleep through the refresh time and the expiry
    const before = requests.length;
    time.wake(); // the refresh timer fires late
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(setWalletPrivacy(client, accountId, true)).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(requests.slice(before).filter((r) => r.headers.has('Service-Wallet-Signature'))).toEqual(
      [],
    );
    expect(client.sessions.getSnapshot().status).toBe('expired');
  });

  it('SES-12: given a login while a previous session key exists, should use a new key and keep only it on the device', async () => {
    const { client, emailCredentialId, accountId } = await setup({
      client: { refreshMarginMs: 0 },
    });
    const first = await signIn(client, emailCredentialId);
    const firstKey = client.sessions.currentKeyPair()!.compressedPublicKeyHex;
    const second = await signIn(client, emailCredentialId);
    const secondKey = client.sessions.currentKeyPair()!.compressedPublicKeyHex;
    expect(second.id).not.toBe(first.id);
    expect(secondKey).not.toBe(firstKey);
    const stored = (await client.keys.load('session'))!;
    expect(stored.keyPair.compressedPublicKeyHex).toBe(secondKey);
    expect(stored.metadata.sessionId).toBe(second.id);
    await setWalletPrivacy(client, accountId, true);
  });

  it.fails('SES-03 (known gap): given an automatic refresh that fails (here a 500), should not retry it in a tight loop (today each failure schedules the next attempt at once)', async () => {
    const time = createTestTime();
    let refreshAttempts = 0;
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
      async (request) => {
        if (request.url.endsWith('/refresh')) {
          refreshAttempts += 1;
          return new Response(
            JSON.stringify({ status: 500, code: 'INTERNAL_ERROR', message: 'down' }),
            { status: 500, headers: { 'Content-Type': 'application/json' } },
          );
        }
        return real(request);
      },
      createMemoryKeyStore(),
      time.client(0),
    );
    // refreshMarginMs is 0 in reopen(); this client refreshes 60 s before expiry.
    const refreshing = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: client.api.transport.fetch!,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: client.keys,
      channel: false,
      refreshMarginMs: 60_000,
      clock: time.client(0),
    });
    await signIn(refreshing, emailCredentialId);
    time.advance(541_000); // the refresh comes due
    // Without moving time, give the kit a few hundred turns to run whatever timers it sets.
    for (let i = 0; i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      time.wake();
    }
    expect(refreshAttempts).toBeGreaterThanOrEqual(1);
    expect(refreshAttempts).toBeLessThanOrEqual(2);
  });
});
