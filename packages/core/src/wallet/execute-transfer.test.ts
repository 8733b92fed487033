import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client/api-client.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { StampSubject } from '../signed-retry/stamp-subject.js';
import type { CreateQuoteBody, InternalAccount, Quote } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { createTransfer, executeTransfer } from './execute-transfer.js';

const WALLET = 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e';
const FIAT = 'InternalAccount:7c9e6679-7425-40de-944b-e07fc1f90ae7';
const QUOTE = 'Quote:6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const CUSTOMER = 'Customer:9b2d0f1e-6c3a-4e1b-8a7d-2f5c4b3a1e0d';
const NOW = Date.parse('2026-01-15T12:00:00.000Z');
/** The quote's own payload: what a stamp of this transfer may sign (docs/protocol.md §11.1). */
const OWN_PAYLOAD = JSON.stringify({
  parameters: { q: 1 },
  type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
});

const usdc = { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };

function account(id: string, amount: number, type: InternalAccount['type']): InternalAccount {
  const currency = type === 'EMBEDDED_WALLET' ? usdc : usd;
  return {
    id,
    customerId: CUSTOMER,
    type,
    status: 'ACTIVE',
    balance: { amount, currency },
    totalBalance: { amount, currency },
    fundingPaymentInstructions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The quote the service makes for `body`, cross-currency to the USD account. */
function quoteFor(body: CreateQuoteBody, overrides: Partial<Quote> = {}): Quote {
  return {
    id: QUOTE,
    status: 'PENDING',
    createdAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 300_000).toISOString(),
    source: body.source,
    destination: body.destination,
    sendingCurrency: usdc,
    receivingCurrency: usd,
    totalSendingAmount: body.lockedCurrencyAmount,
    totalReceivingAmount: Math.floor(body.lockedCurrencyAmount / 10_000),
    exchangeRate: 1,
    feesIncluded: 0,
    paymentInstructions: [
      { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: OWN_PAYLOAD } },
    ],
    ...overrides,
  };
}

/**
 * A client whose session signs through `stamp` and whose quote calls are recorded; its execute
 * asks the stamper for `payload` (the challenge's) as the signed retry would. The unit under
 * test is the transfer's bookkeeping and checks; the exchange itself is tested against the
 * emulator.
 */
function recordingClient(
  executeOutcomes: (Quote | WalletAuthError)[],
  options: {
    balance?: number;
    quote?: Partial<Quote>;
    payload?: string;
    now?: () => number;
    stamp?: (payload: string, subject?: StampSubject) => Promise<string>;
  } = {},
) {
  const calls: {
    createQuote: CreateQuoteBody[];
    executeQuote: [string, string][];
    stamps: { payload: string; subject: StampSubject | undefined }[];
  } = { createQuote: [], executeQuote: [], stamps: [] };
  const client = {
    clock: { now: options.now ?? (() => NOW), setTimeout: () => () => undefined },
    sessions: {
      requireStamper: async () => ({
        session: {},
        stamp: async (payload: string, subject?: StampSubject) => {
          calls.stamps.push({ payload, subject });
          return options.stamp ? options.stamp(payload, subject) : 'stamp';
        },
        reportRejected: async () => undefined,
      }),
    },
    api: {
      listInternalAccounts: async () => ({
        data: [
          account(WALLET, options.balance ?? 1_000_000, 'EMBEDDED_WALLET'),
          account(FIAT, 0, 'INTERNAL_FIAT'),
        ],
        hasMore: false,
      }),
      createQuote: async (body: CreateQuoteBody) => {
        calls.createQuote.push(body);
        return quoteFor(body, options.quote);
      },
      executeQuote: async (
        quoteId: string,
        idempotencyKey: string,
        call: { stamp: (payload: string) => Promise<string> },
      ) => {
        calls.executeQuote.push([quoteId, idempotencyKey]);
        await call.stamp(options.payload ?? OWN_PAYLOAD);
        const outcome = executeOutcomes.shift();
        if (outcome === undefined || outcome instanceof WalletAuthError) {
          throw outcome ?? new Error('no outcome');
        }
        return outcome;
      },
    },
  } as unknown as WalletAuthClient;
  return { client, calls };
}

