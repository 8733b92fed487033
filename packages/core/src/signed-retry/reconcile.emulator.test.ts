/**
 * Catalogue SR-12 against the emulator: a signed answer lost after the service committed (the
 * socket resets once the answer is written), the resend meets "Request-Id already used", and the
 * kit reads the lists instead of sending leg 1 again (docs/protocol.md §11.3). Time is a jump clock
 * shared by kit and emulator: waits up to a minute pass at once, nothing sleeps.
 */
import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { createClientKey } from '../crypto/client-key.js';
import { createStamp } from '../crypto/stamp.js';
import { createAddCredentialFlow } from '../flows/add-credential/add-credential.js';
import { createOtpLoginFlow } from '../flows/otp-login/otp-login.js';
import { createRemoveCredentialFlow } from '../flows/remove-credential/remove-credential.js';
import type { Clock } from '../internal/clock.js';
import { basicAuth, setup, waitFor } from '../test/harness.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { reconcileRefresh, reconcileRemoval } from './reconcile.js';

/** Epoch ms that only moves when a timer of at most a minute is due; longer timers never fire. */
function createJumpClock(start = Date.parse('2026-11-22T10:00:00.000Z')): Clock {
  let now = start;
  return {
    now: () => now,
    setTimeout(callback, ms) {
      let cancelled = false;
      if (ms <= 60_000) {
        setImmediate(() => {
          if (!cancelled) {
            now += Math.max(0, ms);
            callback();
          }
        });
      }
      return () => {
        cancelled = true;
      };
    },
  };
}

interface Seen {
  method: string;
  path: string;
  signed: boolean;
  status: number | undefined;
}

/** A signed-in kit whose next `lose` signed answers are lost after the emulator committed. */
async function signedInWithLossyLink() {
  const clock = createJumpClock();
  const link = { lose: 0, seen: [] as Seen[] };
  let env: Awaited<ReturnType<typeof setup>> | undefined;
  const fetch = async (request: Request) => {
    const headers = new Headers(request.headers);
    headers.set('Authorization', basicAuth());
    const seen: Seen = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^.*\/2025-10-13/, ''),
      signed: request.headers.has('Service-Wallet-Signature'),
      status: undefined,
    };
    link.seen.push(seen);
    const response = await env!.sandbox.fetch(new Request(request, { headers }));
    seen.status = response.status;
    if (seen.signed && link.lose > 0) {
      link.lose -= 1;
      throw new TypeError('fetch failed: connection reset after the answer was sent');
    }
    return response;
  };
  env = await setup({
    sandbox: { clock: clock.now },
    client: { fetch, clock, random: () => 0.5, refreshMarginMs: 0 },
  });
  await signIn(env.client, env.emailCredentialId);
  link.seen.length = 0;
  return { ...env, clock, link };
}

async function signIn(client: WalletAuthClient, credentialId: string) {
  const flow = createOtpLoginFlow(client);
  flow.start(credentialId);
  await waitFor(flow, (s) => s.status === 'awaitingCode');
  flow.submitCode('000000');
  await waitFor(flow, (s) => s.status === 'authenticated');
}

const leg1s = (seen: Seen[], method: string, path: RegExp) =>
  seen.filter((r) => r.method === method && path.test(r.path) && !r.signed);

