/**
 * Concurrent executes (docs/protocol.md §11.3, §11.6): requests sent together interleave at every
 * `await` of the handler (body reads, signature verification), yet money moves once — the checks
 * and the movement run in one synchronous step. Each case counts answers, balances and
 * transactions.
 */
import { stamp } from '@wallet-auth/test-utils';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness, type JsonBody } from '../test/harness.js';
import { accountId, balance, quoteBody } from '../test/quote-fixtures.js';

/** Ada, signed in, whose wallet holds 3 USDC, and a quote of 2 USDC to her USD account. */
async function walletQuote() {
  const h = createHarness();
  const ada = await h.createCustomer();
  const { key } = await h.signInWithOtp(ada.walletId, ada.emailCredentialId);
  await h.request('POST', `/sandbox/internal-accounts/${ada.walletId}/fund`, {
    body: { amount: 3_000_000 },
  });
  const quote = (
    await h.request('POST', '/quotes', { body: quoteBody(ada.walletId, ada.fiatId, 2_000_000) })
  ).body;
  return { h, ada, key, quote };
}

function statuses(responses: { status: number; body: JsonBody }[]): string[] {
  return responses.map((r) => `${r.status} ${r.body.code ?? r.body.status}`).sort();
}

function outgoing(h: Harness): number {
  return [...h.sandbox.state.transactions.values()].filter((t) => t.type === 'OUTGOING').length;
}

describe('concurrent executes', () => {
  it('EMU-14: given five signature-only executes of one wallet quote at once, should complete it once and answer 409 to the rest', async () => {
    const { h, ada, key, quote } = await walletQuote();
    const payload = quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.request('POST', `/quotes/${quote.id}/execute`, {
          body: {},
          headers: { 'Service-Wallet-Signature': stamp(payload, key) },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([
      '200 COMPLETED',
      '409 CONFLICT',
      '409 CONFLICT',
      '409 CONFLICT',
      '409 CONFLICT',
    ]);
    expect([await balance(h, ada.walletId), await balance(h, ada.fiatId)]).toEqual([
      1_000_000, 200,
    ]);
    expect(outgoing(h)).toBe(1);
  });

  it('EMU-14: given two leg-2 sends over two challenges of one quote and a signature-only send, all at once, should complete it once', async () => {
    const { h, ada, key, quote } = await walletQuote();
    const path = `/quotes/${quote.id}/execute`;
    const challenges = [
      await h.request('POST', path, { body: {} }),
      await h.request('POST', path, { body: {} }),
    ];
    const payload = quote.paymentInstructions[0].accountOrWalletInfo.payloadToSign;
    const responses = await Promise.all([
      ...challenges.map((leg1) =>
        h.request('POST', path, {
          body: {},
          headers: {
            'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
            'Request-Id': leg1.body.requestId,
          },
        }),
      ),
      h.request('POST', path, {
        body: {},
        headers: { 'Service-Wallet-Signature': stamp(payload, key) },
      }),
    ]);
    expect(statuses(responses)).toEqual(['200 COMPLETED', '409 CONFLICT', '409 CONFLICT']);
    expect(await balance(h, ada.walletId)).toBe(1_000_000);
    expect(outgoing(h)).toBe(1);
  });

  it('EMU-14: given the same leg 2 sent three times at once, should accept one and answer the others as resends of a used Request-Id', async () => {
    const { h, ada, key, quote } = await walletQuote();
    const path = `/quotes/${quote.id}/execute`;
    const leg1 = await h.request('POST', path, { body: {} });
    const headers = {
      'Service-Wallet-Signature': stamp(leg1.body.payloadToSign, key),
      'Request-Id': leg1.body.requestId,
    };
    const responses = await Promise.all(
      [1, 2, 3].map(() => h.request('POST', path, { body: {}, headers })),
    );
    expect(statuses(responses)).toEqual(['200 COMPLETED', '401 UNAUTHORIZED', '401 UNAUTHORIZED']);
    expect(responses.filter((r) => r.status === 401).map((r) => r.body.reason)).toEqual([
      'Request-Id already used',
      'Request-Id already used',
    ]);
    expect(await balance(h, ada.walletId)).toBe(1_000_000);
  });

  it('EMU-14: given executes of an unsigned (fiat) quote at once, should complete it once', async () => {
    const h = createHarness();
    const { fiatId } = await h.createCustomer();
    const usd = accountId(h, 'Platform USD');
    await h.request('POST', `/sandbox/internal-accounts/${fiatId}/fund`, { body: { amount: 500 } });
    const quote = (await h.request('POST', '/quotes', { body: quoteBody(fiatId, usd, 400) })).body;
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => h.request('POST', `/quotes/${quote.id}/execute`, { body: {} })),
    );
    expect(statuses(responses)).toEqual([
      '200 COMPLETED',
      '409 CONFLICT',
      '409 CONFLICT',
      '409 CONFLICT',
    ]);
    expect([await balance(h, fiatId), await balance(h, usd)]).toEqual([100, 400]);
  });

  it('EMU-14: given two quotes that together exceed the balance, executed at once, should complete one and refuse the other with AMOUNT_OUT_OF_RANGE, never going negative', async () => {
    const { h, ada, key, quote } = await walletQuote();
    const second = (
      await h.request('POST', '/quotes', {
        body: quoteBody(ada.walletId, accountId(h, 'Platform USDC'), 2_000_000),
      })
    ).body;
    const responses = await Promise.all(
      [quote, second].map((q) =>
        h.request('POST', `/quotes/${q.id}/execute`, {
          body: {},
          headers: {
            'Service-Wallet-Signature': stamp(
              q.paymentInstructions[0].accountOrWalletInfo.payloadToSign,
              key,
            ),
          },
        }),
      ),
    );
    expect(statuses(responses)).toEqual(['200 COMPLETED', '400 AMOUNT_OUT_OF_RANGE']);
    expect(await balance(h, ada.walletId)).toBe(1_000_000);
    expect(outgoing(h)).toBe(1);
  });
});
