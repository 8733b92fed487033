/**
 * Reads what a `payloadToSign` authorises (docs/protocol.md §11.1: the activity JSON the service asks
 * the session to stamp), so the confirmation shows what the *payload* says, not what the caller
 * claims (catalogue UI-09). A transfer's payload names only its quote: its amounts, currencies,
 * rate, destination and expiry come from that quote, which the core checked the payload belongs
 * to before asking (the stamper's `subject`, catalogue UI-21).
 */
import type { Currency, InternalAccountType, StampSubject } from '@wallet-auth/core';

/** The kinds of action a confirmation can name; each has a sentence in `messages.confirm.actions`. */
export type SignedActionKind =
  | 'addCredential'
  | 'removeCredential'
  | 'refreshSession'
  | 'revokeSession'
  | 'exportWallet'
  | 'updatePrivacy'
  | 'updateContact'
  | 'transfer'
  | 'unknown';

/** A payload as the confirmation shows it. */
export interface ActivityDescription {
  kind: SignedActionKind;
  /** The activity `type`, e.g. `ACTIVITY_TYPE_EXPORT_WALLET`, when the payload is JSON. */
  type: string | undefined;
  /** Values a person can check (a new email or phone number); never keys or hashes. */
  facts: { name: 'email' | 'phone'; value: string }[];
  /** For a transfer: what its quote says (the payload itself names only the quote). */
  transfer?: TransferDescription | undefined;
}

/** An amount in a currency's smallest unit; the currency is unknown when the quote omits it. */
export interface QuotedAmount {
  amount: number;
  currency: Currency | undefined;
}

/** A transfer as its quote describes it. */
export interface TransferDescription {
  quoteId: string;
  /** What leaves the wallet. */
  sending: QuotedAmount;
  /** What reaches the destination (converted when the currencies differ). */
  receiving: QuotedAmount;
  /** Receiving major units per sending major unit, when the currencies differ. */
  exchangeRate: number | undefined;
  /** Fees included in the sending amount, when the quote says. */
  fees: QuotedAmount | undefined;
  /** Where the money goes: one of the customer's own accounts, or a named or unnamed other one. */
  destination:
    | { kind: 'own'; accountType: InternalAccountType; currency: string | undefined }
    | { kind: 'named'; name: string }
    | { kind: 'other'; accountId: string };
  /** The quote's `expiresAt`, epoch ms (`NaN` when it does not parse). */
  expiresAt: number;
}

const KINDS: readonly [string, SignedActionKind][] = [
  ['ACTIVITY_TYPE_CREATE_AUTHENTICATORS', 'addCredential'],
  ['ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', 'addCredential'],
  ['ACTIVITY_TYPE_DELETE_API_KEYS', 'revokeSession'],
  ['ACTIVITY_TYPE_DELETE_', 'removeCredential'],
  ['ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION', 'refreshSession'],
  ['ACTIVITY_TYPE_EXPORT_WALLET', 'exportWallet'],
  ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD', 'updatePrivacy'],
  ['ACTIVITY_TYPE_SIGN_TRANSACTION', 'transfer'],
  ['ACTIVITY_TYPE_UPDATE_USER_', 'updateContact'],
];

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Describes the quote of a transfer subject. */
function describeTransfer(subject: StampSubject): TransferDescription {
  const { quote, destinationAccount, destinationName } = subject;
  const sendingCode = quote.sendingCurrency?.code;
  const receivingCode = quote.receivingCurrency?.code;
  const crossCurrency =
    sendingCode !== undefined && receivingCode !== undefined && sendingCode !== receivingCode;
  let destination: TransferDescription['destination'];
  if (destinationAccount !== undefined) {
    destination = {
      kind: 'own',
      accountType: destinationAccount.type,
      currency: destinationAccount.balance?.currency?.code ?? receivingCode,
    };
  } else if (destinationName !== undefined) {
    destination = { kind: 'named', name: destinationName };
  } else {
    destination = { kind: 'other', accountId: quote.destination.accountId };
  }
  return {
    quoteId: quote.id,
    sending: { amount: quote.totalSendingAmount, currency: quote.sendingCurrency },
    receiving: { amount: quote.totalReceivingAmount, currency: quote.receivingCurrency },
    exchangeRate: crossCurrency ? quote.exchangeRate : undefined,
    fees:
      typeof quote.feesIncluded === 'number'
        ? { amount: quote.feesIncluded, currency: quote.sendingCurrency }
        : undefined,
    destination,
    expiresAt: Date.parse(quote.expiresAt),
  };
}

/**
 * Describes a `payloadToSign`. A payload that is not JSON, or has no known `type`, is `unknown`
 * (it is still the exact text that gets stamped), unless the core bound it to a transfer's quote.
 *
 * @param payloadToSign - The text from the 202 challenge.
 * @param subject - What the core checked the payload belongs to (the stamper's `subject`).
 */
export function describeActivity(
  payloadToSign: string,
  subject?: StampSubject,
): ActivityDescription {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = asRecord(JSON.parse(payloadToSign));
  } catch {
    parsed = undefined;
  }
  const type = typeof parsed?.type === 'string' ? parsed.type : undefined;
  const parameters = asRecord(parsed?.parameters) ?? {};
  let kind: SignedActionKind = 'unknown';
  if (type !== undefined) {
    kind = KINDS.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'unknown';
  }
  const facts: ActivityDescription['facts'] = [];
  const email = parameters.userEmail;
  const phone = parameters.userPhoneNumber;
  if (typeof email === 'string' && email !== '') {
    facts.push({ name: 'email', value: email });
  }
  if (typeof phone === 'string' && phone !== '') {
    facts.push({ name: 'phone', value: phone });
  }
  // An OTP credential is removed by updating its email or phone to an empty value (§11.1).
  if (kind === 'updateContact' && facts.length === 0) {
    kind = 'removeCredential';
  }
  // The core hands a transfer subject to the stamper only for the quote's own payload.
  if (subject?.kind === 'transfer' && (kind === 'transfer' || kind === 'unknown')) {
    return { kind: 'transfer', type, facts, transfer: describeTransfer(subject) };
  }
  return { kind, type, facts };
}