describe('reconcile after a lost signed answer, against the emulator (SR-12)', () => {
  it('SR-12: given an OAUTH credential added and its 201 lost, should find it in the credential list: one new credential, one leg 1', async () => {
    const { client, link, accountId, clock } = await signedInWithLossyLink();
    link.lose = 1;
    const flow = createAddCredentialFlow(client, {
      getIdToken: async ({ nonce }) =>
        mintSandboxIdToken({ aud: 'wallet-demo', sub: 'user-12', nonce, now: clock.now() / 1000 }),
    });
    flow.add('OAUTH');
    const done = await waitFor(flow, (s) => s.status === 'added' || s.status === 'failed');
    expect(done).toMatchObject({ status: 'added', credential: { type: 'OAUTH', accountId } });
    const signedPosts = link.seen.filter((r) => r.signed && r.path === '/auth/credentials');
    expect(signedPosts.map((r) => r.status)).toEqual([201, 401]);
    expect(leg1s(link.seen, 'POST', /^\/auth\/credentials$/)).toHaveLength(1);
    const { data } = await client.api.listCredentials(accountId);
    expect(data.filter((c) => c.type === 'OAUTH')).toHaveLength(1);
    expect(done.status === 'added' && done.credential.id).toBe(
      data.find((c) => c.type === 'OAUTH')!.id,
    );
  });

  it('SR-12: given a credential removed and its 204 lost, should see it gone from the list and report it removed', async () => {
    const { client, link, accountId, clock } = await signedInWithLossyLink();
    const add = createAddCredentialFlow(client, {
      getIdToken: async ({ nonce }) =>
        mintSandboxIdToken({ aud: 'wallet-demo', sub: 'user-13', nonce, now: clock.now() / 1000 }),
    });
    add.add('OAUTH');
    const added = await waitFor(add, (s) => s.status === 'added');
    const oauthId = added.status === 'added' ? added.credential.id : '';
    link.lose = 1;
    link.seen.length = 0;
    const removal = createRemoveCredentialFlow(client);
    removal.remove(oauthId);
    const done = await waitFor(removal, (s) => s.status === 'removed' || s.status === 'failed');
    expect(done.status).toBe('removed');
    expect(link.seen.filter((r) => r.signed && r.method === 'DELETE').map((r) => r.status)).toEqual(
      [204, 401],
    );
    expect(leg1s(link.seen, 'DELETE', /^\/auth\/credentials\//)).toHaveLength(1);
    const { data } = await client.api.listCredentials(accountId);
    expect(data.map((c) => c.id)).not.toContain(oauthId);
  });

  it('SR-12: given this device signed in with the same code credential several times within the clock margin, should still adopt the one new session after a lost verify answer', async () => {
    const { client, link, accountId, emailCredentialId } = await signedInWithLossyLink();
    // The jump clock stands still: every earlier session was created "just now" too.
    await signIn(client, emailCredentialId);
    await signIn(client, emailCredentialId);
    const before = new Set((await client.api.listSessions(accountId)).data.map((s) => s.id));
    expect(before.size).toBe(3);
    link.lose = 1;
    const flow = createOtpLoginFlow(client);
    flow.start(emailCredentialId);
    await waitFor(flow, (s) => s.status === 'awaitingCode');
    flow.submitCode('000000');
    const done = await waitFor(flow, (s) => s.status === 'authenticated' || s.status === 'failed');
    expect(done.status).toBe('authenticated');
    const after = (await client.api.listSessions(accountId)).data;
    const created = after.filter((s) => !before.has(s.id));
    expect(created).toHaveLength(1);
    const snapshot = client.sessions.getSnapshot();
    expect(snapshot.status === 'active' && snapshot.session.id).toBe(created[0]!.id);
  });

  it('SR-12: given another session revoked and its 204 lost, should see it gone from the session list', async () => {
    const { client, link, accountId, emailCredentialId } = await signedInWithLossyLink();
    const first = client.sessions.getSnapshot();
    await signIn(client, emailCredentialId); // a second session; the first stays active
    const firstId = first.status === 'active' ? first.session.id : '';
    const { stamp } = await client.sessions.requireStamper();
    link.lose = 1;
    link.seen.length = 0;
    const revoked = await client.api.revokeSession(firstId, {
      stamp,
      reconcile: reconcileRemoval(
        async (signal) => (await client.api.listSessions(accountId, signal)).data,
        firstId,
      ),
    });
    expect(revoked).toBeUndefined();
    expect(link.seen.filter((r) => r.signed).map((r) => r.status)).toEqual([204, 401]);
    const { data } = await client.api.listSessions(accountId);
    expect(data.map((s) => s.id)).not.toContain(firstId);
  });

  it('SR-12: given the reconcile step itself failing (the list unreachable), should fail REQUEST_ID_CONSUMED with that cause and the requestId', async () => {
    const { client, link, emailCredentialId } = await signedInWithLossyLink();
    const first = client.sessions.getSnapshot();
    await signIn(client, emailCredentialId);
    const firstId = first.status === 'active' ? first.session.id : '';
    const { stamp } = await client.sessions.requireStamper();
    link.lose = 1;
    link.seen.length = 0;
    const offline = new TypeError('offline');
    const failure = await client.api
      .revokeSession(firstId, {
        stamp,
        reconcile: async () => {
          throw offline;
        },
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({
      code: 'REQUEST_ID_CONSUMED',
      cause: offline,
      details: { requestId: expect.stringMatching(/^Request:[0-9a-f-]{36}$/) },
    });
    expect(link.seen.filter((r) => r.signed).map((r) => r.status)).toEqual([204, 401]);
  });

  it('SR-12: given a client-held refresh whose 201 was lost, should find the new session, whose key is the one sent', async () => {
    const { client, link, accountId } = await signedInWithLossyLink();
    const before = client.sessions.getSnapshot();
    if (before.status !== 'active') {
      throw new Error('not signed in');
    }
    const { stamp } = await client.sessions.requireStamper();
    const clientKey = await createClientKey('client-held');
    link.lose = 1;
    link.seen.length = 0;
    const refreshed = await client.api.refreshSession(
      before.session.id,
      clientKey.clientPublicKey,
      {
        stamp,
        reconcile: reconcileRefresh((id, signal) => client.api.listSessions(id, signal), {
          accountId,
          sessionId: before.session.id,
          type: before.session.type,
          nickname: before.session.nickname,
          clientPublicKey: clientKey.clientPublicKey,
        }),
      },
    );
    expect(refreshed.id).not.toBe(before.session.id);
    expect(leg1s(link.seen, 'POST', /\/refresh$/)).toHaveLength(1);
    const { data } = await client.api.listSessions(accountId);
    expect(data.map((s) => s.id).sort()).toEqual([before.session.id, refreshed.id].sort());
    // The found session signs with the client-held key: the service accepts its stamp.
    const privacy = await client.api.updatePrivacy(accountId, true, {
      stamp: (payload) => createStamp({ payload, keyPair: clientKey.keyPair as never }),
    });
    expect(privacy.privateEnabled).toBe(true);
  });

  it('SR-12: given a documented-mode refresh whose 201 was lost, should fail REQUEST_ID_CONSUMED without reading a list or sending leg 1 again', async () => {
    const { client, link, accountId } = await signedInWithLossyLink();
    const before = client.sessions.getSnapshot();
    if (before.status !== 'active') {
      throw new Error('not signed in');
    }
    const { stamp } = await client.sessions.requireStamper();
    const clientKey = await createClientKey('documented');
    link.lose = 1;
    link.seen.length = 0;
    await expect(
      client.api.refreshSession(before.session.id, clientKey.clientPublicKey, {
        stamp,
        reconcile: reconcileRefresh((id, signal) => client.api.listSessions(id, signal), {
          accountId,
          sessionId: before.session.id,
          type: before.session.type,
          nickname: before.session.nickname,
          clientPublicKey: clientKey.clientPublicKey,
        }),
      }),
    ).rejects.toMatchObject({
      code: 'REQUEST_ID_CONSUMED',
      message: expect.stringMatching(/sign in again/i),
    });
    expect(link.seen.filter((r) => r.method === 'GET')).toEqual([]);
    expect(leg1s(link.seen, 'POST', /\/refresh$/)).toHaveLength(1);
  });
});
