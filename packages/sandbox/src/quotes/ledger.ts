/**
 * Quotes and balances (docs/protocol.md §11.6): quotes between ACTIVE internal accounts, same-currency
 * or converted at the `exchangeRates` option's rate (money/exchange-rate.ts); their execution
 * (both balances move in one synchronous step, a transaction is recorded) and the checks around it
 * — 409 `CONFLICT` once executed, 400 `INVALID_INPUT` after `expiresAt`, 400 `AMOUNT_OUT_OF_RANGE`
 * when the source cannot cover the sending amount or the destination cannot hold the receiving one.
 *
 * Every check and the movement itself run without an `await` in between, so of concurrent executes
 * of one quote exactly one moves money and the others see it executed.
 */
import { ApiError, invalidField, notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { convert, type ExactRate, MAX_AMOUNT, UNIT_RATE } from '../money/exchange-rate.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import type {
  Currency,
  InternalAccountRecord,
  QuoteRecord,
  TransactionRecord,
  TransactionSide,
} from '../state/records.js';
import type { QuoteRequest } from './quote-input.js';

function account(ctx: SandboxContext, id: string, what: string): InternalAccountRecord {
  const record = ctx.state.accounts.get(id);
  if (record === undefined) {
    throw notFound(what);
  }
  return ctx.state.settle(record);
}

/** Room left in an account before its total balance passes the largest exact amount. */
function headroom(record: InternalAccountRecord): number {
  return Number.MAX_SAFE_INTEGER - record.balance - record.pending;
}

/**
 * 400 `AMOUNT_OUT_OF_RANGE` unless the source holds the sending amount and the destination can
 * take the receiving amount without passing 2^53 − 1.
 */
export function ensureFunds(ctx: SandboxContext, quote: QuoteRecord): void {
  const source = account(ctx, quote.sourceAccountId, 'Source internal account');
  if (source.balance < quote.sendingAmount) {
    throw new ApiError(
      400,
      'AMOUNT_OUT_OF_RANGE',
      `Insufficient balance: the source account holds ${source.balance} and the quote needs ${quote.sendingAmount}`,
    );
  }
  const destination = account(ctx, quote.destinationAccountId, 'Destination internal account');
  if (headroom(destination) < quote.receivingAmount) {
    throw new ApiError(
      400,
      'AMOUNT_OUT_OF_RANGE',
      `The destination balance would exceed ${Number.MAX_SAFE_INTEGER} in the smallest unit`,
    );
  }
}

/** Step 2a of an execute (§11.6): 409 when already executed, 400 once expired or an account left ACTIVE. */
export function checkExecutable(ctx: SandboxContext, quote: QuoteRecord): void {
  if (quote.status !== 'PENDING') {
    throw new ApiError(409, 'CONFLICT', 'Quote already executed');
  }
  if (ctx.state.now() >= quote.expiresAt) {
    throw invalidField('quoteId', 'Quote expired; create a new one');
  }
  for (const id of [quote.sourceAccountId, quote.destinationAccountId]) {
    if (account(ctx, id, 'Internal account').status !== 'ACTIVE') {
      throw invalidField('quoteId', `Internal account ${id} is not ACTIVE`);
    }
  }
}

function side(record: InternalAccountRecord, amount: number): TransactionSide {
  return { accountId: record.id, customerId: record.customerId, amount, currency: record.currency };
}

function recordTransaction(
  ctx: SandboxContext,
  input: Pick<TransactionRecord, 'type' | 'source' | 'destination' | 'exchangeRate'> &
    Partial<Pick<TransactionRecord, 'quoteId' | 'description'>>,
): TransactionRecord {
  const now = ctx.state.now();
  const transaction: TransactionRecord = {
    id: ctx.state.newId('Transaction'),
    status: 'COMPLETED',
    quoteId: undefined,
    description: undefined,
    ...input,
    createdAt: now,
    updatedAt: now,
    settledAt: now,
  };
  ctx.state.transactions.set(transaction.id, transaction);
  return transaction;
}

/**
 * Moves the balances (sending amount out of the source, receiving amount into the destination),
 * records the OUTGOING transaction and completes the quote. Callers ran {@link checkExecutable}
 * and {@link ensureFunds} in the same synchronous step.
 */
export function executeQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  idempotencyKey: string | undefined,
): void {
  const now = ctx.state.now();
  const source = account(ctx, quote.sourceAccountId, 'Source internal account');
  const destination = account(ctx, quote.destinationAccountId, 'Destination internal account');
  source.balance -= quote.sendingAmount;
  destination.balance += quote.receivingAmount;
  source.updatedAt = now;
  destination.updatedAt = now;
  const transaction = recordTransaction(ctx, {
    type: 'OUTGOING',
    source: side(source, quote.sendingAmount),
    destination: side(destination, quote.receivingAmount),
    exchangeRate: quote.exchangeRate,
    quoteId: quote.id,
    description: quote.description,
  });
  quote.status = 'COMPLETED';
  quote.transactionId = transaction.id;
  quote.updatedAt = now;
  quote.execution = { idempotencyKey, delivered: false };
}

