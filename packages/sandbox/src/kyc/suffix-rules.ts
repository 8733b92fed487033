/**
 * The sandbox's magic suffixes (docs/protocol.md §14, the interface's table and the [PF] gaps): which
 * field carries the suffix, and what each suffix selects for customers and beneficial owners.
 */
import { KYC_SUFFIXES } from '../magic-values.js';
import type { BeneficialOwnerRecord, CustomerRecord } from '../state/records.js';

/**
 * What a suffix selects for an individual or a business: PENDING (001), REJECTED (002),
 * RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT (003), APPROVED (anything else, an absent value too).
 */
export type SuffixOutcome = 'PENDING' | 'REJECTED' | 'POOR_QUALITY_DOCUMENT' | 'APPROVED';

/** What a suffix selects for a beneficial owner: 001 PENDING, 002 REJECTED, else APPROVED. */
export type OwnerSuffixOutcome = 'PENDING' | 'REJECTED' | 'APPROVED';

/** The last 3 characters (code points) of a string field, else `undefined`. */
export function lastThree(value: unknown): string | undefined {
  return typeof value === 'string' ? [...value].slice(-3).join('') : undefined;
}

/** The suffix-bearing value: `fullName` (INDIVIDUAL) or `businessInfo.registrationNumber`. */
export function suffixBearingValue(
  customer: Pick<CustomerRecord, 'customerType' | 'fields'>,
): string | undefined {
  if (customer.customerType === 'INDIVIDUAL') {
    const name = customer.fields.fullName;
    return typeof name === 'string' ? name : undefined;
  }
  const info = customer.fields.businessInfo as Record<string, unknown> | undefined;
  const number = info?.registrationNumber;
  return typeof number === 'string' ? number : undefined;
}

/** The §14 outcome a customer's suffix selects (same table for individuals and businesses). */
export function customerSuffixOutcome(
  customer: Pick<CustomerRecord, 'customerType' | 'fields'>,
): SuffixOutcome {
  switch (lastThree(suffixBearingValue(customer))) {
    case KYC_SUFFIXES.pending: {
      return 'PENDING';
    }
    case KYC_SUFFIXES.rejected: {
      return 'REJECTED';
    }
    case KYC_SUFFIXES.poorQualityDocument: {
      return 'POOR_QUALITY_DOCUMENT';
    }
    default: {
      return 'APPROVED';
    }
  }
}

/** The §14 [PF] owner outcome of `personalInfo.lastName`. */
export function ownerSuffixOutcome(
  owner: Pick<BeneficialOwnerRecord, 'personalInfo'>,
): OwnerSuffixOutcome {
  switch (lastThree(owner.personalInfo.lastName)) {
    case KYC_SUFFIXES.pending: {
      return 'PENDING';
    }
    case KYC_SUFFIXES.rejected: {
      return 'REJECTED';
    }
    default: {
      return 'APPROVED';
    }
  }
}
