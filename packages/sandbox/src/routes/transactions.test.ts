/**
 * Transactions (package README, "Transactions"): every quote execute, deprecated transfer and
 * sandbox funding is recorded and served by `GET /transactions` (filters `customerId`,
 * `accountId`; paging as the internal-account list) and `GET /transactions/{transactionId}`.
 */
import { stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';
import { accountId, quoteBody } from '../test/quote-fixtures.js';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const USDC = { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** Ada and Grace; Ada's wallet funded with 4 USDC, then 1 USDC cashed out to her USD account. */
async function history() {
  const h = createHarness();
  const ada = await h.createCustomer();
  const grace = await h.createCustomer({ email: 'grace@example.com' });
  const { key } = await h.signInWithOtp(ada.walletId, ada.emailCredentialId);
  h.clock.advance(1_000);
  await h.request('POST', `/sandbox/internal-accounts/${ada.walletId}/fund`, {
    body: { amount: 4_000_000 },
  });
  h.clock.advance(1_000);
  const quote = (
    await h.request('POST', '/quotes', {
      body: quoteBody(ada.walletId, ada.fiatId, 1_000_000, { description: 'cash out' }),
    })
  ).body;
  const executed = await h.request('POST', `/quotes/${quote.id}/execute`, {
    body: {},
    headers: {
      'Service-Wallet-Signature': stamp(
        quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign,
        key,
      ),
    },
  });
  return { h, ada, grace, quote, executed: executed.body };
}

describe('GET /transactions/{transactionId}', () => {
  it("EMU-16: given an executed quote's transactionId, should answer the transaction with both sides, the quote id and timestamps", async () => {
    const { h, ada, quote, executed } = await history();
    const response = await h.request('GET', `/transactions/${executed.transactionId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: executed.transactionId,
      type: 'OUTGOING',
      status: 'COMPLETED',
      customerId: ada.customerId,
      source: { sourceType: 'ACCOUNT', accountId: ada.walletId, customerId: ada.customerId },
      destination: {
        destinationType: 'ACCOUNT',
        accountId: ada.fiatId,
        customerId: ada.customerId,
      },
      sentAmount: { amount: 1_000_000, currency: USDC },
      receivedAmount: { amount: 100, currency: USD },
      exchangeRate: 1,
      fees: 0,
      quoteId: quote.id,
      description: 'cash out',
      createdAt: '2026-01-01T00:00:02.000Z',
      updatedAt: '2026-01-01T00:00:02.000Z',
      settledAt: '2026-01-01T00:00:02.000Z',
    });
  });

  it('EMU-16: given sandbox funding and the deprecated transfers, should record each, funding as INCOMING from SANDBOX_FUNDING', async () => {
    const h = createHarness();
    const { customerId, fiatId } = await h.createCustomer();
    const usd = accountId(h, 'Platform USD');
    await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, { body: { amount: 900 } });
    const transfer = await h.request('POST', '/transfer-in', {
      body: { source: { accountId: usd }, destination: { accountId: fiatId }, amount: 300 },
    });
    const immediate = await h.request('POST', '/quotes', {
      body: quoteBody(usd, fiatId, 200, { immediatelyExecute: true }),
    });
    for (const quote of [transfer.body, immediate.body]) {
      const record = await h.request('GET', `/transactions/${quote.transactionId}`);
      expect(record.status).toBe(200);
      expect(record.body).toMatchObject({
        type: 'OUTGOING',
        quoteId: quote.id,
        source: { sourceType: 'ACCOUNT', accountId: usd },
        destination: { accountId: fiatId, customerId },
      });
      expect(record.body.source).not.toHaveProperty('customerId'); // the platform's account
      expect(record.body).not.toHaveProperty('customerId'); // the sender is the platform
    }
    const listed = await h.request('GET', `/transactions?accountId=${usd}`);
    expect(listed.body.totalCount).toBe(3);
    const funding = listed.body.data.filter((t: { type: string }) => t.type === 'INCOMING');
    expect(funding).toEqual([
      {
        id: expect.stringMatching(/^Transaction:[0-9a-f-]{36}$/),
        type: 'INCOMING',
        status: 'COMPLETED',
        source: { sourceType: 'SANDBOX_FUNDING' },
        destination: { destinationType: 'ACCOUNT', accountId: usd },
        sentAmount: { amount: 900, currency: USD },
        receivedAmount: { amount: 900, currency: USD },
        exchangeRate: 1,
        fees: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        settledAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('EMU-16: given an unknown, malformed or wrong-kind id, should answer 404 or 400 in the envelope', async () => {
    const h = createHarness();
    const unknown = await h.request('GET', `/transactions/Transaction:${UNKNOWN_UUID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Transaction not found',
    });
    for (const id of [`Quote:${UNKNOWN_UUID}`, 'Transaction:42', UNKNOWN_UUID]) {
      const bad = await h.request('GET', `/transactions/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.details.errors[0].field).toBe('transactionId');
    }
  });
});

describe('GET /transactions', () => {
  it('EMU-16: given customerId or accountId, should list the transactions touching that customer or account on either side', async () => {
    const { h, ada, grace, executed } = await history();
    const byCustomer = await h.request('GET', `/transactions?customerId=${ada.customerId}`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(byCustomer.body.data.map((t: { type: string }) => t.type)).toEqual([
      'INCOMING',
      'OUTGOING',
    ]);
    const byAccount = await h.request('GET', `/transactions?accountId=${ada.fiatId}`);
    expect(byAccount.body.data.map((t: { id: string }) => t.id)).toEqual([executed.transactionId]);
    const both = await h.request(
      'GET',
      `/transactions?customerId=${ada.customerId}&accountId=${ada.walletId}`,
    );
    expect(both.body.totalCount).toBe(2);
    for (const query of [
      `customerId=${grace.customerId}`,
      `customerId=Customer:${UNKNOWN_UUID}`,
      `accountId=InternalAccount:${UNKNOWN_UUID}`,
      `customerId=${grace.customerId}&accountId=${ada.walletId}`,
    ]) {
      expect((await h.request('GET', `/transactions?${query}`)).body, query).toEqual({
        data: [],
        hasMore: false,
        totalCount: 0,
      });
    }
  });

  it('EMU-16: given limit=1, should page in createdAt, id order with an opaque cursor until hasMore is false, like the account list', async () => {
    const h = createHarness();
    const { fiatId } = await h.createCustomer();
    for (let i = 1; i <= 5; i++) {
      h.clock.advance(i % 2 === 0 ? 0 : 1_000); // equal createdAt values are ordered by id
      await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, { body: { amount: i } });
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.request(
        'GET',
        `/transactions?accountId=${fiatId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.totalCount).toBe(5);
      seen.push(
        ...page.body.data.map((t: { sentAmount: { amount: number } }) => t.sentAmount.amount),
      );
      if (!page.body.hasMore) {
        expect(page.body).not.toHaveProperty('nextCursor');
        break;
      }
      expect(page.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      cursor = page.body.nextCursor;
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    const all = await h.request('GET', `/transactions?accountId=${fiatId}&limit=100`);
    const order = all.body.data.map(
      (t: { createdAt: string; id: string }) => `${t.createdAt} ${t.id}`,
    );
    expect(order).toEqual([...order].sort());
    expect((await h.request('GET', '/transactions')).body.data).toHaveLength(5);
  });

  it('EMU-16: given invalid filters, should answer 400 listing every one; a cursor of the account list is refused', async () => {
    const h = createHarness();
    const { status, body } = await h.request(
      'GET',
      '/transactions?customerId=Customer:nope&accountId=Customer:00000000-0000-4000-8000-000000000000&limit=0&cursor=%%%&status=COMPLETED&limit=3',
    );
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_INPUT');
    expect([...new Set(body.details.errors.map((e: { field: string }) => e.field))].sort()).toEqual(
      ['accountId', 'cursor', 'customerId', 'limit', 'status'],
    );
    for (const limit of ['101', '1.5', '-1', 'ten', '']) {
      expect((await h.request('GET', `/transactions?limit=${limit}`)).status, limit).toBe(400);
    }
    await h.createCustomer();
    const accounts = await h.request('GET', '/customers/internal-accounts?limit=1');
    const foreign = await h.request('GET', `/transactions?cursor=${accounts.body.nextCursor}`);
    expect(foreign.body.details.errors).toEqual([
      { field: 'cursor', message: 'Not a cursor returned by this endpoint' },
    ]);
  });
});
