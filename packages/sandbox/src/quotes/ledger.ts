/**
 * Quotes and balances (wire-format §11.6): same-currency quotes between ACTIVE internal accounts,
 * their execution (balances move, a transaction is recorded) and the checks around it — 409
 * `CONFLICT` once executed, 400 `INVALID_INPUT` after `expiresAt`, 400 `AMOUNT_OUT_OF_RANGE` when
 * the source cannot cover the amount.
 */
import { ApiError, invalidField, notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { activityPayload } from '../signed-retry/activity-payload.js';
import type { InternalAccountRecord, QuoteRecord } from '../state/records.js';
import type { QuoteRequest } from './quote-input.js';

function account(ctx: SandboxContext, id: string, what: string): InternalAccountRecord {
  const record = ctx.state.accounts.get(id);
  if (record === undefined) {
    throw notFound(what);
  }
  return ctx.state.settle(record);
}

/** 400 `AMOUNT_OUT_OF_RANGE` unless the quote's source holds at least its amount. */
export function ensureFunds(ctx: SandboxContext, quote: QuoteRecord): void {
  const source = account(ctx, quote.sourceAccountId, 'Source internal account');
  if (source.balance < quote.amount) {
    throw new ApiError(
      400,
      'AMOUNT_OUT_OF_RANGE',
      `Insufficient balance: the source account holds ${source.balance} and the quote needs ${quote.amount}`,
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

/** Moves the balances, records the transaction and completes the quote. */
export function executeQuote(
  ctx: SandboxContext,
  quote: QuoteRecord,
  idempotencyKey: string | undefined,
): void {
  const now = ctx.state.now();
  const source = account(ctx, quote.sourceAccountId, 'Source internal account');
  const destination = account(ctx, quote.destinationAccountId, 'Destination internal account');
  source.balance -= quote.amount;
  destination.balance += quote.amount;
  source.updatedAt = now;
  destination.updatedAt = now;
  const transactionId = ctx.state.newId('Transaction');
  ctx.state.transactions.set(transactionId, {
    id: transactionId,
    quoteId: quote.id,
    sourceAccountId: source.id,
    destinationAccountId: destination.id,
    amount: quote.amount,
    currency: quote.currency,
    createdAt: now,
  });
  quote.status = 'COMPLETED';
  quote.transactionId = transactionId;
  quote.updatedAt = now;
  quote.execution = { idempotencyKey, delivered: false };
}

/**
 * Creates a quote (201). Both accounts must exist (404), be ACTIVE, differ and share a currency
 * (else 400 `INVALID_INPUT`). An EMBEDDED_WALLET source gets the payment instruction whose
 * `payloadToSign` execution must be signed over, and cannot be executed immediately.
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
  if (source.currency.code !== destination.currency.code) {
    throw invalidField(
      request.fields.destination,
      `Must be in the source currency (${source.currency.code}); only same-currency transfers are emulated`,
    );
  }
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
    amount: request.amount,
    currency: source.currency,
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
