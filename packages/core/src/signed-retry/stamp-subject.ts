/**
 * What a stamp authorises, in terms a person can check, taken from the service records its
 * payload was checked to belong to (a `PayloadIntent` binding, checked before any stamp). A
 * signed action hands it to the stamper beside the payload: the session's own stamper ignores it,
 * a confirming stamper (the React kit's approval) shows it instead of anything the page says.
 */
import type { InternalAccount, Quote } from '../types.js';

/** A transfer: the quote the payload executes, and how to name its destination. */
export interface TransferSubject {
  kind: 'transfer';
  /**
   * The quote as the service created it (`POST /quotes`): amounts and currencies on both sides,
   * the exchange rate, the destination and `expiresAt`. The payload to sign is this quote's own.
   */
  quote: Quote;
  /**
   * The destination as the service lists it, when it is one of the customer's own accounts (e.g.
   * their USD account); `undefined` for another party's account.
   */
  destinationAccount: InternalAccount | undefined;
  /**
   * The caller's name for the destination account (e.g. "Demo shop"), fixed when the transfer
   * was created for that account id; `undefined` when none was given.
   */
  destinationName: string | undefined;
}

/** Everything a stamp can be shown as; one kind today. */
export type StampSubject = TransferSubject;
