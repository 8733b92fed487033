import {
  type SignedActionOptions,
  signedCallOptions,
  withSessionStamp,
} from '../session/signed-action.js';
import type { Customer } from '../types.js';
import type { WalletAuthClient } from '../wallet-auth-client.types.js';
import { assertResourceId, invalidInput } from './validate-input.js';

/** A new email address or a new phone number (E.164) — one per call (docs/protocol.md §11.6). */
export type ContactChange = { email: string } | { phoneNumber: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const e164Pattern = /^\+[1-9][0-9]{1,14}$/;

function validate(change: ContactChange): Record<string, string> {
  const record = (change ?? {}) as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== 1 || (keys[0] !== 'email' && keys[0] !== 'phoneNumber')) {
    throw invalidInput([
      { field: 'change', message: 'Change exactly one of email and phoneNumber per call.' },
    ]);
  }
  const field = keys[0];
  const value = record[field];
  if (field === 'email' && (typeof value !== 'string' || !emailPattern.test(value))) {
    throw invalidInput([{ field, message: 'email must be an email address.' }]);
  }
  if (field === 'phoneNumber' && (typeof value !== 'string' || !e164Pattern.test(value))) {
    throw invalidInput([
      { field, message: 'phoneNumber must be in E.164 form, e.g. +14155550100.' },
    ]);
  }
  return { [field]: value as string };
}

/**
 * Changes the customer's email or phone number (`PATCH /customers/{customerId}`, docs/protocol.md
 * §11.6): with a tied EMAIL_OTP / SMS_OTP credential the change is a signed retry stamped by this
 * device's session, and the service updates the credential's nickname with it.
 *
 * @param client - The kit's client.
 * @param customerId - `Customer:<uuid>`.
 * @param change - `{ email }` or `{ phoneNumber }`.
 * @param options - Signal and progress listener.
 * @returns The updated Customer.
 * @throws WalletAuthError `INVALID_INPUT` (before any network call: both fields, neither, a
 * malformed email or a non-E.164 number), `SESSION_EXPIRED`, `SESSION_KEY_MISSING` and the
 * signed retry's codes.
 * @example
 * await changeContact(client, customerId, { email: 'new@example.com' });
 */
export async function changeContact(
  client: WalletAuthClient,
  customerId: string,
  change: ContactChange,
  options: SignedActionOptions = {},
): Promise<Customer> {
  assertResourceId(customerId, 'Customer', 'customerId');
  const patch = validate(change);
  return withSessionStamp(client, ({ stamp }) =>
    client.api.updateCustomer(customerId, patch, signedCallOptions(stamp, options)),
  );
}