const params = { sourceAccountId: WALLET, destinationAccountId: FIAT, amount: 500 };

describe('createTransfer', () => {
  it('given a send that failed, should resend the same quote with the same Idempotency-Key', async () => {
    const completed = { id: QUOTE, status: 'COMPLETED', transactionId: 'Transaction:1' } as Quote;
    const { client, calls } = recordingClient([
      new WalletAuthError('NETWORK_ERROR', 'dropped'),
      completed,
    ]);
    const transfer = createTransfer(client, params);
    expect(transfer.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await expect(transfer.send()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(transfer.send()).resolves.toBe(completed);
    expect(calls.createQuote).toEqual([
      {
        source: { sourceType: 'ACCOUNT', accountId: WALLET },
        destination: { destinationType: 'ACCOUNT', accountId: FIAT },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 500,
      },
    ]);
    expect(calls.executeQuote).toEqual([
      [QUOTE, transfer.idempotencyKey],
      [QUOTE, transfer.idempotencyKey],
    ]);
    expect(transfer.quote).toBe(completed);
  });

  it('given two sends at once, should run one', async () => {
    const completed = { id: QUOTE, status: 'COMPLETED' } as Quote;
    const { client, calls } = recordingClient([completed, completed]);
    const transfer = createTransfer(client, params);
    const [a, b] = await Promise.all([transfer.send(), transfer.send()]);
    expect(calls.createQuote).toHaveLength(1);
    expect(a).toBe(b);
    expect(calls.executeQuote).toHaveLength(1);
  });

  it('given two transfers, should give each its own key; a resumed one keeps the key it is given', () => {
    const { client } = recordingClient([]);
    expect(createTransfer(client, params).idempotencyKey).not.toBe(
      createTransfer(client, params).idempotencyKey,
    );
    expect(createTransfer(client, params, { idempotencyKey: 'k-1' }).idempotencyKey).toBe('k-1');
  });

  it('given bad parameters, should refuse INVALID_INPUT listing every problem, with no call', async () => {
    const { client, calls } = recordingClient([]);
    expect(() =>
      createTransfer(client, { ...params, amount: 0, destinationAccountId: WALLET }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        details: {
          errors: [
            expect.objectContaining({ field: 'amount' }),
            expect.objectContaining({ field: 'destinationAccountId' }),
          ],
        },
      }),
    );
    await expect(executeTransfer(client, { ...params, amount: 1.5 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      executeTransfer(client, { ...params, sourceAccountId: 'Customer:x' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(calls.createQuote).toHaveLength(0);
  });
});

describe('executeTransfer over the API client', () => {
  it('given the signed-retry exchange, should send the Idempotency-Key on leg 1 and on the signed leg', async () => {
    const seen: { method: string; url: string; key: string | null; signed: boolean }[] = [];
    const fetch = async (request: Request) => {
      const signed = request.headers.has('Service-Wallet-Signature');
      seen.push({
        method: request.method,
        url: request.url,
        key: request.headers.get('Idempotency-Key'),
        signed,
      });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (request.method === 'GET') {
        return json(200, { data: [], hasMore: false });
      }
      if (request.url.endsWith('/quotes')) {
        return json(201, quoteFor(JSON.parse(await request.text()) as CreateQuoteBody));
      }
      if (!signed) {
        return json(202, {
          payloadToSign: OWN_PAYLOAD,
          requestId: 'Request:6ba7b810-9dad-11d1-80b4-00c04fd430c8',
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        });
      }
      return json(200, { id: QUOTE, status: 'COMPLETED' });
    };
    const client = {
      api: createApiClient({ baseUrl: 'http://service.test/2025-10-13', fetch }),
      clock: { now: () => NOW },
      sessions: {
        requireStamper: async () => ({ session: {}, stamp: async () => 'stamp' }),
        reportRejected: async () => undefined,
      },
    } as unknown as WalletAuthClient;
    const transfer = createTransfer(client, params);
    await expect(transfer.send()).resolves.toMatchObject({ status: 'COMPLETED' });
    const executes = seen.filter((r) => r.url.endsWith('/execute'));
    expect(executes.map((r) => [r.signed, r.key])).toEqual([
      [false, transfer.idempotencyKey],
      [true, transfer.idempotencyKey],
    ]);
  });
});

describe('createTransfer: what is checked before an approval is asked for (issue 21, defects 1 and 2)', () => {
  it('UI-21: given a cross-currency quote, should hand the stamper the quote itself as the subject: both amounts, both currencies, the rate, the own destination account and the expiry', async () => {
    const completed = { id: QUOTE, status: 'COMPLETED' } as Quote;
    const { client, calls } = recordingClient([completed], { balance: 5_000_000 });
    await createTransfer(client, {
      ...params,
      amount: 2_345_678,
      destinationName: 'ignored',
    }).send();
    expect(calls.stamps).toHaveLength(1);
    const subject = calls.stamps[0]!.subject!;
    expect(subject.kind).toBe('transfer');
    expect(subject.quote).toMatchObject({
      id: QUOTE,
      totalSendingAmount: 2_345_678,
      totalReceivingAmount: 234,
      sendingCurrency: { code: 'USDC' },
      receivingCurrency: { code: 'USD' },
      exchangeRate: 1,
      expiresAt: new Date(NOW + 300_000).toISOString(),
    });
    expect(subject.destinationAccount).toMatchObject({ id: FIAT, type: 'INTERNAL_FIAT' });
    expect(subject.destinationName).toBe('ignored');
  });

  it('UI-21: given a destination that is not an account of the customer, should give no destination account, only the name fixed at creation', async () => {
    const shop = 'InternalAccount:1d4a3b2c-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const { client, calls } = recordingClient([{ id: QUOTE, status: 'COMPLETED' } as Quote]);
    const transfer = createTransfer(client, {
      ...params,
      destinationAccountId: shop,
      destinationName: 'Demo shop',
    });
    await transfer.send();
    expect(calls.stamps[0]!.subject).toMatchObject({
      destinationAccount: undefined,
      destinationName: 'Demo shop',
    });
  });

  it('UI-22: given an amount over the wallet balance, should refuse AMOUNT_OUT_OF_RANGE with what is available, before any quote or approval', async () => {
    const { client, calls } = recordingClient([], { balance: 499 });
    await expect(createTransfer(client, params).send()).rejects.toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
      status: undefined,
      details: { field: 'amount', available: 499, requested: 500, currency: 'USDC' },
    });
    expect(calls.createQuote).toEqual([]);
    expect(calls.stamps).toEqual([]);
  });

  it('UI-22: given exactly the balance, should go ahead', async () => {
    const { client, calls } = recordingClient([{ id: QUOTE, status: 'COMPLETED' } as Quote], {
      balance: 500,
    });
    await expect(createTransfer(client, params).send()).resolves.toMatchObject({
      status: 'COMPLETED',
    });
    expect(calls.stamps).toHaveLength(1);
  });

  it.each([
    ['another amount', { totalSendingAmount: 5_000 }, 'totalSendingAmount'],
    [
      'another destination',
      {
        destination: {
          destinationType: 'ACCOUNT' as const,
          accountId: 'InternalAccount:1d4a3b2c-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        },
      },
      'destination',
    ],
    [
      'another source',
      {
        source: {
          sourceType: 'ACCOUNT' as const,
          accountId: 'InternalAccount:2d4a3b2c-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        },
      },
      'source',
    ],
  ])(
    'UI-21: given a quote for %s than asked, should refuse PAYLOAD_INTENT_MISMATCH without asking for approval',
    async (_name, quote, field) => {
      const { client, calls } = recordingClient([], { quote });
      await expect(createTransfer(client, params).send()).rejects.toMatchObject({
        code: 'PAYLOAD_INTENT_MISMATCH',
        details: { quoteId: QUOTE, mismatched: [field] },
      });
      expect(calls.executeQuote).toEqual([]);
      expect(calls.stamps).toEqual([]);
    },
  );

  it.each([
    [
      'another quote’s payload',
      JSON.stringify({ parameters: { q: 2 }, type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' }),
    ],
    ['text that is not JSON', 'sign me'],
    ['an empty payload', ''],
  ])(
    'UI-21: given a challenge whose payload is %s, should refuse PAYLOAD_INTENT_MISMATCH and never reach the stamper',
    async (_name, payload) => {
      const { client, calls } = recordingClient([], { payload });
      await expect(createTransfer(client, params).send()).rejects.toMatchObject({
        code: 'PAYLOAD_INTENT_MISMATCH',
        details: { quoteId: QUOTE },
      });
      expect(calls.stamps).toEqual([]);
    },
  );

  it('UI-21: given a quote without a payment instruction, should accept only a payload naming the quote by the SHA-256 of its id', async () => {
    const digest = 'f0aef0e5b3dfaafdc6e8fd7c56e3f1a3fb8c6d0a5bd1d1cd1bc7a40b0f8d7c33';
    const named = (hex: string) =>
      JSON.stringify({
        parameters: { unsignedTransaction: hex },
        type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      });
    const expected = Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(QUOTE))),
      (byte) => byte.toString(16).padStart(2, '0'),
    ).join('');
    const good = recordingClient([{ id: QUOTE, status: 'COMPLETED' } as Quote], {
      quote: { paymentInstructions: [] },
      payload: named(expected.toUpperCase()),
    });
    await expect(createTransfer(good.client, params).send()).resolves.toMatchObject({
      status: 'COMPLETED',
    });
    const bad = recordingClient([], { quote: { paymentInstructions: [] }, payload: named(digest) });
    await expect(createTransfer(bad.client, params).send()).rejects.toMatchObject({
      code: 'PAYLOAD_INTENT_MISMATCH',
    });
    expect(bad.calls.stamps).toEqual([]);
  });

  it('UI-22: given a quote already past its expiresAt on this device, should refuse CHALLENGE_EXPIRED naming the quote before sending or asking', async () => {
    const { client, calls } = recordingClient([], { now: () => NOW + 300_000 });
    await expect(createTransfer(client, params).send()).rejects.toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      details: { quoteId: QUOTE },
    });
    expect(calls.executeQuote).toEqual([]);
    expect(calls.stamps).toEqual([]);
  });

  it('UI-22: given an approval that came after the quote lapsed, should refuse CHALLENGE_EXPIRED and send no signature', async () => {
    let now = NOW;
    const { client, calls } = recordingClient([{ id: QUOTE, status: 'COMPLETED' } as Quote], {
      now: () => now,
      stamp: async () => {
        now = NOW + 300_001; // the person approved after the quote's expiresAt
        return 'stamp';
      },
    });
    await expect(createTransfer(client, params).send()).rejects.toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      details: { quoteId: QUOTE },
    });
    expect(calls.stamps).toHaveLength(1);
  });

  it('given a lapsed quote after an execute was sent, should still resend it (the service may have executed it and answers the first result)', async () => {
    let now = NOW;
    const completed = { id: QUOTE, status: 'COMPLETED' } as Quote;
    const { client, calls } = recordingClient(
      [new WalletAuthError('NETWORK_ERROR', 'dropped'), completed],
      { now: () => now },
    );
    const transfer = createTransfer(client, params);
    await expect(transfer.send()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    now = NOW + 600_000;
    // The mocked execute asks for a stamp, which the lapsed quote refuses; what matters is that
    // the resend reached the service rather than stopping on this device's clock.
    await expect(transfer.send()).rejects.toMatchObject({ code: 'CHALLENGE_EXPIRED' });
    expect(calls.executeQuote).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(101)],
    ['a control character', 'Shop\u0007'],
    ['not a string', 42 as unknown as string],
  ])(
    'given a destinationName that is %s, should refuse INVALID_INPUT before any call',
    (_name, destinationName) => {
      const { client } = recordingClient([]);
      expect(() => createTransfer(client, { ...params, destinationName })).toThrow(
        expect.objectContaining({
          code: 'INVALID_INPUT',
          details: { errors: [expect.objectContaining({ field: 'destinationName' })] },
        }),
      );
    },
  );
});
