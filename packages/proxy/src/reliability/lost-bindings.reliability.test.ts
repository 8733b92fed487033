/**
 * Catalogue row BFF-55, in one process: a binding store that loses its bindings (wiped, restored
 * empty, a sign-up cut off between the customer and the binding) binds every user again to the
 * customer and wallet the service already has for them, found by `platformCustomerId`; no
 * second customer is ever made. The Redis variant with two instances is
 * `lost-bindings.redis.test.ts`.
 */
import { createSandbox } from '@wallet-auth/sandbox';
import { describe, expect, it } from 'vitest';
import { createWalletBindings } from '../auth/wallet-bindings.js';
import { createMemoryUserBindingStore } from '../stores/memory-stores.js';
import type { UserBinding, UserBindingStore } from '../stores/stores.js';
import { CLIENT_ID, CLIENT_SECRET, seededRandom } from '../testing/proxy-harness.js';

/** A binding store whose contents can be lost at any moment, as a Redis without persistence. */
function losableStore() {
  let inner = createMemoryUserBindingStore();
  let failPuts = 0;
  const store: UserBindingStore = {
    get: (userId) => inner.get(userId),
    putIfAbsent: async (binding) => {
      if (failPuts > 0) {
        failPuts -= 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      }
      return inner.putIfAbsent(binding);
    },
    reserve: (userId, ttlMs) => inner.reserve(userId, ttlMs),
    release: (userId) => inner.release(userId),
  };
  return {
    store,
    wipe: () => {
      inner = createMemoryUserBindingStore();
    },
    failNextPuts: (count: number) => {
      failPuts = count;
    },
  };
}

function setUp(options: { alter?: (request: Request) => Response | undefined } = {}) {
  const clock = { now: Date.parse('2026-01-15T10:00:00.000Z') };
  const sandbox = createSandbox({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    clock: () => clock.now,
    random: seededRandom(5),
  });
  const upstream = {
    baseUrl: 'http://127.0.0.1/2025-10-13',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: async (request: Request) => options.alter?.(request) ?? sandbox.fetch(request),
  };
  /** The customers the emulator holds for `userId`. */
  const customersOf = (userId: string) =>
    [...sandbox.state.customers.values()].filter(
      (record) => record.fields.platformCustomerId === userId,
    );
  return { sandbox, clock, upstream, customersOf };
}

const ids = (binding: UserBinding) => ({
  customerId: binding.customerId,
  accountId: binding.accountId,
});

describe('a binding store that loses bindings (BFF-55)', () => {
  it('BFF-55: given the store wiped mid-run and again before a restart, should bind every user to the same customer and wallet and create no customer twice', async () => {
    const { sandbox, upstream, customersOf } = setUp();
    const losable = losableStore();
    const first = createWalletBindings({ upstream, store: losable.store });
    const users = Array.from({ length: 30 }, (_, index) => `user_${index}`);
    const before = new Map<string, UserBinding>();
    let settled = 0;
    await Promise.all(
      users.map(async (userId) => {
        const binding = await first.bind(userId, { email: `${userId}@example.com` });
        before.set(userId, binding);
        settled += 1;
        if (settled === 10) {
          losable.wipe(); // mid-run: ten bindings made, twenty in flight or to come
        }
      }),
    );
    // Every user bound in the first round binds again, some of them after the wipe.
    for (const userId of users) {
      expect(ids(await first.bind(userId, { email: `${userId}@example.com` }))).toEqual(
        ids(before.get(userId)!),
      );
    }
    losable.wipe();
    const restarted = createWalletBindings({ upstream, store: losable.store });
    const again = await Promise.all(
      users.map((userId) => restarted.bind(userId, { email: `${userId}@example.com` })),
    );
    users.forEach((userId, index) => {
      expect(ids(again[index]!), userId).toEqual(ids(before.get(userId)!));
      expect(customersOf(userId), userId).toHaveLength(1);
    });
    expect(sandbox.state.customers.size).toBe(users.length);
    // The restarted instance's resolveUser serves the recovered bindings.
    const resolve = restarted.resolveUser(() => 'user_7');
    expect(await resolve(new Request('http://localhost/'))).toMatchObject(
      ids(before.get('user_7')!),
    );
  });

  it('BFF-55: given a sign-up cut off after the customer was made (the store refused the binding), should bind that customer at the next attempt', async () => {
    const { sandbox, upstream, customersOf } = setUp();
    const losable = losableStore();
    const bindings = createWalletBindings({ upstream, store: losable.store });
    losable.failNextPuts(1);
    await expect(bindings.bind('user_cut', { email: 'cut@example.com' })).rejects.toMatchObject({
      name: 'StoreUnavailableError',
    });
    expect(customersOf('user_cut')).toHaveLength(1);
    const bound = await bindings.bind('user_cut', { email: 'cut@example.com' });
    expect(bound.customerId).toBe(customersOf('user_cut')[0]!.id);
    expect(sandbox.state.customers.size).toBe(1);
  });

  it('BFF-55: given two customers already made for one user (before bindings survived), should bind the oldest from any instance', async () => {
    const { sandbox, clock, upstream, customersOf } = setUp();
    const older = sandbox.seedCustomer({
      customerType: 'INDIVIDUAL',
      platformCustomerId: 'u_twice',
    });
    clock.now += 60_000;
    sandbox.seedCustomer({ customerType: 'INDIVIDUAL', platformCustomerId: 'u_twice' });
    const one = createWalletBindings({ upstream, store: createMemoryUserBindingStore() });
    const two = createWalletBindings({ upstream, store: createMemoryUserBindingStore() });
    const [a, b] = await Promise.all([one.bind('u_twice'), two.bind('u_twice')]);
    expect(a.customerId).toBe(older.customer.id);
    expect(a.accountId).toBe(older.walletAccountId);
    expect(ids(b)).toEqual(ids(a));
    expect(customersOf('u_twice')).toHaveLength(2);
  });

  it('BFF-55: given a customer lookup the service does not answer (500, not JSON) or refuses (400), should make no customer and fail closed (502, the upstream error, or the service envelope)', async () => {
    let answer: Response | undefined;
    const { sandbox, upstream } = setUp({
      alter: (request) =>
        request.method === 'GET' && new URL(request.url).pathname.endsWith('/customers')
          ? answer?.clone()
          : undefined,
    });
    const bindings = createWalletBindings({ upstream, store: createMemoryUserBindingStore() });
    answer = new Response('oops', { status: 500 });
    await expect(bindings.bind('user_a')).rejects.toMatchObject({
      name: 'UpstreamError',
      kind: 'not-json',
    });
    answer = Response.json({ status: 500, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 });
    await expect(bindings.bind('user_a')).rejects.toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
    });
    answer = Response.json(
      { status: 400, code: 'INVALID_INPUT', message: 'Bad platformCustomerId' },
      { status: 400 },
    );
    await expect(bindings.bind('user_a')).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    expect(sandbox.state.customers.size).toBe(0);
    answer = undefined;
    await expect(bindings.bind('user_a')).resolves.toMatchObject({ userId: 'user_a' });
    expect(sandbox.state.customers.size).toBe(1);
  });
});
