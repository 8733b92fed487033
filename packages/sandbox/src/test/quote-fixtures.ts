/**
 * Helpers of the quote and transaction tests: the platform's accounts by label, a `POST /quotes`
 * body, balances read through the list endpoint as a client would, and RULE_BASED accounts in a
 * given currency (the only way to hold EUR or BTC).
 */
import type { Harness } from './harness.js';

/** The id of the platform account labelled `label` ('Platform USD' or 'Platform USDC'). */
export function accountId(h: Harness, label: string): string {
  return [...h.sandbox.state.accounts.values()].find((a) => a.label === label)!.id;
}

/** A `POST /quotes` body locking `amount` on the sending side. */
export function quoteBody(source: string, destination: string, amount: number, extra = {}) {
  return {
    source: { sourceType: 'ACCOUNT', accountId: source },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  };
}

/** An account's `balance.amount`, read from `GET /customers/internal-accounts`. */
export async function balance(h: Harness, id: string): Promise<number> {
  const list = await h.request('GET', '/customers/internal-accounts?limit=100');
  return list.body.data.find((a: { id: string }) => a.id === id).balance.amount;
}

/** A RULE_BASED account in `currency` sweeping to `sweepTo`, optionally funded; its id. */
export async function ruleBasedAccount(
  h: Harness,
  currency: string,
  sweepTo: string,
  funds = 0,
): Promise<string> {
  const created = await h.request('POST', '/internal-accounts', {
    body: { currency, sweepRule: { destination: { accountId: sweepTo } } },
  });
  if (created.status !== 201) {
    throw new Error(`RULE_BASED creation failed: ${created.text}`);
  }
  if (funds > 0) {
    await h.request('POST', `/sandbox/internal-accounts/${created.body.id}/fund`, {
      body: { amount: funds },
    });
  }
  return created.body.id as string;
}
