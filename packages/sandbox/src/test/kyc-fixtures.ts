/**
 * KYC/KYB test fixtures: complete packets, document uploads as a client sends them
 * (`multipart/form-data`), and the event log of one customer.
 */
import { AUTH, BASE, type Harness, type TestResponse } from './harness.js';

/** The smallest files each accepted format is recognised by (their leading bytes). */
export const FILES = {
  jpeg: Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9),
  png: Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d),
  pdf: new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'),
};

/** Every field of a complete individual packet except the document (rule 2). */
export function individualPacket(fullName: string): Record<string, unknown> {
  return {
    customerType: 'INDIVIDUAL',
    fullName,
    birthDate: '1815-12-10',
    nationality: 'GB',
    idType: 'PASSPORT',
    identifier: 'X1234567',
    address: { line1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
  };
}

/** Complete business information with the given owners' last names (rule 3, documents apart). */
export function businessPacket(
  registrationNumber: string,
  ownerLastNames: string[] = ['Babbage'],
): Record<string, unknown> {
  return {
    customerType: 'BUSINESS',
    businessInfo: {
      legalName: 'Analytical Engines Ltd',
      registrationNumber,
      incorporationDate: '1843-07-01',
      incorporationCountry: 'GB',
      address: { line1: '1 Dorset St', city: 'London', postalCode: 'W1U 4EG', country: 'GB' },
    },
    beneficialOwners: ownerLastNames.map((lastName) => ({
      personalInfo: { firstName: 'Charles', lastName },
      ownershipPercentage: 30,
    })),
  };
}

/** Uploads a document as `multipart/form-data` (`file`, `documentType`, holder id). */
export async function upload(
  h: Harness,
  parts: {
    customerId?: string;
    beneficialOwnerId?: string;
    documentType?: string;
    file?: Uint8Array;
    fileName?: string;
    declaredType?: string;
  },
): Promise<TestResponse> {
  const form = new FormData();
  if (parts.file !== undefined) {
    form.set(
      'file',
      new Blob([parts.file as Uint8Array<ArrayBuffer>], {
        type: parts.declaredType ?? 'application/octet-stream',
      }),
      parts.fileName ?? 'scan.bin',
    );
  }
  for (const name of ['customerId', 'beneficialOwnerId', 'documentType'] as const) {
    if (parts[name] !== undefined) {
      form.set(name, parts[name]);
    }
  }
  const response = await h.sandbox.fetch(
    new Request(`${BASE}/documents`, {
      method: 'POST',
      headers: { Authorization: AUTH },
      body: form,
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

/** Creates a customer (201 expected) and returns its record. */
export async function create(h: Harness, body: Record<string, unknown>) {
  const response = await h.request('POST', '/customers', { body });
  if (response.status !== 201) {
    throw new Error(`customer creation failed: ${response.text}`);
  }
  return response.body;
}

/** `POST /verifications` for one customer. */
export function submit(h: Harness, customerId: string): Promise<TestResponse> {
  return h.request('POST', '/verifications', { body: { customerId } });
}

/** The types of the events logged for one customer, in order. */
export async function eventTypes(h: Harness, customerId: string): Promise<string[]> {
  const log = await h.request('GET', `/sandbox/events?customerId=${customerId}`);
  return log.body.data.map((event: { type: string }) => event.type);
}

/** A complete individual: packet fields and an identity document. */
export async function completeIndividual(
  h: Harness,
  fullName: string,
  extra: Record<string, unknown> = {},
) {
  const customer = await create(h, { ...individualPacket(fullName), ...extra });
  await upload(h, { customerId: customer.id, documentType: 'PASSPORT', file: FILES.jpeg });
  return customer;
}

/** A complete business: information, owners and both business documents. */
export async function completeBusiness(
  h: Harness,
  registrationNumber: string,
  ownerLastNames?: string[],
) {
  const customer = await create(h, businessPacket(registrationNumber, ownerLastNames));
  for (const documentType of ['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS']) {
    await upload(h, { customerId: customer.id, documentType, file: FILES.pdf });
  }
  return customer;
}
