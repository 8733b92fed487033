/**
 * What one `POST /verifications` decides (docs/protocol.md §14 table and rules 2–6), as a pure function
 * of the platform kind, the customer, its owners and its documents: the verification status, its
 * errors, the customer's new status and the owners resolved at the same moment.
 */
import type { SandboxPlatformOptions } from '../options.js';
import type {
  BeneficialOwnerRecord,
  CustomerRecord,
  DocumentRecord,
  VerificationError,
  VerificationOutcome,
  VerificationStatus,
} from '../state/records.js';
import { packetErrors, poorQualityError } from './packet.js';
import { customerSuffixOutcome, ownerSuffixOutcome, type SuffixOutcome } from './suffix-rules.js';

/** The outcome of one submission. */
export interface SubmissionDecision {
  verificationStatus: Exclude<VerificationOutcome, 'IN_PROGRESS'>;
  errors: VerificationError[];
  /** The customer's kycStatus/kybStatus after the submission. */
  customerStatus: VerificationStatus;
  /** New kycStatus of the owners resolved now, by owner id; owners not listed keep theirs. */
  ownerStatuses: ReadonlyMap<string, VerificationStatus>;
}

/**
 * Rule 5: owners resolve with the business from their `lastName` suffix — except that a 001
 * business reads no owner suffix (every owner PENDING), and on a 003 business an owner with an
 * approving suffix keeps its status until the business reaches a final outcome.
 */
function resolveOwners(
  owners: readonly BeneficialOwnerRecord[],
  business: SuffixOutcome,
): Map<string, VerificationStatus> {
  const statuses = new Map<string, VerificationStatus>();
  for (const owner of owners) {
    if (business === 'PENDING') {
      statuses.set(owner.id, 'PENDING');
      continue;
    }
    const own = ownerSuffixOutcome(owner);
    if (business === 'POOR_QUALITY_DOCUMENT' && own === 'APPROVED') {
      continue;
    }
    statuses.set(owner.id, own);
  }
  return statuses;
}

function fromSuffix(
  customer: Pick<CustomerRecord, 'customerType' | 'owners' | 'status'>,
  outcome: SuffixOutcome,
  documents: readonly DocumentRecord[],
): SubmissionDecision {
  const ownerStatuses =
    customer.customerType === 'BUSINESS' ? resolveOwners(customer.owners, outcome) : new Map();
  switch (outcome) {
    case 'PENDING': {
      return {
        verificationStatus: 'PENDING_MANUAL_REVIEW',
        errors: [],
        customerStatus: 'PENDING',
        ownerStatuses,
      };
    }
    case 'REJECTED': {
      return {
        verificationStatus: 'REJECTED',
        errors: [],
        customerStatus: 'REJECTED',
        ownerStatuses,
      };
    }
    case 'POOR_QUALITY_DOCUMENT': {
      return {
        verificationStatus: 'RESOLVE_ERRORS',
        errors: [poorQualityError(customer, documents)],
        customerStatus: customer.status,
        ownerStatuses,
      };
    }
    case 'APPROVED': {
      return {
        verificationStatus: 'APPROVED',
        errors: [],
        customerStatus: 'APPROVED',
        ownerStatuses,
      };
    }
    default: {
      return outcome satisfies never;
    }
  }
}

/**
 * Decides a submission of a non-final customer. The packet is checked first and an incomplete one
 * answers RESOLVE_ERRORS whatever the suffix (so an incomplete 002 business reports missing data
 * before it rejects); only with Skip verification paperwork on is a business's suffix read first,
 * so a 003 business answers POOR_QUALITY_DOCUMENT without a packet.
 */
export function decideSubmission(
  platform: Required<SandboxPlatformOptions>,
  customer: Pick<CustomerRecord, 'customerType' | 'fields' | 'owners' | 'status'>,
  documents: readonly DocumentRecord[],
): SubmissionDecision {
  const outcome = customerSuffixOutcome(customer);
  if (
    customer.customerType === 'BUSINESS' &&
    platform.skipVerificationPaperwork &&
    outcome === 'POOR_QUALITY_DOCUMENT'
  ) {
    return fromSuffix(customer, outcome, documents);
  }
  const missing = packetErrors(customer, documents);
  if (missing.length > 0) {
    return {
      verificationStatus: 'RESOLVE_ERRORS',
      errors: missing,
      customerStatus: customer.status,
      ownerStatuses: new Map(),
    };
  }
  return fromSuffix(customer, outcome, documents);
}
