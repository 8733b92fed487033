/**
 * Packet completeness (docs/protocol.md §14 rules 2–3): every missing field and every unmet document
 * requirement, one RESOLVE_ERRORS entry each, in a stable order.
 */
import type { CustomerRecord, DocumentRecord, VerificationError } from '../state/records.js';
import {
  BUSINESS_REQUIREMENTS,
  type DocumentRequirement,
  IDENTITY_REQUIREMENT,
} from './document-types.js';

/** Fields of a complete individual packet (rule 2), in the order they are reported. */
export const INDIVIDUAL_PACKET_FIELDS = [
  'fullName',
  'birthDate',
  'nationality',
  'idType',
  'identifier',
  'address',
] as const;

/** `businessInfo` members of complete business information (rule 3). */
export const BUSINESS_PACKET_FIELDS = [
  'legalName',
  'registrationNumber',
  'incorporationDate',
  'incorporationCountry',
  'address',
] as const;

function missingField(field: string, message = `${field} is required`): VerificationError {
  return { type: 'MISSING_FIELD', field, message };
}

function unmet(
  requirement: DocumentRequirement,
  documents: readonly DocumentRecord[],
): VerificationError | undefined {
  const met = documents.some((document) => requirement.accepted.includes(document.documentType));
  return met
    ? undefined
    : {
        type: 'MISSING_DOCUMENT',
        documentType: requirement.documentType,
        acceptedDocumentTypes: [...requirement.accepted],
        message: `Upload a ${requirement.documentType} document with POST /documents`,
      };
}

/**
 * Everything a packet lacks. Only documents attached to the customer itself count (owners'
 * documents are recorded but not required, rule 3 asks for owners, not their papers).
 */
export function packetErrors(
  customer: Pick<CustomerRecord, 'customerType' | 'fields' | 'owners'>,
  documents: readonly DocumentRecord[],
): VerificationError[] {
  const own = documents.filter((document) => document.beneficialOwnerId === undefined);
  const errors: VerificationError[] = [];
  if (customer.customerType === 'INDIVIDUAL') {
    for (const field of INDIVIDUAL_PACKET_FIELDS) {
      if (customer.fields[field] === undefined) {
        errors.push(missingField(field));
      }
    }
    const identity = unmet(IDENTITY_REQUIREMENT, own);
    if (identity !== undefined) {
      errors.push(identity);
    }
    return errors;
  }
  const info = (customer.fields.businessInfo ?? {}) as Record<string, unknown>;
  for (const field of BUSINESS_PACKET_FIELDS) {
    if (info[field] === undefined) {
      errors.push(missingField(`businessInfo.${field}`));
    }
  }
  if (customer.owners.length === 0) {
    errors.push(missingField('beneficialOwners', 'At least one beneficial owner is required'));
  }
  for (const requirement of BUSINESS_REQUIREMENTS) {
    const error = unmet(requirement, own);
    if (error !== undefined) {
      errors.push(error);
    }
  }
  return errors;
}

/**
 * The POOR_QUALITY_DOCUMENT entry of a 003 suffix: it names the identity document (individual)
 * or the certificate of incorporation (business), and the latest such upload when there is one.
 */
export function poorQualityError(
  customer: Pick<CustomerRecord, 'customerType'>,
  documents: readonly DocumentRecord[],
): VerificationError {
  const requirement =
    customer.customerType === 'INDIVIDUAL' ? IDENTITY_REQUIREMENT : BUSINESS_REQUIREMENTS[0]!;
  const latest = documents
    .filter(
      (document) =>
        document.beneficialOwnerId === undefined &&
        requirement.accepted.includes(document.documentType),
    )
    .at(-1);
  return {
    type: 'POOR_QUALITY_DOCUMENT',
    documentType: requirement.documentType,
    ...(latest === undefined ? {} : { documentId: latest.id }),
    message: 'The document is of poor quality; upload a clearer copy',
  };
}
