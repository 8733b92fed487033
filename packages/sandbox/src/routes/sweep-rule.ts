/**
 * The SweepRule of a RULE_BASED account (docs/service-api.md, SweepRule; docs/protocol.md §11.6): a
 * destination internal account, optional floor and ceiling in the rule-based account's currency,
 * and free-form notes. Request amounts are `{amount, currency: {code}}` (or a bare code string).
 */
import { isJsonObject } from '../crypto/encoding.js';
import type { FieldErrors } from '../http/fields.js';
import type { Currency } from '../state/records.js';

/** A validated rule, rendered once the account currency is known. */
export interface SweepRuleInput {
  destinationAccountId: string;
  render: (currency: Currency) => Record<string, unknown>;
}

function readAmount(
  errors: FieldErrors,
  rule: Record<string, unknown>,
  name: string,
  currencyCode: string | undefined,
): number | undefined {
  const value = errors.object(rule, name, false, 'sweepRule.');
  if (value === undefined) {
    return undefined;
  }
  const amount = errors.integer(value, 'amount', { required: true, min: 0 }, `sweepRule.${name}.`);
  const currency = value.currency;
  const code =
    typeof currency === 'string' ? currency : isJsonObject(currency) ? currency.code : undefined;
  if (code === undefined || (currencyCode !== undefined && code !== currencyCode)) {
    errors.add(`sweepRule.${name}.currency`, "Must be the rule-based account's currency");
    return undefined;
  }
  return amount;
}

/** Reads `sweepRule`, recording every invalid member. */
export function readSweepRule(
  errors: FieldErrors,
  rule: Record<string, unknown>,
  currencyCode: string | undefined,
): SweepRuleInput | undefined {
  const destination = errors.object(rule, 'destination', true, 'sweepRule.');
  const destinationAccountId =
    destination === undefined
      ? undefined
      : errors.id(destination, 'accountId', 'InternalAccount', true, 'sweepRule.destination.');
  const minimum = readAmount(errors, rule, 'minimumAmount', currencyCode);
  const maximum = readAmount(errors, rule, 'maximumAmount', currencyCode);
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    errors.add('sweepRule.maximumAmount', 'Must not be below minimumAmount');
  }
  const purposeOfPayment = errors.string(
    rule,
    'purposeOfPayment',
    { pattern: /^[A-Z][A-Z_]{1,63}$/ },
    'sweepRule.',
  );
  const description = errors.string(rule, 'description', { maxLength: 255 }, 'sweepRule.');
  const remittanceInformation = errors.string(
    rule,
    'remittanceInformation',
    { maxLength: 255 },
    'sweepRule.',
  );
  const platformFeeOverride = errors.object(rule, 'platformFeeOverride', false, 'sweepRule.');
  if (destinationAccountId === undefined) {
    return undefined;
  }
  return {
    destinationAccountId,
    render: (currency) => ({
      destination: { accountId: destinationAccountId },
      minimumAmount: { amount: minimum ?? 0, currency },
      maximumAmount: maximum === undefined ? null : { amount: maximum, currency },
      ...(purposeOfPayment === undefined ? {} : { purposeOfPayment }),
      ...(description === undefined ? {} : { description }),
      ...(remittanceInformation === undefined ? {} : { remittanceInformation }),
      platformFeeOverride: platformFeeOverride ?? null,
    }),
  };
}
