/**
 * Reliability catalogue 2-SES against the in-process emulator: refresh crash points (SES-02), two
 * tabs refreshing at once (SES-04), signing out offline (SES-08), a fast clock (SES-09), a sleep
 * past expiry (SES-10) and a second login (SES-12). Time is a manual clock: the emulator reads
 * server time, the kit a view of it, and timers fire only when the test says so.
 */
import { describe, expect, it } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import type { KeyStore } from '../keys/key-store.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { createLockRunner } from '../session/cross-tab.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import { setWalletPrivacy } from '../wallet/set-wallet-privacy.js';

import { createHub, createTestTime, reopen, signIn, withDateHeader } from './sessions.fixtures.js';

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
      expect((await tab.sessions.requireStamper()).session.publicKey).toBe(a.publicKey);
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

  it('SES-09: given a device clock one hour ahead, should keep the fresh session active and sign, judging expiry on the service clock (Date header offset), also after a reload', async () => {
    const time = createTestTime();
    const {
      client: plain,
      sandbox,
      emailCredentialId,
      accountId,
    } = await setup({
      sandbox: { clock: time.server },
    });
    const fetch = withDateHeader(plain.api.transport.fetch!, time.server);
    const keyStore = createMemoryKeyStore();
    const client = reopen(sandbox, fetch, keyStore, time.client(3_600_000));
    await signIn(client, emailCredentialId);
    expect(client.sessions.getSnapshot().status).toBe('active');
    await setWalletPrivacy(client, accountId, true);
    expect((await keyStore.load('session'))!.metadata.clockOffsetMs).toBeCloseTo(-3_600_000, -4);

    // A reload keeps the offset: still active, still signing, and expired on the service's time.
    const reloaded = reopen(sandbox, fetch, keyStore, time.client(3_600_000));
    await reloaded.sessions.init();
    expect(reloaded.sessions.getSnapshot().status).toBe('active');
    await setWalletPrivacy(reloaded, accountId, false);
    time.sleep(15 * 60_000 - 1_000);
    await expect(reloaded.sessions.requireStamper()).resolves.toBeDefined();
    time.sleep(1_001);
    await expect(reloaded.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('SES-09: given a device clock one hour behind, should expire and refresh on the service clock, not an hour late', async () => {
    const time = createTestTime();
    let refreshes = 0;
    const {
      client: plain,
      sandbox,
      emailCredentialId,
    } = await setup({
      sandbox: { clock: time.server, sessionLifetimeSeconds: 600 },
    });
    const dated = withDateHeader(plain.api.transport.fetch!, time.server);
    const client = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: (request) => {
        if (request.url.endsWith('/refresh')) {
          refreshes += 1;
        }
        return dated(request);
      },
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore: createMemoryKeyStore(),
      channel: false,
      refreshMarginMs: 60_000,
      clock: time.client(-3_600_000),
    });
    const first = await signIn(client, emailCredentialId);
    time.advance(539_000);
    await flush();
    expect(refreshes).toBe(0);
    time.advance(2_000); // 59 s before expiry on the service's clock
    await waitFor(
      client.sessions,
      (s) => s.status === 'active' && s.session.id !== first.id && !s.refreshing,
    );
    expect(refreshes).toBe(2); // leg 1 and the signed leg
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
    const firstKey = (await client.sessions.requireStamper()).session.publicKey;
    const second = await signIn(client, emailCredentialId);
    const secondKey = (await client.sessions.requireStamper()).session.publicKey;
    expect(second.id).not.toBe(first.id);
    expect(secondKey).not.toBe(firstKey);
    const stored = (await client.keys.load('session'))!;
    expect(stored.keyPair.compressedPublicKeyHex).toBe(secondKey);
    expect(stored.metadata.sessionId).toBe(second.id);
    await setWalletPrivacy(client, accountId, true);
  });

  it('SES-03: given an automatic refresh that fails (here a 500), should not retry it in a tight loop', async () => {
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

/** Lets pending promise chains (emulator, key store, timers' callbacks) run to completion. */
async function flush(turns = 20) {
  for (let i = 0; i < turns; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
