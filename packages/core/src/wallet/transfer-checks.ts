/**
 * What a transfer checks before anyone is asked to approve it (issue 21, defects 1 and 2): that
 * the wallet holds the amount, that the quote the service made is the transfer that was asked
 * for, that the payload to sign is that quote's own, and that the quote has not lapsed. Each
 * refusal happens before the stamp, so nothing is signed or sent.
 */
import { bytesToHex } from '../encoding/hex.js';
import { utf8ToBytes } from '../encoding/utf8.js';
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { sha256 } from '../internal/web-crypto.js';
import type { InternalAccount, Quote } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';

/** The parameters a check needs (see `TransferParams`). */
interface TransferRequest {
  sourceAccountId: string;
  destinationAccountId: string;
  amount: number;
}

const sameId = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/** The accounts of a transfer as the account list shows them; either may be absent from it. */
export interface TransferAccounts {
  source: InternalAccount | undefined;
  /** Set only when the destination is an account of the source's own customer. */
  ownDestination: InternalAccount | undefined;
}

/**
 * Reads the first page of the account list (behind the proxy: the customer's own accounts) for
 * the source's balance and, when it is the customer's, the destination.
 * @param client - The kit's client.
 * @param request - The transfer's accounts.
 * @param signal - Aborts the read.
 */
export async function readTransferAccounts(
  client: WalletAuthClient,
  request: TransferRequest,
  signal: AbortSignal | undefined,
): Promise<TransferAccounts> {
  const { data } = await client.api.listInternalAccounts({ limit: 100 }, signal);
  const source = data.find((account) => sameId(account.id, request.sourceAccountId));
  const destination = data.find((account) => sameId(account.id, request.destinationAccountId));
  const own =
    destination !== undefined &&
    source?.customerId !== undefined &&
    sameId(destination.customerId, source.customerId);
  return { source, ownDestination: own ? destination : undefined };
}

/**
 * Refuses an amount over the wallet's available balance before a quote is asked for (the
 * service would refuse it only after the approval, docs/protocol.md §11.6).
 * @throws WalletAuthError `AMOUNT_OUT_OF_RANGE` with `details` `{ field, available, requested,
 * currency }`.
 */
export function assertFunds(source: InternalAccount | undefined, amount: number): void {
  if (source === undefined || source.balance.amount >= amount) {
    return;
  }
  throw new WalletAuthError(
    'AMOUNT_OUT_OF_RANGE',
    'The amount is more than the wallet holds, so nothing was asked for or sent.',
    {
      details: {
        field: 'amount',
        available: source.balance.amount,
        requested: amount,
        currency: source.balance.currency.code,
      },
    },
  );
}

/**
 * Refuses a quote that is not the transfer that was asked for: other accounts, or another
 * sending amount (with `lockedCurrencySide: SENDING` the service sends exactly the amount).
 * @throws WalletAuthError `PAYLOAD_INTENT_MISMATCH`.
 */
export function assertQuoteMatches(quote: Quote, request: TransferRequest): void {
  const problems = [
    sameId(quote.source?.accountId, request.sourceAccountId) ? undefined : 'source',
    sameId(quote.destination?.accountId, request.destinationAccountId) ? undefined : 'destination',
    quote.totalSendingAmount === request.amount ? undefined : 'totalSendingAmount',
  ].filter((problem) => problem !== undefined);
  if (problems.length > 0) {
    throw new WalletAuthError(
      'PAYLOAD_INTENT_MISMATCH',
      'The wallet service quoted another transfer than the one asked for, so nothing was approved.',
      { details: { quoteId: quote.id, mismatched: problems } },
    );
  }
}

/**
 * Returns whether a payload is the quote's own (docs/protocol.md §11.1): exactly the quote's
 * payment-instruction `payloadToSign`, or an activity whose `parameters.unsignedTransaction` is
 * the hex SHA-256 of the quote id. Anything else would show one quote and sign another.
 * @param quote - The quote as `POST /quotes` returned it.
 */
export async function quotePayloadCheck(quote: Quote): Promise<(payload: string) => boolean> {
  const own = quote.paymentInstructions
    ?.map((instruction) => instruction.accountOrWalletInfo.payloadToSign)
    .find((payload) => typeof payload === 'string');
  const digest = bytesToHex(await sha256(utf8ToBytes(quote.id)));
  return (payload) => {
    if (own !== undefined && payload === own) {
      return true;
    }
    try {
      const named = (JSON.parse(payload) as { parameters?: { unsignedTransaction?: unknown } })
        ?.parameters?.unsignedTransaction;
      return typeof named === 'string' && named.toLowerCase() === digest;
    } catch {
      return false;
    }
  };
}

/**
 * The refusal of a quote that lapsed before it was approved: `CHALLENGE_EXPIRED` (send the
 * payment again: a new transfer makes a new quote), with the quote's id and `expiresAt`.
 * @param quote - The lapsed quote.
 * @param cause - The service's refusal, when it said so.
 */
export function quoteExpired(quote: Quote, cause?: WalletAuthError): WalletAuthError {
  return new WalletAuthError(
    'CHALLENGE_EXPIRED',
    'The payment quote expired before it was approved. Send the payment again.',
    {
      details: { quoteId: quote.id, quoteExpiresAt: quote.expiresAt },
      ...(cause === undefined ? {} : { cause, status: cause.status }),
    },
  );
}

/** The payload was not the quote's own (see `quotePayloadCheck`). */
export function payloadNotOfQuote(quote: Quote): WalletAuthError {
  return new WalletAuthError(
    'PAYLOAD_INTENT_MISMATCH',
    'The wallet service asked to sign a payment other than the quote shown, so nothing was approved.',
    { details: { quoteId: quote.id } },
  );
}
