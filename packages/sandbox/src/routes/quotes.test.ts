/**
 * Same-currency quotes (docs/protocol.md §11.6, §11.1 signer rule, §11.2 order, §11.4 PROCESSING):
 * creation, execution from an embedded wallet with valid, missing, malformed and foreign-key
 * signatures in both forms, balances that move, 409 on a second execute, Idempotency-Key replay,
 * insufficient balance and expiry.
 */
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../crypto/sha256.js';
import type { SandboxOptions } from '../options.js';
import { createHarness, type JsonBody } from '../test/harness.js';
import { accountId, balance, quoteBody, ruleBasedAccount } from '../test/quote-fixtures.js';

/** A signed-in customer whose wallet holds 10 000, and a quote of 2 500 to the platform's USDC account. */
async function walletQuote(options: SandboxOptions = {}, amount = 2_500) {
  const h = createHarness(options);
  const ada = await h.createCustomer();
  const { key } = await h.signInWithOtp(ada.walletId, ada.emailCredentialId);
  const destination = accountId(h, 'Platform USDC');
  const funded = await h.request('POST', `/sandbox/internal-accounts/${ada.walletId}/fund`, {
    body: { amount: 10_000 },
  });
  expect(funded.status).toBe(200);
  const quote = (
    await h.request('POST', '/quotes', { body: quoteBody(ada.walletId, destination, amount) })
  ).body;
  const execute = (headers: Record<string, string> = {}, body = '{}') =>
    h.request('POST', `/quotes/${quote.id}/execute`, { body, headers });
  return { h, ada, key, destination, quote, execute };
}

const payloadOf = (quote: JsonBody): string =>
  quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign;

describe('POST /quotes', () => {
  it('EMU-11: given a wallet source, should answer 201 PENDING with the EMBEDDED_WALLET payment instruction to sign', async () => {
    const { h, ada, quote, destination } = await walletQuote();
    const wallet = h.sandbox.state.accounts.get(ada.walletId)!;
    expect(quote).toEqual({
      id: expect.stringMatching(/^Quote:[0-9a-f-]{36}$/),
      status: 'PENDING',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-01T00:05:00.000Z',
      source: { sourceType: 'ACCOUNT', accountId: ada.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      sendingCurrency: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      receivingCurrency: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      totalSendingAmount: 2_500,
      totalReceivingAmount: 2_500,
      exchangeRate: 1,
      feesIncluded: 0,
      paymentInstructions: [
        {
          accountOrWalletInfo: {
            accountType: 'EMBEDDED_WALLET',
            payloadToSign: expect.any(String),
          },
        },
      ],
    });
    expect(JSON.parse(payloadOf(quote))).toEqual({
      organizationId: wallet.wallet!.organizationId,
      parameters: {
        signWith: wallet.wallet!.address,
        type: 'TRANSACTION_TYPE_ETHEREUM',
        unsignedTransaction: sha256Hex(quote.id),
      },
      timestampMs: expect.stringMatching(/^\d+$/),
      type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    });
  });

  it('given invalid members, should list every one; unknown accounts 404; a pair without a rate, same account, inactive account or a wallet with immediatelyExecute 400', async () => {
    const h = createHarness({ platform: { accountActivationSeconds: 60 } });
    const invalid = await h.request('POST', '/quotes', {
      body: {
        source: { sourceType: 'WALLET', accountId: 'x' },
        destination: {},
        lockedCurrencySide: 'RECEIVING',
        lockedCurrencyAmount: 0,
        immediatelyExecute: 'yes',
        description: '',
      },
    });
    expect(invalid.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'source.sourceType',
      'source.accountId',
      'destination.destinationType',
      'destination.accountId',
      'lockedCurrencySide',
      'lockedCurrencyAmount',
      'immediatelyExecute',
      'description',
    ]);
    const usd = accountId(h, 'Platform USD');
    const usdc = accountId(h, 'Platform USDC');
    const unknown = 'InternalAccount:00000000-0000-4000-8000-000000000000';
    expect((await h.request('POST', '/quotes', { body: quoteBody(unknown, usd, 1) })).status).toBe(
      404,
    );
    const refuse = async (body: Record<string, unknown>, field: string) => {
      const response = await h.request('POST', '/quotes', { body });
      expect(response.status).toBe(400);
      expect(response.body.details.errors[0].field).toBe(field);
    };
    h.clock.advance(60_000); // the platform accounts are ACTIVE now
    const btc = await ruleBasedAccount(h, 'BTC', usd);
    await refuse(quoteBody(usd, btc, 1), 'destination.accountId'); // USD → BTC: no rate
    await refuse(quoteBody(usd, usd, 1), 'destination.accountId'); // same account
    const { walletId, fiatId } = await h.createCustomer();
    await refuse(quoteBody(fiatId, usd, 1), 'source.accountId'); // still PENDING
    h.clock.advance(60_000);
    await refuse(quoteBody(walletId, usdc, 1, { immediatelyExecute: true }), 'immediatelyExecute');
  });

  it('given a non-wallet source with immediatelyExecute, should execute at once; without funds 400 AMOUNT_OUT_OF_RANGE and no quote', async () => {
    const h = createHarness();
    const { fiatId } = await h.createCustomer();
    const usd = accountId(h, 'Platform USD');
    const short = await h.request('POST', '/quotes', {
      body: quoteBody(fiatId, usd, 1, { immediatelyExecute: true }),
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ status: 400, code: 'AMOUNT_OUT_OF_RANGE' });
    expect(h.sandbox.state.quotes.size).toBe(0);
    await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, { body: { amount: 900 } });
    const done = await h.request('POST', '/quotes', {
      body: quoteBody(fiatId, usd, 300, { immediatelyExecute: true, description: 'fees' }),
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      status: 'COMPLETED',
      description: 'fees',
      transactionId: expect.stringMatching(/^Transaction:/),
    });
    expect(done.body).not.toHaveProperty('paymentInstructions');
    expect([await balance(h, fiatId), await balance(h, usd)]).toEqual([600, 300]);
  });
});

