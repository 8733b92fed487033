/**
 * `CUSTOMER.KYC_*` / `CUSTOMER.KYB_*` events (docs/service-api.md, Events): one each time a
 * customer's kycStatus or kybStatus changes, named `CUSTOMER.KYC_<STATUS>` for individuals and
 * `CUSTOMER.KYB_<STATUS>` for businesses (the exact names are the emulator's; the interface lists
 * only the prefixes), carrying the Customer record.
 */
import type { SandboxContext } from '../context.js';
import { serializeCustomer } from '../serialize.js';
import type { CustomerRecord } from '../state/records.js';

/** `CUSTOMER.KYC_<STATUS>` or `CUSTOMER.KYB_<STATUS>` for the customer's current status. */
export function customerStatusEventType(
  customer: Pick<CustomerRecord, 'customerType' | 'status'>,
): string {
  return `CUSTOMER.${customer.customerType === 'INDIVIDUAL' ? 'KYC' : 'KYB'}_${customer.status}`;
}

/** Emits the status event of `customer` as it now stands. */
export function emitCustomerStatus(ctx: SandboxContext, customer: CustomerRecord): void {
  ctx.events.emit(customerStatusEventType(customer), serializeCustomer(customer), customer.id);
}
