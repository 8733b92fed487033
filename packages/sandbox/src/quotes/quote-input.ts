/**
 * Request bodies of the transfer routes (docs/protocol.md §11.6): `POST /quotes` and the
 * deprecated `POST /transfer-in` / `POST /transfer-out`, which the change history maps onto a
 * quote executed at once (`amount` → lockedCurrencyAmount with lockedCurrencySide SENDING,
 * sourceType/destinationType ACCOUNT). Every invalid field is reported at once; unknown members
 * are ignored (§1).
 */
import { FieldErrors } from '../http/fields.js';

/** A validated transfer request, whichever route it came from. */
export interface QuoteRequest {
  sourceAccountId: string;
  destinationAccountId: string;
  amount: number;
  immediatelyExecute: boolean;
  description: string | undefined;
  /** Field names to report problems under (they differ between the two body shapes). */
  fields: { source: string; destination: string; amount: string };
}

function amount(errors: FieldErrors, body: Record<string, unknown>, name: string) {
  return errors.integer(body, name, { required: true, min: 1, max: Number.MAX_SAFE_INTEGER });
}

function description(errors: FieldErrors, body: Record<string, unknown>) {
  return errors.string(body, 'description', { minLength: 1, maxLength: 255 });
}

function side(
  errors: FieldErrors,
  body: Record<string, unknown>,
  name: 'source' | 'destination',
  typeMember: string | undefined,
): string | undefined {
  const value = errors.object(body, name, true);
  if (value === undefined) {
    return undefined;
  }
  if (typeMember !== undefined) {
    errors.string(value, typeMember, { required: true, enum: ['ACCOUNT'] }, `${name}.`);
  }
  return errors.id(value, 'accountId', 'InternalAccount', true, `${name}.`);
}

/** `POST /quotes` `{source: {sourceType, accountId}, destination: {destinationType, accountId}, lockedCurrencySide, lockedCurrencyAmount, immediatelyExecute?, description?}`. */
export function readQuoteBody(body: Record<string, unknown>): QuoteRequest {
  const errors = new FieldErrors();
  const source = side(errors, body, 'source', 'sourceType');
  const destination = side(errors, body, 'destination', 'destinationType');
  errors.string(body, 'lockedCurrencySide', { required: true, enum: ['SENDING'] });
  const locked = amount(errors, body, 'lockedCurrencyAmount');
  const immediatelyExecute = errors.boolean(body, 'immediatelyExecute', false);
  const text = description(errors, body);
  errors.throwIfAny();
  return {
    sourceAccountId: source!,
    destinationAccountId: destination!,
    amount: locked!,
    immediatelyExecute: immediatelyExecute ?? false,
    description: text,
    fields: {
      source: 'source.accountId',
      destination: 'destination.accountId',
      amount: 'lockedCurrencyAmount',
    },
  };
}

/** `POST /transfer-in` and `POST /transfer-out` `{source: {accountId}, destination: {accountId}, amount}`. */
export function readTransferBody(body: Record<string, unknown>): QuoteRequest {
  const errors = new FieldErrors();
  const source = side(errors, body, 'source', undefined);
  const destination = side(errors, body, 'destination', undefined);
  const value = amount(errors, body, 'amount');
  const text = description(errors, body);
  errors.throwIfAny();
  return {
    sourceAccountId: source!,
    destinationAccountId: destination!,
    amount: value!,
    immediatelyExecute: true,
    description: text,
    fields: { source: 'source.accountId', destination: 'destination.accountId', amount: 'amount' },
  };
}
