/**
 * The proxy's transaction rows against the real sandbox (sandbox README, "Transactions"): the
 * list is scoped to the user's customer, and a transaction read by id is passed back only when
 * its answer names the user's customer or wallet on a side (catalogue BFF-46).
 */
import { describe, expect, it } from 'vitest';
import { json } from './testing/proxy-harness.js';
import { createWalletHarness, type WalletHarness } from './testing/wallet-fixtures.js';

/** Funds the user's wallet through the proxy's funding row; returns the funding transaction id. */
async function fundedUser(harness: WalletHarness, name: string, amount: number) {
  const user = harness.addUser(name);
  const funded = await harness.as(
    name,
    'POST',
    `/sandbox/internal-accounts/${user.accountId}/fund`,
    {
      body: JSON.stringify({ amount }),
    },
  );
  expect(funded.status).toBe(200);
  const list = await json(await harness.as(name, 'GET', '/transactions'));
  const [transaction] = list.data as { id: string }[];
  if (transaction === undefined) {
    throw new Error('the funding made no transaction');
  }
  return { ...user, transactionId: transaction.id };
}

const routeOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname.replace('/2025-10-13', '')}${parsed.search}`;
};

describe('GET /transactions and GET /transactions/{transactionId}', () => {
  it("given a user, should list their customer's transactions (the scope injected) and read one by id", async () => {
    const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
    const alice = await fundedUser(harness, 'alice', 2_500);
    const calls = harness.calls.length;
    const list = await harness.as('alice', 'GET', '/transactions?limit=5');
    expect(list.status).toBe(200);
    expect(await json(list)).toMatchObject({
      data: [{ id: alice.transactionId, type: 'INCOMING', status: 'COMPLETED' }],
      hasMore: false,
    });
    expect(routeOf(harness.calls[calls]!.url)).toBe(
      `/transactions?customerId=${encodeURIComponent(alice.customerId)}&limit=5`,
    );
    const byAccount = await json(
      await harness.as('alice', 'GET', `/transactions?accountId=${alice.accountId}`),
    );
    expect((byAccount.data as { id: string }[]).map((item) => item.id)).toEqual([
      alice.transactionId,
    ]);
    const one = await harness.as('alice', 'GET', `/transactions/${alice.transactionId}`);
    expect(one.status).toBe(200);
    expect(await json(one)).toMatchObject({
      id: alice.transactionId,
      destination: { accountId: alice.accountId, customerId: alice.customerId },
      receivedAmount: { amount: 2_500, currency: { code: 'USDC' } },
    });
  });

  it("BFF-46: given user B asking for user A's transaction, should answer 403 and pass back nothing of it", async () => {
    const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
    const alice = await fundedUser(harness, 'alice', 2_500);
    await fundedUser(harness, 'bob', 900);
    const response = await harness.as('bob', 'GET', `/transactions/${alice.transactionId}`);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(text).not.toContain(alice.accountId);
    expect(text).not.toContain('2500');
  });

  it("BFF-46: given user B listing, should see only B's transactions, and be refused A's customer or a malformed one in the query", async () => {
    const harness = createWalletHarness({ proxy: { allowSandboxFunding: true } });
    const alice = await fundedUser(harness, 'alice', 2_500);
    const bob = await fundedUser(harness, 'bob', 900);
    const own = await json(await harness.as('bob', 'GET', '/transactions'));
    expect((own.data as { id: string }[]).map((item) => item.id)).toEqual([bob.transactionId]);
    // A's wallet as a filter is intersected with B's customer: nothing of A's comes back.
    const filtered = await json(
      await harness.as('bob', 'GET', `/transactions?accountId=${alice.accountId}`),
    );
    expect(filtered.data).toEqual([]);
    const calls = harness.calls.length;
    const foreign = await harness.as('bob', 'GET', `/transactions?customerId=${alice.customerId}`);
    expect(foreign.status).toBe(403);
    const malformed = await harness.as('bob', 'GET', '/transactions?customerId=Customer:nope');
    expect(malformed.status).toBe(400);
    expect(harness.calls).toHaveLength(calls);
  });

  it('given bad paths, queries and methods, should refuse each before the upstream, with the envelope', async () => {
    const harness = createWalletHarness();
    harness.addUser('carol');
    const cases: [method: string, path: string, status: number][] = [
      ['GET', '/transactions/Transaction:nope', 400],
      ['GET', '/transactions/Quote:6ba7b810-9dad-41d1-80b4-00c04fd430c8', 400],
      ['GET', '/transactions?foo=1', 400],
      ['GET', '/transactions?limit=1&limit=2', 400],
      ['POST', '/transactions', 405],
      ['DELETE', '/transactions/Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8', 405],
      ['POST', '/transactions/Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8/cancel', 404],
      ['GET', '/transactions/Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8?x=1', 400],
    ];
    for (const [method, path, status] of cases) {
      const response = await harness.as('carol', method, path);
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(await json(response), `${method} ${path}`).toMatchObject({ status });
    }
    expect(harness.calls).toEqual([]);
  });

  it('given a well-formed id the service does not know, should pass its 404 back', async () => {
    const harness = createWalletHarness();
    harness.addUser('dave');
    const response = await harness.as(
      'dave',
      'GET',
      '/transactions/Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8',
    );
    expect(response.status).toBe(404);
    expect((await json(response)).code).toBe('NOT_FOUND');
  });

  it.each([
    ['not JSON', () => '<html>oops</html>', 502],
    ['a JSON array', () => '[]', 502],
    [
      'a transaction naming nobody of the user',
      () => JSON.stringify({ id: 'x', source: {}, destination: {} }),
      403,
    ],
    [
      "another customer's transaction with the user's id in a wrong place",
      (user: { customerId: string }) =>
        JSON.stringify({ id: 'x', description: user.customerId, source: { accountId: 'nope' } }),
      403,
    ],
  ])(
    'given an upstream answer that is %s, should fail closed (%s) and pass nothing back',
    async (_name, body, status) => {
      let reply: string | undefined;
      const harness = createWalletHarness({
        proxy: { allowSandboxFunding: true },
        alterResponse: (response, request) =>
          reply !== undefined && /\/transactions\/Transaction:/.test(new URL(request.url).pathname)
            ? new Response(reply, { status: 200, headers: { 'Content-Type': 'application/json' } })
            : response,
      });
      const erin = await fundedUser(harness, 'erin', 100);
      reply = body(erin);
      const response = await harness.as('erin', 'GET', `/transactions/${erin.transactionId}`);
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ status });
      expect(text).not.toContain('oops');
    },
  );
});
