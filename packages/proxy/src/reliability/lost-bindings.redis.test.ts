/**
 * Catalogue row BFF-55 on a real Redis with two proxy instances: both bind the same users at
 * once, the bindings are deleted from Redis while binds are in flight, and every user ends with
 * the customer and wallet of the first round, made once, served by both instances.
 */
import { createSandbox } from '@wallet-auth/sandbox';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserBinding } from '../stores/stores.js';
import { FLEET_USER_HEADER, startFleet } from '../testing/proxy-fleet.js';
import { CLIENT_ID, CLIENT_SECRET } from '../testing/proxy-harness.js';
import { startTestRedis, type TestRedis } from '../testing/redis-server.js';

let redis: TestRedis;

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.close();
});

/**
 * Deletes every stored binding under `namespace` (whatever the key layout: a value that reads as
 * a binding), leaving reservations and other state alone. Returns how many it deleted.
 */
async function wipeBindings(client: Redis, namespace: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `*${namespace}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      if ((await client.type(key)) !== 'string') {
        continue;
      }
      let value: Record<string, unknown> | undefined;
      try {
        value = JSON.parse((await client.get(key)) ?? 'null') ?? undefined;
      } catch {
        value = undefined;
      }
      if (typeof value?.userId === 'string' && typeof value.customerId === 'string') {
        deleted += await client.del(key);
      }
    }
  } while (cursor !== '0');
  return deleted;
}

const ids = (binding: UserBinding) => ({
  customerId: binding.customerId,
  accountId: binding.accountId,
});

describe('bindings lost from a shared Redis (BFF-55)', () => {
  it('BFF-55: given two instances binding the same users at once and the bindings deleted from Redis mid-run, should give every user the same wallet back and make each customer once', async () => {
    const sandbox = createSandbox({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const namespace = `lost-${process.pid}`;
    const fleet = await startFleet({ count: 2, redisUrl: redis.url, namespace, sandbox });
    try {
      const [one, two] = fleet.instances;
      const users = Array.from({ length: 12 }, (_, index) => `user_${index}`);
      const bindBoth = (userId: string) =>
        Promise.all([
          one!.bindings.bind(userId, { email: `${userId}@example.com` }),
          two!.bindings.bind(userId, { email: `${userId}@example.com` }),
        ]);

      const first = new Map<string, UserBinding>();
      for (const [a, b] of await Promise.all(users.map(bindBoth))) {
        expect(ids(b)).toEqual(ids(a));
        first.set(a.userId, a);
      }
      expect(sandbox.state.customers.size).toBe(users.length);
      expect(await wipeBindings(one!.redis.client, namespace)).toBe(users.length);

      // Round two: binds from both instances while the bindings are deleted again mid-run.
      let settled = 0;
      const rounds = users.map(async (userId) => {
        const pair = await bindBoth(userId);
        settled += 1;
        if (settled === 4) {
          await wipeBindings(two!.redis.client, namespace);
        }
        return pair;
      });
      for (const [a, b] of await Promise.all(rounds)) {
        expect(ids(a), a.userId).toEqual(ids(first.get(a.userId)!));
        expect(ids(b), b.userId).toEqual(ids(first.get(b.userId)!));
      }
      // And once more after the wipe: every binding is back in Redis, unchanged.
      for (const userId of users) {
        const [a, b] = await bindBoth(userId);
        expect(ids(a)).toEqual(ids(first.get(userId)!));
        expect(ids(b)).toEqual(ids(first.get(userId)!));
        expect(ids((await one!.redis.stores.bindings.get(userId))!)).toEqual(
          ids(first.get(userId)!),
        );
      }
      for (const userId of users) {
        const made = [...sandbox.state.customers.values()].filter(
          (record) => record.fields.platformCustomerId === userId,
        );
        expect(made, userId).toHaveLength(1);
      }
      expect(sandbox.state.customers.size).toBe(users.length);

      // The wallet routes serve the recovered binding on both instances.
      for (const instance of [one!, two!]) {
        const response = await fetch(`${instance.apiUrl}/2025-10-13/customers/internal-accounts`, {
          headers: { [FLEET_USER_HEADER]: 'user_3' },
        });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: { id: string }[] };
        expect(body.data.map((account) => account.id)).toContain(first.get('user_3')!.accountId);
      }
    } finally {
      await fleet.close();
    }
  }, 60_000);
});
