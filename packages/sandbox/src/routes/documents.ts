/**
 * `POST /documents` (docs/protocol.md §14 rule 2: any JPEG, PNG or PDF in sandbox): a
 * `multipart/form-data` body with a `file` part, a `documentType` and exactly one of `customerId`
 * or `beneficialOwnerId`. The format is recognised by the file's bytes, never its name or declared
 * type; anything else, an empty file or one over 10 MiB is 400 `INVALID_INPUT` naming `file`.
 * Answers 201 with the Document record; the bytes are hashed, not kept.
 */
import { type Context, Hono } from 'hono';
import { invalidField, invalidInput, notFound } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { sha256Hex } from '../crypto/sha256.js';
import { FieldErrors } from '../http/fields.js';
import {
  acceptedDocumentTypes,
  BUSINESS_DOCUMENT_TYPES,
  detectDocumentFormat,
  IDENTITY_DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
} from '../kyc/document-types.js';
import { serializeDocument } from '../serialize.js';
import type { CustomerRecord, DocumentRecord } from '../state/records.js';

const MULTIPART = /^multipart\/form-data\s*;\s*boundary=/i;
const ALL_TYPES = [...IDENTITY_DOCUMENT_TYPES, ...BUSINESS_DOCUMENT_TYPES];
const TEXT_PARTS = ['documentType', 'customerId', 'beneficialOwnerId'] as const;

async function readForm(c: Context): Promise<FormData> {
  if (!MULTIPART.test(c.req.header('Content-Type') ?? '')) {
    throw invalidField('body', 'Content-Type must be multipart/form-data with a file part', {
      format: 'multipart/form-data',
    });
  }
  try {
    return await c.req.raw.formData();
  } catch {
    throw invalidField('body', 'Body is not valid multipart/form-data');
  }
}

/** The parts as text (a file where text is expected, or a repeated part, is an error). */
function textParts(form: FormData, errors: FieldErrors): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of TEXT_PARTS) {
    const all = form.getAll(name);
    if (all.length > 1) {
      errors.add(name, 'Must be given at most once');
    } else if (all.length === 1) {
      values[name] = typeof all[0] === 'string' ? all[0] : { file: true };
    }
  }
  return values;
}

async function readFile(
  form: FormData,
  errors: FieldErrors,
): Promise<{ bytes: Uint8Array; name: string; format: string } | undefined> {
  const parts = form.getAll('file');
  const file = parts[0];
  if (parts.length !== 1 || typeof file === 'string' || file === undefined) {
    errors.add('file', parts.length > 1 ? 'Must be given once' : 'Required: a file part');
    return undefined;
  }
  if (file.size > MAX_DOCUMENT_BYTES) {
    errors.add('file', 'Must be at most 10 MiB', { maxLength: MAX_DOCUMENT_BYTES });
    return undefined;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = detectDocumentFormat(bytes);
  if (format === undefined) {
    errors.add(
      'file',
      bytes.length === 0
        ? 'Must not be empty'
        : 'Must be a JPEG, PNG or PDF file (judged by its bytes)',
      { enum: ['image/jpeg', 'image/png', 'application/pdf'] },
    );
    return undefined;
  }
  const name = [...(file.name || 'document')].slice(0, 255).join('');
  return { bytes, name, format };
}

/** The holder: a customer, or a beneficial owner (and its customer). */
function findHolder(
  ctx: SandboxContext,
  ids: { customerId: string | undefined; beneficialOwnerId: string | undefined },
): { customer: CustomerRecord; ownerId: string | undefined } {
  if (ids.customerId !== undefined) {
    const customer = ctx.state.customers.get(ids.customerId);
    if (customer === undefined) {
      throw notFound('Customer');
    }
    return { customer, ownerId: undefined };
  }
  for (const customer of ctx.state.customers.values()) {
    if (customer.owners.some((owner) => owner.id === ids.beneficialOwnerId)) {
      return { customer, ownerId: ids.beneficialOwnerId };
    }
  }
  throw notFound('Beneficial owner');
}

/** The documents sub-app. */
export function documentsRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  app.post('/documents', async (c) => {
    const form = await readForm(c);
    const errors = new FieldErrors();
    const parts = textParts(form, errors);
    const documentType = errors.string(parts, 'documentType', { required: true, enum: ALL_TYPES });
    const customerId = errors.id(parts, 'customerId', 'Customer', false);
    const beneficialOwnerId = errors.id(parts, 'beneficialOwnerId', 'BeneficialOwner', false);
    if ((parts.customerId === undefined) === (parts.beneficialOwnerId === undefined)) {
      errors.add('customerId', 'Give exactly one of customerId or beneficialOwnerId');
    }
    const file = await readFile(form, errors);
    errors.throwIfAny();
    const holder = findHolder(ctx, { customerId, beneficialOwnerId });
    const accepted = acceptedDocumentTypes(
      holder.ownerId === undefined ? holder.customer.customerType : 'BENEFICIAL_OWNER',
    );
    if (!accepted.includes(documentType!)) {
      throw invalidInput([
        {
          field: 'documentType',
          constraint: { enum: [...accepted] },
          message: `Not accepted for ${holder.ownerId === undefined ? `${holder.customer.customerType} customers` : 'beneficial owners'}`,
        },
      ]);
    }
    const record: DocumentRecord = {
      id: ctx.state.newId('Document'),
      customerId: holder.customer.id,
      beneficialOwnerId: holder.ownerId,
      documentType: documentType!,
      fileName: file!.name,
      contentType: file!.format,
      size: file!.bytes.length,
      sha256: sha256Hex(file!.bytes),
      createdAt: ctx.state.now(),
    };
    ctx.state.documents.set(record.id, record);
    return c.json(serializeDocument(record), 201);
  });
  return app;
}
