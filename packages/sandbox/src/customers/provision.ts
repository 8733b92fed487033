/**
 * Customer creation and provisioning (docs/protocol.md §11.6): one INTERNAL_FIAT USD account and one
 * EMBEDDED_WALLET account, PENDING then ACTIVE after `platform.accountActivationSeconds`; the
 * wallet starts with an EMAIL_OTP credential named after the customer email, and an SMS_OTP one
 * for a `phoneNumber` when `platform.smsOtpCredentials` is on.
 */
import type { SandboxContext } from '../context.js';
import { emitCustomerStatus } from '../kyc/customer-events.js';
import { initialCustomerStatus, resolvesAtCreation } from '../kyc/customer-status.js';
import { checkOwnerIds, type OwnerInput, replaceOwners } from '../kyc/owners.js';
import { CURRENCIES } from '../money/currencies.js';
import type {
  CredentialRecord,
  CredentialType,
  CustomerRecord,
  InternalAccountRecord,
} from '../state/records.js';
import type { CustomerInput } from './customer-fields.js';

/** A created customer and what was provisioned for it. */
export interface ProvisionedCustomer {
  customer: CustomerRecord;
  fiatAccount: InternalAccountRecord;
  wallet: InternalAccountRecord;
  credentials: CredentialRecord[];
}

/** Adds a credential record to an account (no checks: callers validate first). */
export function addCredential(
  ctx: SandboxContext,
  input: Omit<CredentialRecord, 'id' | 'createdAt' | 'updatedAt'>,
): CredentialRecord {
  const now = ctx.state.now();
  const record: CredentialRecord = {
    id: ctx.state.newId('AuthMethod'),
    createdAt: now,
    updatedAt: now,
    ...input,
  };
  ctx.state.credentials.set(record.id, record);
  return record;
}

/**
 * Creates a customer from validated input and provisions its accounts and credentials. Its status
 * follows the §14 table; where the platform resolves it at creation (regulated, or Skip
 * verification paperwork on) the matching `CUSTOMER.KYC_*`/`KYB_*` event is the only one emitted.
 */
export function provisionCustomer(
  ctx: SandboxContext,
  input: CustomerInput & { customerType: NonNullable<CustomerInput['customerType']> },
): ProvisionedCustomer {
  const now = ctx.state.now();
  const { beneficialOwners, ...fields } = input.fields;
  const ownerInput = (beneficialOwners ?? []) as OwnerInput[];
  checkOwnerIds(undefined, ownerInput);
  const customer: CustomerRecord = {
    id: ctx.state.newId('Customer'),
    customerType: input.customerType,
    fields,
    owners: [],
    status: 'UNVERIFIED',
    createdAt: now,
    updatedAt: now,
  };
  customer.owners = replaceOwners(ctx, customer, ownerInput);
  customer.status = initialCustomerStatus(ctx.options.platform, customer);
  ctx.state.customers.set(customer.id, customer);
  const fiatAccount = ctx.state.createAccount({
    customerId: customer.id,
    type: 'INTERNAL_FIAT',
    currency: CURRENCIES.USD!,
  });
  const wallet = ctx.state.createAccount({
    customerId: customer.id,
    type: 'EMBEDDED_WALLET',
    currency: CURRENCIES.USDC!,
  });
  const credentials: CredentialRecord[] = [];
  const contact = (type: CredentialType, nickname: unknown) => {
    if (typeof nickname === 'string') {
      credentials.push(addCredential(ctx, { accountId: wallet.id, type, nickname }));
    }
  };
  contact('EMAIL_OTP', input.fields.email);
  if (ctx.options.platform.smsOtpCredentials) {
    contact('SMS_OTP', input.fields.phoneNumber);
  }
  if (resolvesAtCreation(ctx.options.platform)) {
    emitCustomerStatus(ctx, customer);
  }
  return { customer, fiatAccount, wallet, credentials };
}
