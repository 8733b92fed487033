import { bytesToHex } from '../encoding/hex.js';
import { hasServiceReason } from '../errors/service-reasons.js';
import { isWalletAuthError, type WalletAuthError } from '../errors/wallet-auth-error.js';
import { randomBytes } from '../internal/web-crypto.js';
import {
  type SignedActionOptions,
  signedCallOptions,
  withSessionStamp,
} from '../session/signed-action.js';
import type { PayloadStamper } from '../signed-retry/signed-retry.js';
import type { TransferSubject } from '../signed-retry/stamp-subject.js';
import type { InternalAccount, Quote } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import {
  assertFunds,
  assertQuoteMatches,
  payloadNotOfQuote,
  quoteExpired,
  quotePayloadCheck,
  readTransferAccounts,
} from './transfer-checks.js';
import { assertResourceId, invalidInput } from './validate-input.js';

/**
 * A transfer from the wallet (docs/protocol.md §11.6 `POST /quotes`): to an account in the wallet's
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
  /**
   * How the approval names the destination when it is not one of the customer's own accounts
   * (those are named from the account list), e.g. "Demo shop": 1 to 100 characters, fixed for
   * the transfer's life.
   */
  destinationName?: string;
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
  const name = params.destinationName;
  if (
    name !== undefined &&
    (typeof name !== 'string' ||
      name.trim() === '' ||
      name.length > 100 ||
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
      /[\u0000-\u001f\u007f]/.test(name))
  ) {
    errors.push({
      field: 'destinationName',
      message: 'destinationName must be 1 to 100 printable characters.',
    });
  }
  if (errors.length > 0) {
    throw invalidInput(errors);
  }
}

/**
 * Prepares a transfer from the embedded wallet (docs/protocol.md §11.6): `POST /quotes` then
 * `POST /quotes/{quoteId}/execute` as a signed retry with an `Idempotency-Key` generated here,
 * once, and reused on every resend of this transfer.
 *
 * Before anyone is asked to approve it: the wallet's balance is read and an amount over it is
 * refused (no quote is made); the quote is checked to be the transfer asked for; the payload to
 * sign is checked to be that quote's own; and a quote past its `expiresAt` is refused. The
 * stamper then receives a `TransferSubject` (the quote's amounts, currencies, rate, destination
 * and expiry) beside the payload, which the React kit's approval shows.
 *
 * @param client - The kit's client.
 * @param params - Source wallet, destination account, amount, description, destination name.
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
  let ownDestination: InternalAccount | undefined;
  let sending: Promise<Quote> | undefined;
  /** An execute was sent: a resend must reach the service, which may have executed it. */
  let executeSent = false;
  const lapsed = (current: Quote) => Date.parse(current.expiresAt) <= client.clock.now();

  async function prepare(signal: AbortSignal | undefined): Promise<Quote> {
    // Defect 2 of issue 21: what can be checked is checked before a signature is asked for.
    const accounts = await readTransferAccounts(client, params, signal);
    assertFunds(accounts.source, params.amount);
    const created = await client.api.createQuote(
      {
        source: { sourceType: 'ACCOUNT', accountId: params.sourceAccountId },
        destination: { destinationType: 'ACCOUNT', accountId: params.destinationAccountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: params.amount,
        ...(params.description === undefined ? {} : { description: params.description }),
      },
      signal,
    );
    assertQuoteMatches(created, params);
    ownDestination = accounts.ownDestination;
    return created;
  }

  async function send(actionOptions: SignedActionOptions = {}): Promise<Quote> {
    return withSessionStamp(client, async ({ stamp }) => {
      quote ??= await prepare(actionOptions.signal);
      const current = quote;
      if (!executeSent && lapsed(current)) {
        throw quoteExpired(current);
      }
      const belongs = await quotePayloadCheck(current);
      const subject: TransferSubject = {
        kind: 'transfer',
        quote: current,
        destinationAccount: ownDestination,
        destinationName: params.destinationName,
      };
      // The payload is the quote's own and the quote is still good before anyone is asked, and
      // again after the approval: a quote that lapsed meanwhile is never signed for.
      const transferStamp: PayloadStamper = async (payloadToSign) => {
        if (!belongs(payloadToSign)) {
          throw payloadNotOfQuote(current);
        }
        if (lapsed(current)) {
          throw quoteExpired(current);
        }
        const signature = await stamp(payloadToSign, subject);
        if (lapsed(current)) {
          throw quoteExpired(current);
        }
        return signature;
      };
      let executed: Quote;
      executeSent = true;
      try {
        executed = await client.api.executeQuote(
          current.id,
          idempotencyKey,
          signedCallOptions(transferStamp, actionOptions),
        );
      } catch (error) {
        // A quote executed after its expiresAt is refused with 400 INVALID_INPUT (§11.6): that is
        // not a typing mistake but a lapsed price, so say so — a new send makes a new quote.
        if (isQuoteExpired(error, current, () => client.clock.now())) {
          throw quoteExpired(current, error);
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
 * `AMOUNT_OUT_OF_RANGE` (also before any quote, from the balance), `PAYLOAD_INTENT_MISMATCH`
 * (a quote or payload that is not the transfer asked for), `CHALLENGE_EXPIRED` (the quote
 * lapsed; `details.quoteId`), `CONFLICT` and the signed retry's codes.
 */
export async function executeTransfer(
  client: WalletAuthClient,
  params: TransferParams,
  options: SignedActionOptions = {},
): Promise<Quote> {
  return createTransfer(client, params).send(options);
}
