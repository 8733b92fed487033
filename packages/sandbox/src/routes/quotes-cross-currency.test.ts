/**
 * Cross-currency quotes (docs/protocol.md §11.6, §14 option `exchangeRates`): the off-ramp from the
 * wallet (USDC, 6 decimals) to the customer's USD account (2 decimals) at the default rate, the
 * floor of the exact product, configured rates as numbers and decimal strings, RULE_BASED
 * accounts in every currency, and every bad input: a pair without a rate, an unknown currency,
 * amounts that convert to nothing or past 2^53 − 1, a destination that cannot hold the result.
 */
import { stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../app.js';
import type { SandboxOptions } from '../options.js';
import { createHarness, type JsonBody } from '../test/harness.js';
import { accountId, balance, quoteBody, ruleBasedAccount } from '../test/quote-fixtures.js';

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const USDC = { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

/** Ada, signed in, whose wallet holds 5 USDC. */
async function fundedWallet(options: SandboxOptions = {}) {
  const h = createHarness(options);
  const ada = await h.createCustomer();
  const { key } = await h.signInWithOtp(ada.walletId, ada.emailCredentialId);
  await h.request('POST', `/sandbox/internal-accounts/${ada.walletId}/fund`, {
    body: { amount: 5_000_000 },
  });
  return { h, ada, key };
}

const payloadOf = (quote: JsonBody): string =>
  quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign;

describe('cross-currency POST /quotes and execute', () => {
  it('EMU-12: given the wallet (USDC) to its own USD account at the default rate, should quote both currencies and amounts, then move both balances on the signed execute', async () => {
    const { h, ada, key } = await fundedWallet();
    const created = await h.request('POST', '/quotes', {
      body: quoteBody(ada.walletId, ada.fiatId, 1_234_567),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      sendingCurrency: USDC,
      receivingCurrency: USD,
      totalSendingAmount: 1_234_567,
      totalReceivingAmount: 123, // 1.234567 USDC → 1.23 USD: the 0.4567 cent remainder is floored
      exchangeRate: 1,
      feesIncluded: 0,
    });
    const leg1 = await h.request('POST', `/quotes/${created.body.id}/execute`, { body: {} });
    expect(leg1.status).toBe(202);
    const leg2 = await h.request('POST', `/quotes/${created.body.id}/execute`, {
      body: {},
      headers: {
        'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
        'Request-Id': leg1.body.requestId,
      },
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body).toMatchObject({ status: 'COMPLETED', totalReceivingAmount: 123 });
    expect([await balance(h, ada.walletId), await balance(h, ada.fiatId)]).toEqual([
      5_000_000 - 1_234_567,
      123,
    ]);
    const transaction = await h.request('GET', `/transactions/${leg2.body.transactionId}`);
    expect(transaction.body).toMatchObject({
      quoteId: created.body.id,
      sentAmount: { amount: 1_234_567, currency: USDC },
      receivedAmount: { amount: 123, currency: USD },
      exchangeRate: 1,
    });
  });

  it('EMU-12: given USD to the wallet (USDC), should scale up by 10^4 per cent', async () => {
    const h = createHarness();
    const { fiatId, walletId } = await h.createCustomer();
    await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, { body: { amount: 250 } });
    const done = await h.request('POST', '/quotes', {
      body: quoteBody(fiatId, walletId, 250, { immediatelyExecute: true }),
    });
    expect(done.body).toMatchObject({
      status: 'COMPLETED',
      totalSendingAmount: 250,
      totalReceivingAmount: 2_500_000,
    });
    expect([await balance(h, fiatId), await balance(h, walletId)]).toEqual([0, 2_500_000]);
  });

  it.each([
    ['a number', 0.57],
    ['a decimal string', '0.57'],
  ])(
    'EMU-12: given a configured rate as %s, should compute the exact floor binary floating point gets wrong (100 × 0.57 = 57, not 56)',
    async (_kind, rate) => {
      const h = createHarness({ exchangeRates: { USD: { EUR: rate } } });
      const usd = accountId(h, 'Platform USD');
      await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, { body: { amount: 100 } });
      const eur = await ruleBasedAccount(h, 'EUR', usd);
      const quote = await h.request('POST', '/quotes', { body: quoteBody(usd, eur, 100) });
      expect(quote.body).toMatchObject({
        totalSendingAmount: 100,
        totalReceivingAmount: 57,
        exchangeRate: 0.57,
        receivingCurrency: { code: 'EUR', decimals: 2 },
      });
    },
  );

  it('EMU-12: given the deprecated transfers, should convert the same way', async () => {
    const h = createHarness({ exchangeRates: { USD: { BTC: '0.00001' } } });
    const usd = accountId(h, 'Platform USD');
    await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, { body: { amount: 10_000 } });
    const btc = await ruleBasedAccount(h, 'BTC', usd);
    const transfer = await h.request('POST', '/transfer-out', {
      body: { source: { accountId: usd }, destination: { accountId: btc }, amount: 10_000 },
    });
    // 100.00 USD × 0.00001 = 0.001 BTC = 100 000 satoshis.
    expect(transfer.status).toBe(201);
    expect(transfer.body).toMatchObject({
      status: 'COMPLETED',
      totalSendingAmount: 10_000,
      totalReceivingAmount: 100_000,
      exchangeRate: 0.00001,
    });
    expect([await balance(h, usd), await balance(h, btc)]).toEqual([0, 100_000]);
  });

  it('EMU-12: given RULE_BASED accounts in USD, EUR, USDC and BTC, should create each ACTIVE at once with its decimals and convert between them at the configured rates', async () => {
    const h = createHarness({
      platform: { accountActivationSeconds: 60 },
      exchangeRates: { BTC: { EUR: '91234.5', USDC: 100_000 } },
    });
    h.clock.advance(60_000);
    const usd = accountId(h, 'Platform USD');
    const ids: Record<string, string> = {};
    for (const [currency, decimals] of [
      ['USD', 2],
      ['EUR', 2],
      ['USDC', 6],
      ['BTC', 8],
    ] as const) {
      const created = await h.request('POST', '/internal-accounts', {
        body: { currency, sweepRule: { destination: { accountId: usd } } },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: 'RULE_BASED',
        status: 'ACTIVE',
        balance: { amount: 0, currency: { code: currency, decimals } },
      });
      ids[currency] = created.body.id;
    }
    await h.request('POST', `/sandbox/internal-accounts/${ids.BTC}/fund`, {
      body: { amount: 3 * 100_000_000 },
    });
    const toEur = await h.request('POST', '/quotes', {
      body: quoteBody(ids.BTC!, ids.EUR!, 12_345_678, { immediatelyExecute: true }),
    });
    // 0.12345678 BTC × 91 234.5 = 11 263.5175… EUR → 1 126 351 cents (floored).
    expect(toEur.body.totalReceivingAmount).toBe(1_126_351);
    const toUsdc = await h.request('POST', '/quotes', {
      body: quoteBody(ids.BTC!, ids.USDC!, 1, { immediatelyExecute: true }),
    });
    expect(toUsdc.body.totalReceivingAmount).toBe(1_000); // 1 satoshi at 100 000 = 0.001 USDC
    expect(await balance(h, ids.EUR!)).toBe(1_126_351);
    expect(await balance(h, ids.BTC!)).toBe(3 * 100_000_000 - 12_345_678 - 1);
  });

  it('EMU-12/EMU-05: given processing 2 on a cross-currency execute, should move both balances and record the transaction at acceptance, PROCESSING included', async () => {
    const { h, ada, key } = await fundedWallet({
      processing: { 'POST /quotes/{quoteId}/execute': 2 },
    });
    const quote = (
      await h.request('POST', '/quotes', { body: quoteBody(ada.walletId, ada.fiatId, 2_000_000) })
    ).body;
    const signature = stamp(payloadOf(quote), key);
    const send = () =>
      h.request('POST', `/quotes/${quote.id}/execute`, {
        body: {},
        headers: { 'Service-Wallet-Signature': signature },
      });
    expect((await send()).body.status).toBe('PROCESSING');
    expect([await balance(h, ada.walletId), await balance(h, ada.fiatId)]).toEqual([
      3_000_000, 200,
    ]);
    const listed = await h.request('GET', `/transactions?accountId=${ada.fiatId}`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        type: 'OUTGOING',
        status: 'COMPLETED',
        quoteId: quote.id,
        receivedAmount: { amount: 200, currency: USD },
      }),
    ]);
    expect((await send()).body.status).toBe('PROCESSING');
    const done = await send();
    expect(done.body).toMatchObject({ status: 'COMPLETED', transactionId: listed.body.data[0].id });
    expect(await balance(h, ada.fiatId)).toBe(200);
  });
});

