/**
 * A revoked or expired session must not look signed in (issue 21, defect 5; catalogue SES-22):
 * the session manager looks again when the page comes into view and when a read answers 401,
 * against the emulator.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import { BASE_URL, setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';

async function signIn(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

/** A second device of the same account, signed in with its own key. */
async function otherDevice(env: Awaited<ReturnType<typeof setup>>) {
  const other = createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch: env.client.api.transport.fetch!,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: env.sandbox.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
  });
  await signIn(other, env.emailCredentialId);
  return other;
}

const listCalls = (requests: { method: string; url: string }[]) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname.endsWith('/auth/sessions'));

afterEach(() => {
  vi.useRealTimers();
});

describe('session recheck against the emulator (SES-22)', () => {
  it('SES-22: given the session revoked from another device, should sign this device out as revoked on the next recheck, with no signed call', async () => {
    const env = await setup();
    await signIn(env.client, env.emailCredentialId);
    const mine = env.client.sessions.getSnapshot();
    if (mine.status !== 'active') {
      throw new Error('expected an active session');
    }
    const other = await otherDevice(env);
    await other.sessions.revokeSession(mine.session.id);
    const count = env.requests.length;
    env.client.sessions.recheck();
    await waitFor(env.client.sessions, (s) => s.status === 'signedOut');
    expect(env.client.sessions.getSnapshot()).toMatchObject({
      status: 'signedOut',
      reason: 'revoked',
    });
    expect(await env.client.keys.load('session')).toBeUndefined();
    const sent = env.requests.slice(count);
    expect(sent.map((r) => r.method)).toEqual(['GET']);
    expect(sent.some((r) => r.headers.has('Service-Wallet-Signature'))).toBe(false);
  });

  it('SES-22: given a session still listed, should stay active without notifying, and ask the service at most once per 10 s', async () => {
    let now = Date.parse('2026-11-22T10:00:00.000Z');
    const clock = {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        const handle = setTimeout(fn, Math.min(ms, 2 ** 31 - 1));
        return () => clearTimeout(handle);
      },
    };
    const env = await setup({
      sandbox: { clock: () => now },
      client: { clock, refreshMarginMs: 0 },
    });
    await signIn(env.client, env.emailCredentialId);
    const before = env.client.sessions.getSnapshot();
    let notified = 0;
    const stop = env.client.sessions.subscribe(() => {
      notified += 1;
    });
    const count = listCalls(env.requests).length;
    env.client.sessions.recheck();
    await vi.waitFor(() => expect(listCalls(env.requests).length).toBe(count + 1));
    now += 9_000;
    env.client.sessions.recheck();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listCalls(env.requests).length).toBe(count + 1);
    now += 1_100;
    env.client.sessions.recheck();
    await vi.waitFor(() => expect(listCalls(env.requests).length).toBe(count + 2));
    expect(env.client.sessions.getSnapshot()).toEqual(before);
    expect(notified).toBe(0);
    stop();
  });

  it('SES-10/SES-22: given a device that slept past expiry (its timers did not fire), should be expired on the recheck', async () => {
    let now = Date.parse('2026-11-22T10:00:00.000Z');
    // Timers that never fire: the device slept through them.
    const clock = { now: () => now, setTimeout: () => () => undefined };
    const env = await setup({
      sandbox: { clock: () => now, sessionLifetimeSeconds: 120 },
      client: { clock, refreshMarginMs: 0 },
    });
    await signIn(env.client, env.emailCredentialId);
    now += 3 * 60 * 60 * 1000;
    expect(env.client.sessions.getSnapshot().status).toBe('active');
    env.client.sessions.recheck();
    await waitFor(env.client.sessions, (s) => s.status === 'expired');
    await expect(env.client.sessions.requireStamper()).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('SES-22: given a refresh held back by a sleeping device, should refresh on the recheck when the session is still valid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-22T10:00:00.000Z'));
    const env = await setup({
      sandbox: { sessionLifetimeSeconds: 300 },
      client: { refreshMarginMs: 60_000 },
    });
    await signIn(env.client, env.emailCredentialId);
    const first = env.client.sessions.getSnapshot();
    // The wall clock moves 250 s (into the refresh margin) while no timer runs.
    vi.setSystemTime(Date.now() + 250_000);
    expect(env.requests.filter((r) => r.url.endsWith('/refresh'))).toHaveLength(0);
    env.client.sessions.recheck();
    await vi.waitFor(() =>
      expect(env.requests.filter((r) => r.url.endsWith('/refresh'))).toHaveLength(2),
    );
    await vi.waitFor(() => {
      const now = env.client.sessions.getSnapshot();
      expect(now.status === 'active' && first.status === 'active' && now.session.id).not.toBe(
        first.status === 'active' && first.session.id,
      );
    });
  });

  it('SES-22: given a read answering 401 (the backend no longer serves this page), should check, and mark the session expired when the list is refused too', async () => {
    const env = await setup();
    await signIn(env.client, env.emailCredentialId);
    const fetch = env.client.api.transport.fetch!;
    const refusing = createWalletAuthClient({
      baseUrl: BASE_URL,
      // The app's backend answers every read 401 from now on (its own sign-in ended).
      fetch: async (request) =>
        request.method === 'GET'
          ? new Response(
              JSON.stringify({ status: 401, code: 'UNAUTHORIZED', message: 'Not signed in' }),
              { status: 401, headers: { 'Content-Type': 'application/json' } },
            )
          : fetch(request),
      environment: 'sandbox',
      enclaveKeys: { otpSigner: env.sandbox.enclavePublicKey },
      keyStore: env.client.keys,
      channel: false,
    });
    await refusing.sessions.init();
    expect(refusing.sessions.getSnapshot().status).toBe('active');
    await expect(refusing.api.listInternalAccounts()).rejects.toMatchObject({ status: 401 });
    await waitFor(refusing.sessions, (s) => s.status === 'expired');
    // The key stays: the session may still be valid on the service.
    expect(await refusing.keys.load('session')).toBeDefined();
    // Read again, the same record stays expired.
    refusing.sessions.recheck();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refusing.sessions.getSnapshot().status).toBe('expired');
  });

  it('SES-22: given a read answering 401 while the session is still listed, should stay active', async () => {
    const env = await setup();
    await signIn(env.client, env.emailCredentialId);
    const fetch = env.client.api.transport.fetch!;
    const partly = createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch: async (request) =>
        new URL(request.url).pathname.endsWith('/internal-accounts')
          ? new Response(JSON.stringify({ status: 401, code: 'UNAUTHORIZED', message: 'no' }), {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            })
          : fetch(request),
      environment: 'sandbox',
      enclaveKeys: { otpSigner: env.sandbox.enclavePublicKey },
      keyStore: env.client.keys,
      channel: false,
    });
    await partly.sessions.init();
    const count = listCalls(env.requests).length;
    await expect(partly.api.listInternalAccounts()).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(listCalls(env.requests).length).toBe(count + 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(partly.sessions.getSnapshot().status).toBe('active');
  });

  it('SES-22: given no session, should not ask the service anything', async () => {
    const env = await setup();
    await env.client.sessions.init();
    env.client.sessions.recheck();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(env.requests).toEqual([]);
  });
});
