import { bytesToHex } from '../encoding/hex.js';
import { hasServiceReason } from '../errors/service-reasons.js';
import { isWalletAuthError, WalletAuthError } from '../errors/wallet-auth-error.js';
import { randomBytes } from '../internal/web-crypto.js';
import {
  type SignedActionOptions,
  signedCallOptions,
  withSessionStamp,
} from '../session/signed-action.js';
import type { Quote } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { assertResourceId, invalidInput } from './validate-input.js';

/**
 * A transfer from the wallet (wire-format §11.6 `POST /quotes`): to an account in the wallet's
 * currency, or in another one (e.g. the customer's USD account), converted by the service; the
 * executed Quote gives both amounts and the `exchangeRate`.
 */
export interface TransferParams {
  /** The embedded wallet that pays, `InternalAccount:<uuid>`. */
  sourceAccountId: string;
  /** The receiving internal account, `InternalAccount:<uuid>`. */
  destinationAccountId: string;
  /** What leaves the wallet, in the smallest unit of its currency; a positive safe integer. */
  amount: number;
  description?: string;
}

/** One transfer: a quote made once and executed with one `Idempotency-Key`, however often sent. */
export interface Transfer {
  /** Generated once per transfer and sent on every execute request of it. */
  readonly idempotencyKey: string;
  /** The quote, once created. */
  readonly quote: Quote | undefined;
  /**
   * Creates the quote (first call only) and executes it, signed by this device's session. Call it
   * again after a failure to resend the same transfer: the quote and the key are reused, so the
   * service answers a transfer it already executed with its first result instead of paying twice.
   * Concurrent calls share one send.
   */
  send(options?: SignedActionOptions): Promise<Quote>;
}

function newIdempotencyKey(): string {
  // A random (version 4) UUID from WebCrypto random bytes.
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytesToHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A 400 on execute that means the quote lapsed: by the local clock, or as the service says. */
function isQuoteExpired(error: unknown, quote: Quote, now: () => number): error is WalletAuthError {
  if (!isWalletAuthError(error) || error.code !== 'INVALID_INPUT') {
    return false;
  }
  return hasServiceReason(error, 'quoteExpired') || Date.parse(quote.expiresAt) <= now();
}

function validate(params: TransferParams): void {
  assertResourceId(params.sourceAccountId, 'InternalAccount', 'sourceAccountId');
  assertResourceId(params.destinationAccountId, 'InternalAccount', 'destinationAccountId');
  const errors: { field: string; message: string }[] = [];
  if (!Number.isSafeInteger(params.amount) || params.amount <= 0) {
    errors.push({
      field: 'amount',
      message: 'amount must be a positive integer in the smallest unit.',
    });
  }
  if (params.sourceAccountId === params.destinationAccountId) {
    errors.push({
      field: 'destinationAccountId',
      message: 'A transfer needs two different accounts.',
    });
  }
  if (errors.length > 0) {
    throw invalidInput(errors);
  }
}

/**
 * Prepares a transfer from the embedded wallet (wire-format §11.6): `POST /quotes` then
 * `POST /quotes/{quoteId}/execute` as a signed retry with an `Idempotency-Key` generated here,
 * once, and reused on every resend of this transfer.
 *
 * @param client - The kit's client.
 * @param params - Source wallet, destination account, amount, description.
 * @param options - `idempotencyKey` to resume a transfer started earlier (e.g. before a reload).
 * @throws WalletAuthError `INVALID_INPUT` at once for bad parameters (no network call).
 * @example
 * const transfer = createTransfer(client, { sourceAccountId, destinationAccountId, amount: 500 });
 * const quote = await transfer.send();
 */
export function createTransfer(
  client: WalletAuthClient,
  params: TransferParams,
  options: { idempotencyKey?: string } = {},
): Transfer {
  validate(params);
  const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
  let quote: Quote | undefined;
  let sending: Promise<Quote> | undefined;

  async function send(actionOptions: SignedActionOptions = {}): Promise<Quote> {
    return withSessionStamp(client, async ({ stamp }) => {
      if (quote === undefined) {
        quote = await client.api.createQuote(
          {
            source: { sourceType: 'ACCOUNT', accountId: params.sourceAccountId },
            destination: { destinationType: 'ACCOUNT', accountId: params.destinationAccountId },
            lockedCurrencySide: 'SENDING',
            lockedCurrencyAmount: params.amount,
            ...(params.description === undefined ? {} : { description: params.description }),
          },
          actionOptions.signal,
        );
      }
      const current = quote;
      let executed: Quote;
      try {
        executed = await client.api.executeQuote(
          current.id,
          idempotencyKey,
          signedCallOptions(stamp, actionOptions),
        );
      } catch (error) {
        // A quote executed after its expiresAt is refused with 400 INVALID_INPUT (§11.6): that is
        // not a typing mistake but a lapsed price, so say so — a new send makes a new quote.
        if (isQuoteExpired(error, current, () => client.clock.now())) {
          throw new WalletAuthError(
            'CHALLENGE_EXPIRED',
            'The payment quote expired before it was approved. Send the payment again.',
            { cause: error, status: error.status },
          );
        }
        throw error;
      }
      quote = executed;
      return executed;
    });
  }

  return {
    idempotencyKey,
    get quote() {
      return quote;
    },
    send(actionOptions) {
      sending ??= send(actionOptions).finally(() => {
        sending = undefined;
      });
      return sending;
    },
  };
}

/**
 * Creates and sends a transfer in one call (see `createTransfer`).
 * @param client - The kit's client.
 * @param params - Source wallet, destination account, amount, description.
 * @param options - Signal and progress listener.
 * @returns The executed Quote (`COMPLETED`, with its `transactionId`).
 * @throws WalletAuthError `INVALID_INPUT`, `SESSION_EXPIRED`, `SESSION_KEY_MISSING`,
 * `AMOUNT_OUT_OF_RANGE`, `CONFLICT` and the signed retry's codes.
 */
export async function executeTransfer(
  client: WalletAuthClient,
  params: TransferParams,
  options: SignedActionOptions = {},
): Promise<Quote> {
  return createTransfer(client, params).send(options);
}