/** Credits an ACTIVE account from outside (sandbox funding) and records the INCOMING transaction. */
export function fundAccount(
  ctx: SandboxContext,
  record: InternalAccountRecord,
  amount: number,
): void {
  if (headroom(record) < amount) {
    throw invalidField('amount', 'The balance would exceed the largest safe integer');
  }
  record.balance += amount;
  record.updatedAt = ctx.state.now();
  recordTransaction(ctx, {
    type: 'INCOMING',
    source: undefined,
    destination: side(record, amount),
    exchangeRate: 1,
  });
}

/** The configured rate from one currency to another; 400 naming the destination when none. */
function rateBetween(
  ctx: SandboxContext,
  sending: Currency,
  receiving: Currency,
  field: string,
): ExactRate {
  if (sending.code === receiving.code) {
    return UNIT_RATE;
  }
  const rate = ctx.options.exchangeRates[sending.code]?.[receiving.code];
  if (rate === undefined) {
    throw invalidField(
      field,
      `No exchange rate from ${sending.code} to ${receiving.code}: this sandbox converts only the pairs of its exchangeRates option`,
    );
  }
  return rate;
}

/**
 * The receiving amount of `amount` (§11.6 rounding: floor of the exact product); 400 on the amount
 * field when it converts to nothing or past the largest exact amount, naming the bound.
 */
function receivingAmountOf(
  amount: number,
  rate: ExactRate,
  sending: Currency,
  receiving: Currency,
  field: string,
): number {
  const conversion = convert(BigInt(amount), rate, {
    sending: sending.decimals,
    receiving: receiving.decimals,
  });
  if (conversion.receivingAmount < 1n) {
    throw invalidField(
      field,
      `Converts to 0 ${receiving.code} at rate ${rate.value}; the smallest amount that converts is ${conversion.smallestConvertible}`,
      { minimum: Number(conversion.smallestConvertible) },
    );
  }
  if (conversion.receivingAmount > MAX_AMOUNT) {
    throw invalidField(
      field,
      `Converts to more than ${Number.MAX_SAFE_INTEGER} ${receiving.code} units at rate ${rate.value}; the largest amount that converts is ${conversion.largestConvertible}`,
      { maximum: Number(conversion.largestConvertible) },
    );
  }
  return Number(conversion.receivingAmount);
}

/**
 * Creates a quote (201). Both accounts must exist (404), differ and be ACTIVE; a cross-currency
 * pair needs a configured rate and an amount that converts to at least one unit and at most
 * 2^53 − 1 (else 400 `INVALID_INPUT`). An EMBEDDED_WALLET source gets the payment instruction
 * whose `payloadToSign` execution must be signed over, and cannot be executed immediately.
 */
export function createQuote(ctx: SandboxContext, request: QuoteRequest): QuoteRecord {
  const source = account(ctx, request.sourceAccountId, 'Source internal account');
  const destination = account(ctx, request.destinationAccountId, 'Destination internal account');
  if (source.id === destination.id) {
    throw invalidField(request.fields.destination, 'Must differ from the source account');
  }
  for (const [record, field] of [
    [source, request.fields.source],
    [destination, request.fields.destination],
  ] as const) {
    if (record.status !== 'ACTIVE') {
      throw invalidField(field, `The account is ${record.status}, not ACTIVE`);
    }
  }
  const rate = rateBetween(ctx, source.currency, destination.currency, request.fields.destination);
  const receivingAmount = receivingAmountOf(
    request.amount,
    rate,
    source.currency,
    destination.currency,
    request.fields.amount,
  );
  if (request.immediatelyExecute && source.wallet !== undefined) {
    throw invalidField(
      'immediatelyExecute',
      'An EMBEDDED_WALLET source needs a signed POST /quotes/{quoteId}/execute',
    );
  }
  const now = ctx.state.now();
  const id = ctx.state.newId('Quote');
  const quote: QuoteRecord = {
    id,
    sourceAccountId: source.id,
    destinationAccountId: destination.id,
    sendingAmount: request.amount,
    receivingAmount,
    sendingCurrency: source.currency,
    receivingCurrency: destination.currency,
    exchangeRate: rate.value,
    description: request.description,
    status: 'PENDING',
    createdAt: now,
    expiresAt: now + ctx.options.challengeLifetimeSeconds * 1000,
    updatedAt: now,
    payloadToSign:
      source.wallet === undefined
        ? undefined
        : activityPayload({
            type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
            organizationId: source.wallet.organizationId,
            parameters: {
              signWith: source.wallet.address,
              type: 'TRANSACTION_TYPE_ETHEREUM',
              unsignedTransaction: sha256Hex(id),
            },
            timestampMs: ctx.state.nextTimestampMs(),
          }),
    transactionId: undefined,
    execution: undefined,
  };
  if (request.immediatelyExecute) {
    ensureFunds(ctx, quote);
    ctx.state.quotes.set(quote.id, quote);
    executeQuote(ctx, quote, undefined);
    quote.execution!.delivered = true;
    return quote;
  }
  ctx.state.quotes.set(quote.id, quote);
  return quote;
}
