/**
 * Customer verification status, kept in one small module so the KYC/KYB rules of wire-format §14
 * (suffixes, Skip verification paperwork, `POST /verifications`) can replace the defaults here.
 * Default: regulated platforms APPROVE at creation; unregulated ones leave customers UNVERIFIED.
 */
import type { SandboxPlatformOptions } from '../options.js';
import type { CustomerRecord, CustomerType, VerificationStatus } from '../state/records.js';

/** `kycStatus` for individuals, `kybStatus` for businesses. */
export function customerStatusField(customerType: CustomerType): 'kycStatus' | 'kybStatus' {
  return customerType === 'INDIVIDUAL' ? 'kycStatus' : 'kybStatus';
}

/** Status of a customer at creation (§14 table, first column only until issue 4). */
export function initialCustomerStatus(
  platform: Required<SandboxPlatformOptions>,
  _customer: Pick<CustomerRecord, 'customerType' | 'fields'>,
): VerificationStatus {
  return platform.regulated ? 'APPROVED' : 'UNVERIFIED';
}

/**
 * Status after a PATCH changed `changedFields`. APPROVED and REJECTED are final (§14 rules); the
 * default derivation reads no suffix, so a non-final status stays as it is.
 */
export function statusAfterUpdate(
  _platform: Required<SandboxPlatformOptions>,
  customer: Pick<CustomerRecord, 'customerType' | 'fields' | 'verificationStatus'>,
  _changedFields: readonly string[],
): VerificationStatus {
  return customer.verificationStatus;
}
