/**
 * Validation of the customer fields of docs/protocol.md §11.6, for `POST /customers` (all) and
 * `PATCH /customers/{customerId}` (any subset). Every invalid field is collected; unknown members
 * are ignored (§1). The shapes the interface leaves open (address, business info, owners, terms
 * consent) are the emulator's, kept small and strict.
 */
import { ApiError } from '../api-error.js';
import { isJsonObject } from '../crypto/encoding.js';
import { FieldErrors } from '../http/fields.js';
import { END_USER_TERMS } from '../magic-values.js';
import type { CustomerType } from '../state/records.js';

/** `customerType` values (§11.6). */
export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
const E164 = /^\+[1-9]\d{1,14}$/;
const COUNTRY = /^[A-Z]{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const ID_TYPE = /^[A-Z][A-Z0-9_]{1,63}$/;
const IP_ADDRESS =
  /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}|[0-9a-fA-F:]{2,39})$/;

/** The §11.6 fields in the order they are stored and rendered. */
export const CUSTOMER_FIELDS = [
  'platformCustomerId',
  'email',
  'phoneNumber',
  'fullName',
  'birthDate',
  'nationality',
  'address',
  'idType',
  'identifier',
  'countryOfIssuance',
  'businessInfo',
  'beneficialOwners',
  'endUserTermsConsent',
] as const;

/** Validated input of a create or update. */
export interface CustomerInput {
  customerType: CustomerType | undefined;
  /** Only the fields that were sent, validated. */
  fields: Record<string, unknown>;
}

function isRealDate(text: string, notAfter: number): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(text) && time <= notAfter;
}

function date(
  errors: FieldErrors,
  object: Record<string, unknown>,
  name: string,
  now: number,
  prefix = '',
) {
  const value = errors.string(
    object,
    name,
    { pattern: DATE, format: 'date', message: 'Must be a date YYYY-MM-DD' },
    prefix,
  );
  if (value !== undefined && !isRealDate(value, now)) {
    errors.add(`${prefix}${name}`, 'Must be a real date, not in the future', { format: 'date' });
    return undefined;
  }
  return value;
}

function country(
  errors: FieldErrors,
  object: Record<string, unknown>,
  name: string,
  required: boolean,
  prefix = '',
) {
  return errors.string(
    object,
    name,
    {
      required,
      pattern: COUNTRY,
      format: 'iso3166-1-alpha-2',
      message: 'Must be an ISO 3166-1 alpha-2 code',
    },
    prefix,
  );
}

function text(
  errors: FieldErrors,
  object: Record<string, unknown>,
  name: string,
  required: boolean,
  maxLength: number,
  prefix = '',
) {
  return errors.string(object, name, { required, minLength: 1, maxLength }, prefix);
}