describe('cross-currency bad inputs', () => {
  it('EMU-13: given a pair without a rate (none configured, or only the reverse), should answer 400 INVALID_INPUT naming destination.accountId, on quotes and transfers, creating nothing', async () => {
    const h = createHarness({ exchangeRates: { USDC: { EUR: '0.92' } } });
    const { walletId, fiatId } = await h.createCustomer();
    const usd = accountId(h, 'Platform USD');
    await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, { body: { amount: 1_000 } });
    const eur = await ruleBasedAccount(h, 'EUR', usd, 1_000);
    const refusals = [
      ['/quotes', quoteBody(walletId, fiatId, 1_000_000)], // the default pair, replaced
      ['/quotes', quoteBody(eur, walletId, 100)], // the reverse of a configured rate
      ['/transfer-in', { source: { accountId: usd }, destination: { accountId: eur }, amount: 1 }],
    ] as const;
    for (const [path, body] of refusals) {
      const response = await h.request('POST', path, { body });
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        code: 'INVALID_INPUT',
        message: 'Invalid request',
        details: {
          errors: [
            {
              field: 'destination.accountId',
              message: expect.stringMatching(/^No exchange rate from (USDC|EUR|USD) to /),
            },
          ],
        },
      });
    }
    expect(h.sandbox.state.quotes.size).toBe(0);
    expect(await balance(h, eur)).toBe(1_000);
  });

  it('EMU-13: given an amount that converts to 0 in the receiving currency, should answer 400 naming the amount field with the smallest amount that converts', async () => {
    const h = createHarness();
    const { walletId, fiatId } = await h.createCustomer();
    const quote = await h.request('POST', '/quotes', { body: quoteBody(walletId, fiatId, 9_999) });
    expect(quote.status).toBe(400);
    expect(quote.body.details.errors).toEqual([
      {
        field: 'lockedCurrencyAmount',
        message: 'Converts to 0 USD at rate 1; the smallest amount that converts is 10000',
        constraint: { minimum: 10_000 },
      },
    ]);
    expect(
      (await h.request('POST', '/quotes', { body: quoteBody(walletId, fiatId, 10_000) })).status,
    ).toBe(201);
    const transfer = await h.request('POST', '/transfer-in', {
      body: { source: { accountId: walletId }, destination: { accountId: fiatId }, amount: 1 },
    });
    expect(transfer.body.details.errors[0]).toMatchObject({
      field: 'amount',
      constraint: { minimum: 10_000 },
    });
  });

  it('EMU-13: given an amount whose conversion passes 2^53 − 1, should answer 400 naming the amount field with the largest amount that converts', async () => {
    const h = createHarness({ exchangeRates: { USD: { BTC: '0.00001' } } });
    const usd = accountId(h, 'Platform USD');
    const btc = await ruleBasedAccount(h, 'BTC', usd);
    // Each cent is 10 satoshis at this rate.
    const tooMuch = await h.request('POST', '/quotes', {
      body: quoteBody(usd, btc, Number.MAX_SAFE_INTEGER),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details.errors).toEqual([
      {
        field: 'lockedCurrencyAmount',
        message: expect.stringContaining('the largest amount that converts is 900719925474099'),
        constraint: { maximum: 900_719_925_474_099 },
      },
    ]);
    const edge = await h.request('POST', '/quotes', {
      body: quoteBody(usd, btc, 900_719_925_474_099),
    });
    expect(edge.body.totalReceivingAmount).toBe(9_007_199_254_740_990);
    expect(
      (await h.request('POST', '/quotes', { body: quoteBody(usd, btc, 900_719_925_474_100) }))
        .status,
    ).toBe(400);
  });

  it('EMU-13: given a destination that cannot hold the receiving amount, should answer 400 AMOUNT_OUT_OF_RANGE at acceptance and move nothing', async () => {
    const h = createHarness();
    const { fiatId, walletId } = await h.createCustomer();
    await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, { body: { amount: 100 } });
    await h.request('POST', `/sandbox/internal-accounts/${walletId}/fund`, {
      body: { amount: Number.MAX_SAFE_INTEGER - 500_000 },
    });
    const refused = await h.request('POST', '/quotes', {
      body: quoteBody(fiatId, walletId, 100, { immediatelyExecute: true }), // 1 000 000 µUSDC
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
    expect([await balance(h, fiatId), await balance(h, walletId)]).toEqual([
      100,
      Number.MAX_SAFE_INTEGER - 500_000,
    ]);
    expect(h.sandbox.state.transactions.size).toBe(2); // the two fundings only
  });

  it('EMU-13: given an unknown currency on a RULE_BASED account or a filter, should answer 400 naming currency, or an empty page', async () => {
    const h = createHarness();
    const usd = accountId(h, 'Platform USD');
    for (const currency of ['GBP', 'usd', 'USDT', '']) {
      const response = await h.request('POST', '/internal-accounts', {
        body: { currency, sweepRule: { destination: { accountId: usd } } },
      });
      expect(response.status, currency).toBe(400);
      expect(response.body.details.errors).toEqual([
        {
          field: 'currency',
          message: 'Must be a supported currency code: USD, EUR, USDC, BTC',
          constraint: { enum: ['USD', 'EUR', 'USDC', 'BTC'] },
        },
      ]);
    }
    const filtered = await h.request('GET', '/customers/internal-accounts?currency=GBP');
    expect(filtered.body).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it.each([
    [{ GBP: { USD: 1 } }, /"exchangeRates\.GBP" names the unknown currency "GBP"/],
    [{ USD: { usdc: 1 } }, /"exchangeRates\.USD\.usdc" names the unknown currency/],
    [{ USD: { USD: 1 } }, /"exchangeRates\.USD\.USD" is a same-currency rate/],
    [{ USD: { EUR: 0 } }, /"exchangeRates\.USD\.EUR" must be greater than 0/],
    [{ USD: { EUR: -0.9 } }, /"exchangeRates\.USD\.EUR" must be a positive decimal/],
    [{ USD: { EUR: '0,92' } }, /"exchangeRates\.USD\.EUR" must be a positive decimal/],
    [{ USD: { EUR: 0.1 + 0.2 } }, /"exchangeRates\.USD\.EUR" must have at most 15 significant/],
    [{ USD: { EUR: null } }, /"exchangeRates\.USD\.EUR" must be a number or a decimal string/],
    [{ USD: 0.92 }, /"exchangeRates\.USD" must be an object/],
    [[], /"exchangeRates" must be an object/],
  ])(
    'EMU-13: given exchangeRates %j, should refuse createSandbox with a message naming the option',
    (exchangeRates, message) => {
      expect(() => createSandbox({ exchangeRates } as unknown as SandboxOptions)).toThrow(message);
    },
  );
});