describe('POST /quotes/{quoteId}/execute from an embedded wallet', () => {
  it('EMU-11: given the two-leg signed retry by a session of that wallet, should answer 202 over the quote payload, then 200 COMPLETED and move the balances', async () => {
    const { h, ada, key, destination, quote, execute } = await walletQuote();
    const leg1 = await execute();
    expect(leg1.status).toBe(202);
    expect(leg1.body).toEqual({
      payloadToSign: payloadOf(quote),
      requestId: expect.stringMatching(/^Request:/),
      expiresAt: quote.expiresAt,
    });
    const leg2 = await execute({
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    });
    expect(leg2.status).toBe(200);
    expect(leg2.body).toEqual({
      ...quote,
      status: 'COMPLETED',
      transactionId: expect.stringMatching(/^Transaction:[0-9a-f-]{36}$/),
    });
    expect([await balance(h, ada.walletId), await balance(h, destination)]).toEqual([7_500, 2_500]);
    const second = await execute({ 'Service-Wallet-Signature': stamp(payloadOf(quote), key) });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Quote already executed',
    });
    expect((await execute()).status).toBe(409);
  });

  it('EMU-10: given the signature alone over the quote payload (high-S too), should execute', async () => {
    const { h, ada, key, quote, execute } = await walletQuote();
    const response = await execute({
      'Service-Wallet-Signature': stamp(payloadOf(quote), key, { highS: true }),
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('COMPLETED');
    expect(await balance(h, ada.walletId)).toBe(7_500);
  });

  it.each([
    ['missing (Request-Id alone)', 'WALLET_SIGNATURE_MISSING', 'two-leg'],
    ['malformed', 'WALLET_SIGNATURE_MALFORMED', 'two-leg'],
    ['malformed', 'WALLET_SIGNATURE_MALFORMED', 'signature-only'],
    ['the legacy constant with legacy values off', 'WALLET_SIGNATURE_MALFORMED', 'signature-only'],
    ["by another customer's session", 'WALLET_SIGNATURE_INVALID', 'two-leg'],
    ["by another customer's session", 'WALLET_SIGNATURE_INVALID', 'signature-only'],
    ['by an unregistered key', 'WALLET_SIGNATURE_INVALID', 'signature-only'],
    ['over another payload', 'WALLET_SIGNATURE_INVALID', 'signature-only'],
  ])(
    'given a signature %s (%s form), should answer 401 %s and move nothing',
    async (kind, code, form) => {
      const { h, ada, quote, execute } = await walletQuote();
      const grace = await h.createCustomer({ email: 'grace@example.com' });
      const foreign = (await h.signInWithOtp(grace.walletId, grace.emailCredentialId)).key;
      const sign = (payload: string): string | undefined => {
        switch (kind) {
          case 'missing (Request-Id alone)':
            return undefined;
          case 'malformed':
            return 'eyJub3QiOiJhIHN0YW1wIn0';
          case 'the legacy constant with legacy values off':
            return 'sandbox-valid-signature';
          case "by another customer's session":
            return stamp(payload, foreign);
          case 'by an unregistered key':
            return stamp(payload, createTestKey());
          default:
            return stamp(`${payload} `, foreign);
        }
      };
      let headers: Record<string, string>;
      if (form === 'two-leg') {
        const leg1 = await execute();
        const signature = sign(leg1.body.payloadToSign);
        headers = {
          ...(signature === undefined ? {} : { 'Service-Wallet-Signature': signature }),
          'Request-Id': leg1.body.requestId,
        };
      } else {
        headers = { 'Service-Wallet-Signature': sign(payloadOf(quote))! };
      }
      const response = await execute(headers);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ status: 401, code, reason: expect.any(String) });
      expect(await balance(h, ada.walletId)).toBe(10_000);
      expect(h.sandbox.state.quotes.get(quote.id)!.status).toBe('PENDING');
    },
  );

  it('EMU-04: given a session of the wallet that has expired, should answer 401 WALLET_SIGNATURE_INVALID', async () => {
    const { h, key, quote, execute } = await walletQuote({ sessionLifetimeSeconds: 60 });
    h.clock.advance(61_000);
    const response = await execute({ 'Service-Wallet-Signature': stamp(payloadOf(quote), key) });
    expect(response.body).toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      reason: 'Signing session has expired',
    });
  });

  it('EMU-03: given legacy values on, should accept sandbox-valid-signature on execute', async () => {
    const { execute } = await walletQuote({ acceptLegacyMagicValues: true });
    const response = await execute({ 'Service-Wallet-Signature': 'sandbox-valid-signature' });
    expect(response.status).toBe(200);
  });

  it('given an Idempotency-Key, should replay the first 200 unchanged for that key (even without headers) and answer 409 to any other', async () => {
    const { h, key, quote, execute } = await walletQuote();
    const signature = stamp(payloadOf(quote), key);
    const first = await execute({
      'Service-Wallet-Signature': signature,
      'Idempotency-Key': 'k-1',
    });
    expect(first.status).toBe(200);
    h.clock.advance(10_000);
    const resends: Record<string, string>[] = [
      { 'Service-Wallet-Signature': signature, 'Idempotency-Key': 'k-1' },
      { 'Idempotency-Key': 'k-1' },
    ];
    for (const headers of resends) {
      const replay = await execute(headers);
      expect(replay.status).toBe(200);
      expect(replay.text).toBe(first.text);
    }
    expect((await execute({ 'Idempotency-Key': 'k-2' })).status).toBe(409);
    expect((await execute({ 'Idempotency-Key': 'x'.repeat(256) })).status).toBe(400);
  });

  it('given insufficient balance, should answer 202 on leg 1 and 400 AMOUNT_OUT_OF_RANGE at acceptance, leaving the Request-Id usable after funding', async () => {
    const { h, ada, key, execute } = await walletQuote({}, 12_000);
    const leg1 = await execute();
    expect(leg1.status).toBe(202);
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const refused = await execute(headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('AMOUNT_OUT_OF_RANGE');
    await h.request('POST', `/sandbox/internal-accounts/${ada.walletId}/fund`, {
      body: { amount: 2_000 },
    });
    expect((await execute(headers)).status).toBe(200);
    expect(await balance(h, ada.walletId)).toBe(0);
  });

  it('EMU-04: given an expired quote, should answer 400 INVALID_INPUT on either leg', async () => {
    const { h, key, quote, execute } = await walletQuote();
    const leg1 = await execute();
    h.clock.advance(300_000);
    expect((await execute()).body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    const leg2 = await execute({
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    });
    expect(leg2.body.code).toBe('INVALID_INPUT');
    expect(h.sandbox.state.quotes.get(quote.id)!.status).toBe('PENDING');
  });

  it.each([
    ['two-leg', true],
    ['signature-only', false],
  ])(
    'EMU-05: given processing 2 (%s form), should answer PROCESSING twice with the effect committed, then the quote, then replay it for the key',
    async (_form, twoLeg) => {
      const { h, ada, key, quote, execute } = await walletQuote({
        processing: { 'POST /quotes/{quoteId}/execute': 2 },
      });
      let headers: Record<string, string> = { 'Idempotency-Key': 'pay-1' };
      if (twoLeg) {
        const leg1 = await execute(headers);
        headers = {
          ...headers,
          'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
          'Request-Id': leg1.body.requestId,
        };
      } else {
        headers = { ...headers, 'Service-Wallet-Signature': stamp(payloadOf(quote), key) };
      }
      const processing = { status: 'PROCESSING', message: expect.any(String) };
      expect((await execute(headers)).body).toEqual(processing);
      expect(await balance(h, ada.walletId)).toBe(7_500);
      expect((await execute(headers)).body).toEqual(processing);
      const done = await execute(headers);
      expect(done.body).toMatchObject({ id: quote.id, status: 'COMPLETED' });
      expect((await execute(headers)).text).toBe(done.text);
    },
  );
});