function pick(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

function address(errors: FieldErrors, value: Record<string, unknown>, prefix: string) {
  return pick([
    ['line1', text(errors, value, 'line1', true, 255, prefix)],
    ['line2', text(errors, value, 'line2', false, 255, prefix)],
    ['city', text(errors, value, 'city', true, 100, prefix)],
    ['state', text(errors, value, 'state', false, 100, prefix)],
    ['postalCode', text(errors, value, 'postalCode', true, 20, prefix)],
    ['country', country(errors, value, 'country', true, prefix)],
  ]);
}

function personalInfo(
  errors: FieldErrors,
  value: Record<string, unknown>,
  prefix: string,
  now: number,
) {
  const nestedAddress = errors.object(value, 'address', false, prefix);
  return pick([
    ['firstName', text(errors, value, 'firstName', true, 100, prefix)],
    ['lastName', text(errors, value, 'lastName', true, 100, prefix)],
    ['birthDate', date(errors, value, 'birthDate', now, prefix)],
    ['nationality', country(errors, value, 'nationality', false, prefix)],
    [
      'email',
      errors.string(value, 'email', { pattern: EMAIL, format: 'email', maxLength: 254 }, prefix),
    ],
    [
      'address',
      nestedAddress === undefined ? undefined : address(errors, nestedAddress, `${prefix}address.`),
    ],
    ['idType', errors.string(value, 'idType', { pattern: ID_TYPE }, prefix)],
    ['identifier', text(errors, value, 'identifier', false, 64, prefix)],
    ['countryOfIssuance', country(errors, value, 'countryOfIssuance', false, prefix)],
  ]);
}

function businessInfo(errors: FieldErrors, value: Record<string, unknown>, now: number) {
  const prefix = 'businessInfo.';
  const nestedAddress = errors.object(value, 'address', false, prefix);
  return pick([
    ['legalName', text(errors, value, 'legalName', true, 255, prefix)],
    ['registrationNumber', text(errors, value, 'registrationNumber', true, 64, prefix)],
    ['doingBusinessAs', text(errors, value, 'doingBusinessAs', false, 255, prefix)],
    ['incorporationDate', date(errors, value, 'incorporationDate', now, prefix)],
    ['incorporationCountry', country(errors, value, 'incorporationCountry', false, prefix)],
    ['taxId', text(errors, value, 'taxId', false, 64, prefix)],
    [
      'address',
      nestedAddress === undefined ? undefined : address(errors, nestedAddress, `${prefix}address.`),
    ],
  ]);
}

function beneficialOwners(errors: FieldErrors, value: unknown, now: number): unknown[] | undefined {
  if (!Array.isArray(value) || value.length > 25) {
    errors.add('beneficialOwners', 'Must be an array of at most 25 owners');
    return undefined;
  }
  return value.map((owner, index) => {
    const prefix = `beneficialOwners.${index}.`;
    if (!isJsonObject(owner)) {
      errors.add(`beneficialOwners.${index}`, 'Must be an object');
      return undefined;
    }
    const info = errors.object(owner, 'personalInfo', true, prefix);
    return pick([
      // The id of a current owner keeps that owner on PATCH (kyc/owners.ts).
      ['id', errors.id(owner, 'id', 'BeneficialOwner', false, prefix)],
      [
        'personalInfo',
        info === undefined ? undefined : personalInfo(errors, info, `${prefix}personalInfo.`, now),
      ],
      [
        'ownershipPercentage',
        errors.integer(owner, 'ownershipPercentage', { min: 0, max: 100 }, prefix),
      ],
    ]);
  });
}

function termsConsent(errors: FieldErrors, value: Record<string, unknown>) {
  const prefix = 'endUserTermsConsent.';
  return pick([
    [
      'timestamp',
      errors.string(
        value,
        'timestamp',
        { required: true, pattern: DATE_TIME, format: 'date-time' },
        prefix,
      ),
    ],
    [
      'ipAddress',
      errors.string(
        value,
        'ipAddress',
        { required: true, pattern: IP_ADDRESS, message: 'Must be an IP address' },
        prefix,
      ),
    ],
    ['termsVersion', text(errors, value, 'termsVersion', true, 64, prefix)],
    ['acceptanceMethod', text(errors, value, 'acceptanceMethod', true, 64, prefix)],
  ]);
}

/**
 * Validates a create (`partial: false`: `customerType` required) or an update body; throws 400
 * `INVALID_INPUT` listing every invalid field.
 */
export function readCustomerInput(
  body: Record<string, unknown>,
  options: { partial: boolean; now: number; existingType?: CustomerType },
): CustomerInput {
  const errors = new FieldErrors();
  const customerType = errors.string(body, 'customerType', {
    required: !options.partial,
    enum: CUSTOMER_TYPES,
  }) as CustomerType | undefined;
  if (
    options.existingType !== undefined &&
    customerType !== undefined &&
    customerType !== options.existingType
  ) {
    errors.add('customerType', 'Cannot change the customer type', { enum: [options.existingType] });
  }
  const type = customerType ?? options.existingType;
  const now = options.now;
  const readers: Record<(typeof CUSTOMER_FIELDS)[number], () => unknown> = {
    platformCustomerId: () => text(errors, body, 'platformCustomerId', false, 255),
    email: () =>
      errors.string(body, 'email', {
        pattern: EMAIL,
        format: 'email',
        maxLength: 254,
        message: 'Must be an email address',
      }),
    phoneNumber: () =>
      errors.string(body, 'phoneNumber', {
        pattern: E164,
        format: 'e.164',
        message: 'Must be an E.164 phone number',
      }),
    fullName: () => text(errors, body, 'fullName', false, 255),
    birthDate: () => date(errors, body, 'birthDate', now),
    nationality: () => country(errors, body, 'nationality', false),
    address: () => {
      const value = errors.object(body, 'address', false);
      return value === undefined ? undefined : address(errors, value, 'address.');
    },
    idType: () =>
      errors.string(body, 'idType', {
        pattern: ID_TYPE,
        message: 'Must be an id type such as PASSPORT',
      }),
    identifier: () => text(errors, body, 'identifier', false, 64),
    countryOfIssuance: () => country(errors, body, 'countryOfIssuance', false),
    businessInfo: () => {
      const value = errors.object(body, 'businessInfo', false);
      return value === undefined ? undefined : businessInfo(errors, value, now);
    },
    beneficialOwners: () =>
      body.beneficialOwners === undefined || body.beneficialOwners === null
        ? undefined
        : beneficialOwners(errors, body.beneficialOwners, now),
    endUserTermsConsent: () => {
      const value = errors.object(body, 'endUserTermsConsent', false);
      return value === undefined ? undefined : termsConsent(errors, value);
    },
  };
  const fields: Record<string, unknown> = {};
  for (const name of CUSTOMER_FIELDS) {
    const value = readers[name]();
    if (value !== undefined) {
      fields[name] = value;
    }
  }
  if (type === 'INDIVIDUAL') {
    for (const name of ['businessInfo', 'beneficialOwners'] as const) {
      if (body[name] !== undefined && body[name] !== null) {
        errors.add(name, 'Only for BUSINESS customers');
      }
    }
  }
  errors.throwIfAny();
  checkTermsVersion(fields.endUserTermsConsent as Record<string, unknown> | undefined);
  return { customerType, fields };
}

/**
 * A consent to a terms version other than the current one (`GET /customers/end-user-terms`) is
 * 400 `END_USER_TERMS_VERSION_NOT_FOUND` (docs/service-api.md, 400 codes), once the fields are valid.
 */
function checkTermsVersion(consent: Record<string, unknown> | undefined): void {
  if (consent === undefined || consent.termsVersion === END_USER_TERMS.version) {
    return;
  }
  throw new ApiError(
    400,
    'END_USER_TERMS_VERSION_NOT_FOUND',
    `End-user terms version ${String(consent.termsVersion)} is not supported`,
    {
      details: {
        errors: [
          {
            field: 'endUserTermsConsent.termsVersion',
            constraint: { enum: [END_USER_TERMS.version] },
            message: 'Must be the current version from GET /customers/end-user-terms',
          },
        ],
      },
    },
  );
}
