/**
 * Verification documents (`POST /documents`, §14 rules 2–3): the accepted `documentType` values
 * per holder, the packet requirements they satisfy, and the file formats recognised by their bytes
 * ("any JPEG, PNG or PDF is accepted in sandbox").
 */
import type { CustomerType } from '../state/records.js';

/** Identity documents: individuals and beneficial owners. */
export const IDENTITY_DOCUMENT_TYPES = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] as const;
/** Business documents: BUSINESS customers. */
export const BUSINESS_DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'PROOF_OF_ADDRESS',
  'ARTICLES_OF_ASSOCIATION',
] as const;

/** Largest accepted file, in bytes (10 MiB). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** One document requirement of a complete packet, reported once when unmet. */
export interface DocumentRequirement {
  /** The requirement's name, reported as `documentType` in RESOLVE_ERRORS. */
  documentType: string;
  /** Upload types that satisfy it. */
  accepted: readonly string[];
}

/** The identity document of an individual (rule 2). */
export const IDENTITY_REQUIREMENT: DocumentRequirement = {
  documentType: 'IDENTITY_DOCUMENT',
  accepted: IDENTITY_DOCUMENT_TYPES,
};

/** The business documents of a business (rule 3). */
export const BUSINESS_REQUIREMENTS: readonly DocumentRequirement[] = [
  { documentType: 'CERTIFICATE_OF_INCORPORATION', accepted: ['CERTIFICATE_OF_INCORPORATION'] },
  { documentType: 'PROOF_OF_ADDRESS', accepted: ['PROOF_OF_ADDRESS'] },
];

/** `documentType` values a holder may upload: a business its business documents, people identity ones. */
export function acceptedDocumentTypes(
  holder: CustomerType | 'BENEFICIAL_OWNER',
): readonly string[] {
  return holder === 'BUSINESS' ? BUSINESS_DOCUMENT_TYPES : IDENTITY_DOCUMENT_TYPES;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * The format of a file judged by its leading bytes (never by its name or declared type):
 * `image/jpeg`, `image/png`, `application/pdf`, else `undefined`.
 */
export function detectDocumentFormat(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, JPEG_SIGNATURE)) {
    return 'image/jpeg';
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (startsWith(bytes, PDF_SIGNATURE)) {
    return 'application/pdf';
  }
  return undefined;
}