describe('POST /quotes/{quoteId}/execute from another source', () => {
  it('given a funded fiat account, should execute without a signature (headers ignored), honour processing and refuse a second execute', async () => {
    const h = createHarness({ processing: { 'POST /quotes/{quoteId}/execute': 1 } });
    const { fiatId } = await h.createCustomer();
    const usd = accountId(h, 'Platform USD');
    await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, {
      body: { amount: 1_000 },
    });
    const quote = (await h.request('POST', '/quotes', { body: quoteBody(fiatId, usd, 400) })).body;
    expect(quote).not.toHaveProperty('paymentInstructions');
    const send = () =>
      h.request('POST', `/quotes/${quote.id}/execute`, {
        headers: { 'Service-Wallet-Signature': 'garbage', 'Request-Id': 'nope' },
      });
    expect((await send()).body.status).toBe('PROCESSING');
    expect((await send()).body).toMatchObject({ id: quote.id, status: 'COMPLETED' });
    expect((await send()).status).toBe(409);
    expect([await balance(h, fiatId), await balance(h, usd)]).toEqual([600, 400]);
  });

  it('given an unknown, malformed or non-object body, should answer 404 / 400', async () => {
    const h = createHarness();
    const { fiatId } = await h.createCustomer();
    const quote = (
      await h.request('POST', '/quotes', {
        body: quoteBody(fiatId, accountId(h, 'Platform USD'), 1),
      })
    ).body;
    expect(
      (await h.request('POST', '/quotes/Quote:00000000-0000-4000-8000-000000000000/execute'))
        .status,
    ).toBe(404);
    expect((await h.request('POST', '/quotes/InternalAccount:1/execute')).status).toBe(400);
    expect((await h.request('POST', `/quotes/${quote.id}/execute`, { body: '[]' })).status).toBe(
      400,
    );
  });
});

