import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client/api-client.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import type { CreateQuoteBody, Quote } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { createTransfer, executeTransfer } from './execute-transfer.js';

const WALLET = 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e';
const FIAT = 'InternalAccount:7c9e6679-7425-40de-944b-e07fc1f90ae7';
const QUOTE = 'Quote:6ba7b810-9dad-11d1-80b4-00c04fd430c8';

/** A client whose session always signs and whose quote calls are recorded (the unit under test
 * is the transfer's bookkeeping; the exchange itself is tested against the emulator). */
function recordingClient(executeOutcomes: (Quote | WalletAuthError)[]) {
  const calls: { createQuote: CreateQuoteBody[]; executeQuote: [string, string][] } = {
    createQuote: [],
    executeQuote: [],
  };
  const client = {
    sessions: {
      requireStamper: async () => ({ session: {}, stamp: async () => 'stamp' }),
      reportRejected: async () => undefined,
    },
    api: {
      createQuote: async (body: CreateQuoteBody) => {
        calls.createQuote.push(body);
        return { id: QUOTE, status: 'PENDING' } as Quote;
      },
      executeQuote: async (quoteId: string, idempotencyKey: string) => {
        calls.executeQuote.push([quoteId, idempotencyKey]);
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
      if (request.url.endsWith('/quotes')) {
        return json(201, { id: QUOTE, status: 'PENDING' });
      }
      if (!signed) {
        return json(202, {
          payloadToSign: JSON.stringify({
            parameters: {},
            type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
          }),
          requestId: 'Request:6ba7b810-9dad-11d1-80b4-00c04fd430c8',
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        });
      }
      return json(200, { id: QUOTE, status: 'COMPLETED' });
    };
    const client = {
      api: createApiClient({ baseUrl: 'http://service.test/2025-10-13', fetch }),
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
