/**
 * Customer verification status outside `POST /verifications` (docs/protocol.md §14; docs/service-api.md
 * "Sandbox verification outcomes"): the status at creation for each platform kind, and rule 1's
 * re-derivation when a PATCH changes the suffix-bearing field before the first submission.
 */
import type { SandboxPlatformOptions } from '../options.js';
import type { CustomerRecord, CustomerType, VerificationStatus } from '../state/records.js';
import { customerSuffixOutcome, suffixBearingValue } from './suffix-rules.js';

type Platform = Required<SandboxPlatformOptions>;

/** `kycStatus` for individuals, `kybStatus` for businesses. */
export function customerStatusField(customerType: CustomerType): 'kycStatus' | 'kybStatus' {
  return customerType === 'INDIVIDUAL' ? 'kycStatus' : 'kybStatus';
}

/** APPROVED and REJECTED are final (docs/service-api.md, Customer verification statuses). */
export function isFinalStatus(status: VerificationStatus): boolean {
  return status === 'APPROVED' || status === 'REJECTED';
}

/**
 * True when the platform resolves a status at creation (regulated, or unregulated with Skip
 * verification paperwork on); creation then emits the matching `CUSTOMER.KYC_*`/`KYB_*` event.
 * Otherwise the customer is created UNVERIFIED and nothing is resolved or emitted.
 */
export function resolvesAtCreation(platform: Platform): boolean {
  return platform.regulated || platform.skipVerificationPaperwork;
}

/**
 * Status at creation (§14 table): regulated → APPROVED, suffix not read; unregulated → UNVERIFIED;
 * Skip verification paperwork on → the suffix, with 003 (and the 003 individual) UNVERIFIED.
 */
export function initialCustomerStatus(
  platform: Platform,
  customer: Pick<CustomerRecord, 'customerType' | 'fields'>,
): VerificationStatus {
  if (platform.regulated) {
    return 'APPROVED';
  }
  if (!platform.skipVerificationPaperwork) {
    return 'UNVERIFIED';
  }
  const outcome = customerSuffixOutcome(customer);
  return outcome === 'POOR_QUALITY_DOCUMENT' ? 'UNVERIFIED' : outcome;
}

/** A beneficial owner's kycStatus when added: APPROVED on a regulated platform, else UNVERIFIED. */
export function initialOwnerStatus(platform: Platform): VerificationStatus {
  return platform.regulated ? 'APPROVED' : 'UNVERIFIED';
}

/**
 * Rule 1: before the first `POST /verifications`, a PATCH that changes `fullName` or
 * `registrationNumber` re-derives a non-final status from the new suffix. Final statuses, and
 * customers already submitted, keep theirs (renames re-derive nothing).
 */
export function statusAfterUpdate(
  platform: Platform,
  customer: Pick<CustomerRecord, 'customerType' | 'fields' | 'status'>,
  options: { previousSuffixValue: string | undefined; submitted: boolean },
): VerificationStatus {
  if (
    options.submitted ||
    isFinalStatus(customer.status) ||
    suffixBearingValue(customer) === options.previousSuffixValue
  ) {
    return customer.status;
  }
  return initialCustomerStatus(platform, customer);
}