describe('deprecated POST /transfer-in and POST /transfer-out', () => {
  it.each(['/transfer-in', '/transfer-out'])(
    'given %s {source, destination, amount}, should map to an executed quote',
    async (path) => {
      const h = createHarness();
      const { fiatId, walletId } = await h.createCustomer();
      const usd = accountId(h, 'Platform USD');
      await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, {
        body: { amount: 5_000 },
      });
      const response = await h.request('POST', path, {
        body: { source: { accountId: usd }, destination: { accountId: fiatId }, amount: 1_250 },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: expect.stringMatching(/^Quote:/),
        status: 'COMPLETED',
        source: { sourceType: 'ACCOUNT', accountId: usd },
        destination: { destinationType: 'ACCOUNT', accountId: fiatId },
        totalSendingAmount: 1_250,
        transactionId: expect.stringMatching(/^Transaction:/),
      });
      expect(await balance(h, fiatId)).toBe(1_250);
      const invalid = await h.request('POST', path, { body: { source: {}, amount: -1 } });
      expect(invalid.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
        'source.accountId',
        'destination',
        'amount',
      ]);
      const fromWallet = await h.request('POST', path, {
        body: {
          source: { accountId: walletId },
          destination: { accountId: accountId(h, 'Platform USDC') },
          amount: 1,
        },
      });
      expect(fromWallet.body.details.errors[0].field).toBe('immediatelyExecute');
    },
  );
});

describe('POST /sandbox/internal-accounts/{id}/fund', () => {
  it('given an amount, should credit the ACTIVE account at once; bad amounts, unknown or inactive accounts are refused', async () => {
    const h = createHarness({ platform: { accountActivationSeconds: 30 } });
    const usd = accountId(h, 'Platform USD');
    h.clock.advance(30_000);
    const funded = await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, {
      body: { amount: 42 },
    });
    expect(funded.status).toBe(200);
    expect(funded.body).toMatchObject({
      id: usd,
      balance: { amount: 42 },
      updatedAt: '2026-01-01T00:00:30.000Z',
    });
    for (const amount of [0, -5, 1.5, '5', null]) {
      const bad = await h.request('POST', `/sandbox/internal-accounts/${usd}/fund`, {
        body: { amount },
      });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.body.details.errors[0].field).toBe('amount');
    }
    const { walletId } = await h.createCustomer();
    const pending = await h.request('POST', `/sandbox/internal-accounts/${walletId}/fund`, {
      body: { amount: 1 },
    });
    expect(pending.status).toBe(400);
    const unknown = 'InternalAccount:00000000-0000-4000-8000-000000000000';
    expect(
      (
        await h.request('POST', `/sandbox/internal-accounts/${unknown}/fund`, {
          body: { amount: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await h.request('POST', '/sandbox/internal-accounts/Quote:1/fund', { body: { amount: 1 } }))
        .status,
    ).toBe(400);
  });
});
