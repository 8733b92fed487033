/**
 * An instance of three dies mid-run (reliability catalogue BFF-39): the real kit signs users in
 * through a round-robin balancer over three proxy instances sharing one Redis; instance 2 is
 * closed with its connections dropped while flows are in flight. Every flow completes through
 * the others, and the emulator's sessions match what the clients learned exactly: none lost,
 * none duplicated (the LOAD invariant).
 */
import {
  createMemoryKeyStore,
  createOtpLoginFlow,
  createWalletAuthClient,
  preloadWalletAuth,
  type WalletAuthClient,
} from '@wallet-auth/core';
import { createSandbox } from '@wallet-auth/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_USER_HEADER, type Fleet, startFleet } from '../testing/proxy-fleet.js';
import { CLIENT_ID, CLIENT_SECRET, ORIGIN } from '../testing/proxy-harness.js';
import { startTestRedis, type TestRedis } from '../testing/redis-server.js';

await preloadWalletAuth();

const BALANCER = 'http://balancer.invalid/api';
let redis: TestRedis;

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.close();
});

/** A round-robin balancer over the live instances; a refused connection is retried elsewhere. */
function balancer(fleet: Fleet, user: string, sentTo: number[]) {
  let turn = Math.floor(Math.random() * 3);
  return async (request: Request): Promise<Response> => {
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const live = fleet.instances.filter((instance) => instance.alive);
      const target = live[turn++ % live.length]!;
      const headers = new Headers(request.headers);
      headers.set(FLEET_USER_HEADER, user);
      headers.set('Origin', ORIGIN);
      try {
        sentTo.push(fleet.instances.indexOf(target));
        return await fetch(request.url.replace(BALANCER, target.apiUrl), {
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body }),
        });
      } catch (error) {
        // Only a connection that was never made is safe to send again (nothing reached a proxy).
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code !== 'ECONNREFUSED' || attempt >= 3) {
          throw error;
        }
      }
    }
  };
}

interface Outcome {
  ok: boolean;
  sessionId?: string;
}

async function signIn(client: WalletAuthClient, credentialId: string): Promise<Outcome> {
  const flow = createOtpLoginFlow(client);
  const state = await new Promise<ReturnType<typeof flow.getSnapshot>>((resolve) => {
    let submitted = false;
    const check = () => {
      const snapshot = flow.getSnapshot();
      if (snapshot.status === 'awaitingCode' && !submitted) {
        submitted = true;
        queueMicrotask(() => flow.submitCode('000000'));
      } else if (
        snapshot.status === 'authenticated' ||
        snapshot.status === 'failed' ||
        snapshot.status === 'rateLimited' ||
        (snapshot.status === 'awaitingCode' && snapshot.problem !== undefined)
      ) {
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = flow.subscribe(check);
    flow.start(credentialId);
    check();
  });
  flow.dispose();
  return state.status === 'authenticated'
    ? { ok: true, sessionId: state.session.id }
    : { ok: false };
}

describe('losing a proxy instance mid-flow', () => {
  it('BFF-39: given instance 2 killed while sign-ins are in flight, should complete every flow through the others with no session lost or duplicated', async () => {
    const sandbox = createSandbox({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      acceptLegacyMagicValues: false,
    });
    const fleet = await startFleet({
      count: 3,
      redisUrl: redis.url,
      namespace: `loss-${process.pid}`,
      sandbox,
    });
    try {
      const users = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const name = `loss-user-${index}`;
          const binding = await fleet.instances[index % 3]!.bindings.bind(name, {
            email: `${name}@example.com`,
          });
          const sentTo: number[] = [];
          const client = createWalletAuthClient({
            baseUrl: `${BALANCER}/2025-10-13`,
            fetch: balancer(fleet, name, sentTo),
            environment: 'sandbox',
            enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
            keyStore: createMemoryKeyStore(),
            channel: false,
            refreshMarginMs: 0,
          });
          const credentials = await client.api.listCredentials(binding.accountId);
          const credentialId = credentials.data.find((item) => item.type === 'EMAIL_OTP')!.id;
          return { name, binding, client, credentialId, sentTo, known: new Set<string>() };
        }),
      );
      let killedAfter: number | undefined;
      const toInstance2 = () =>
        users.reduce((sum, user) => sum + user.sentTo.filter((index) => index === 1).length, 0);
      const killer = (async () => {
        while (toInstance2() < 8) {
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        killedAfter = toInstance2();
        await fleet.kill(1);
      })();
      const claimed: string[] = [];
      const failures: string[] = [];
      await Promise.all(
        users.map(async (user) => {
          for (let round = 0; round < 3; round++) {
            let outcome = await signIn(user.client, user.credentialId);
            if (!outcome.ok) {
              // The answer of an accepted leg may have died with the instance: the list tells.
              const listed = await user.client.api.listSessions(user.binding.accountId);
              for (const session of listed.data) {
                if (!user.known.has(session.id)) {
                  user.known.add(session.id);
                  claimed.push(session.id);
                }
              }
              outcome = await signIn(user.client, user.credentialId);
            }
            if (!outcome.ok) {
              failures.push(`${user.name} round ${round}`);
              continue;
            }
            user.known.add(outcome.sessionId!);
            claimed.push(outcome.sessionId!);
          }
        }),
      );
      await killer;
      expect(killedAfter).toBeGreaterThanOrEqual(8);
      expect(fleet.instances[1]!.alive).toBe(false);
      expect(failures).toEqual([]);
      // Every session the emulator holds was learned by exactly one client, and nothing else.
      const basic = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
      const serverSessions: string[] = [];
      for (const user of users) {
        const response = await sandbox.fetch(
          new Request(
            `http://127.0.0.1/2025-10-13/auth/sessions?accountId=${encodeURIComponent(user.binding.accountId)}`,
            { headers: { Authorization: basic } },
          ),
        );
        const listed = (await response.json()) as { data: { id: string }[] };
        serverSessions.push(...listed.data.map((session) => session.id));
      }
      expect(new Set(claimed).size).toBe(claimed.length);
      expect([...claimed].sort()).toEqual([...serverSessions].sort());
      expect(users.every((user) => user.known.size >= 3)).toBe(true);
    } finally {
      await fleet.close();
    }
  });
});
