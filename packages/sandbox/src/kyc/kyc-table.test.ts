/**
 * Every row of the sandbox verification table (docs/service-api.md "Sandbox verification
 * outcomes"; docs/protocol.md §14, with its [PF] gaps for individual and owner suffixes), for
 * individuals (`fullName`) and businesses (`businessInfo.registrationNumber`), with the exact
 * event sequence each case emits.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';
import {
  businessPacket,
  completeBusiness,
  completeIndividual,
  create,
  eventTypes,
  FILES,
  individualPacket,
  submit,
  upload,
} from '../test/kyc-fixtures.js';

const MISSING_INDIVIDUAL = [
  'birthDate',
  'nationality',
  'idType',
  'identifier',
  'address',
  'IDENTITY_DOCUMENT',
];

function problems(errors: { field?: string; documentType?: string }[]) {
  return errors.map((error) => error.field ?? error.documentType);
}

describe('regulated platform (§14 row 1)', () => {
  it.each([
    ['INDIVIDUAL', { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace002' }, 'kycStatus', 'KYC'],
    ['BUSINESS', businessPacket('REG-002', ['Babbage002']), 'kybStatus', 'KYB'],
  ] as const)(
    'given a %s with a rejecting suffix, should be APPROVED at creation (suffix not read), emit only CUSTOMER.%s… and refuse POST /verifications',
    async (_kind, body, field, prefix) => {
      const h = createHarness({ platform: { regulated: true } });
      const customer = await create(h, body);
      expect(customer[field]).toBe('APPROVED');
      if (customer.customerType === 'BUSINESS') {
        expect(customer.beneficialOwners[0].kycStatus).toBe('APPROVED');
      }
      const refused = await submit(h, customer.id);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      expect(await eventTypes(h, customer.id)).toEqual([`CUSTOMER.${prefix}_APPROVED`]);
    },
  );
});

describe('unregulated, Skip verification paperwork off (default; §14 row 2)', () => {
  it.each(['Ada Lovelace001', 'Ada Lovelace002', 'Ada Lovelace003', 'Ada Lovelace'])(
    'given an individual "%s" with an incomplete packet, should stay UNVERIFIED with no event at creation and answer RESOLVE_ERRORS listing every missing item whatever the suffix',
    async (fullName) => {
      const h = createHarness();
      const customer = await create(h, { customerType: 'INDIVIDUAL', fullName });
      expect(customer.kycStatus).toBe('UNVERIFIED');
      expect(await eventTypes(h, customer.id)).toEqual([]);
      const result = await submit(h, customer.id);
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({
        id: expect.stringMatching(/^Verification:/),
        customerId: customer.id,
        verificationStatus: 'RESOLVE_ERRORS',
        kycStatus: 'UNVERIFIED',
      });
      expect(problems(result.body.errors)).toEqual(MISSING_INDIVIDUAL);
      expect(await eventTypes(h, customer.id)).toEqual([
        'VERIFICATION.IN_PROGRESS',
        'VERIFICATION.RESOLVE_ERRORS',
      ]);
    },
  );

  it.each([
    ['Ada Lovelace001', 'PENDING_MANUAL_REVIEW', 'PENDING', ['CUSTOMER.KYC_PENDING']],
    ['Ada Lovelace002', 'REJECTED', 'REJECTED', ['CUSTOMER.KYC_REJECTED']],
    ['Ada Lovelace003', 'RESOLVE_ERRORS', 'UNVERIFIED', []],
    ['Ada Lovelace', 'APPROVED', 'APPROVED', ['CUSTOMER.KYC_APPROVED']],
  ])(
    'given a complete individual "%s", the suffix should decide: %s, kycStatus %s',
    async (fullName, verificationStatus, kycStatus, customerEvents) => {
      const h = createHarness();
      const customer = await completeIndividual(h, fullName);
      const result = await submit(h, customer.id);
      expect(result.body).toMatchObject({ verificationStatus, kycStatus });
      const later: string[] = [];
      if (fullName.endsWith('003')) {
        const passport = (
          await upload(h, {
            customerId: customer.id,
            documentType: 'NATIONAL_ID',
            file: FILES.png,
          })
        ).body;
        const again = await submit(h, customer.id);
        expect(again.body.errors).toEqual([
          {
            type: 'POOR_QUALITY_DOCUMENT',
            documentType: 'IDENTITY_DOCUMENT',
            documentId: passport.id,
            message: expect.any(String),
          },
        ]);
        // The errors changed (another document is named): one more VERIFICATION.RESOLVE_ERRORS.
        later.push('VERIFICATION.RESOLVE_ERRORS');
      } else {
        expect(result.body.errors).toEqual([]);
      }
      expect((await h.request('GET', `/customers/${customer.id}`)).body.kycStatus).toBe(kycStatus);
      expect(await eventTypes(h, customer.id)).toEqual([
        'VERIFICATION.IN_PROGRESS',
        `VERIFICATION.${verificationStatus}`,
        ...customerEvents,
        ...later,
      ]);
    },
  );

  it('given an incomplete 002 business, should report the missing data first and reject once complete', async () => {
    const h = createHarness();
    const customer = await create(h, businessPacket('REG-002'));
    expect(customer.kybStatus).toBe('UNVERIFIED');
    const first = await submit(h, customer.id);
    expect(first.body).toMatchObject({
      verificationStatus: 'RESOLVE_ERRORS',
      kybStatus: 'UNVERIFIED',
    });
    expect(problems(first.body.errors)).toEqual([
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
    ]);
    for (const documentType of ['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS']) {
      await upload(h, { customerId: customer.id, documentType, file: FILES.pdf });
    }
    const second = await submit(h, customer.id);
    expect(second.body).toMatchObject({ verificationStatus: 'REJECTED', kybStatus: 'REJECTED' });
    expect(await eventTypes(h, customer.id)).toEqual([
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.REJECTED',
      'CUSTOMER.KYB_REJECTED',
    ]);
  });

  it.each([
    ['REG-001', 'PENDING_MANUAL_REVIEW', 'PENDING', 'PENDING', ['CUSTOMER.KYB_PENDING']],
    ['REG-002', 'REJECTED', 'REJECTED', 'APPROVED', ['CUSTOMER.KYB_REJECTED']],
    ['REG-003', 'RESOLVE_ERRORS', 'UNVERIFIED', 'UNVERIFIED', []],
    ['REG-1843', 'APPROVED', 'APPROVED', 'APPROVED', ['CUSTOMER.KYB_APPROVED']],
  ])(
    'given a complete business %s with an approving owner, the suffix should decide: %s, kybStatus %s, owner %s',
    async (registrationNumber, verificationStatus, kybStatus, ownerStatus, customerEvents) => {
      const h = createHarness();
      const customer = await completeBusiness(h, registrationNumber, ['Babbage']);
      const result = await submit(h, customer.id);
      expect(result.body).toMatchObject({
        verificationStatus,
        kybStatus,
        beneficialOwners: [{ id: customer.beneficialOwners[0].id, kycStatus: ownerStatus }],
      });
      if (verificationStatus === 'RESOLVE_ERRORS') {
        expect(result.body.errors).toEqual([
          {
            type: 'POOR_QUALITY_DOCUMENT',
            documentType: 'CERTIFICATE_OF_INCORPORATION',
            documentId: expect.stringMatching(/^Document:/),
            message: expect.any(String),
          },
        ]);
      }
      expect(await eventTypes(h, customer.id)).toEqual([
        'VERIFICATION.IN_PROGRESS',
        `VERIFICATION.${verificationStatus}`,
        ...customerEvents,
      ]);
    },
  );
});

describe('unregulated, Skip verification paperwork on (§14 row 3)', () => {
  const skip = { platform: { skipVerificationPaperwork: true } };

  it.each([
    ['Grace Hopper001', 'PENDING', true],
    ['Grace Hopper002', 'REJECTED', false],
    ['Grace Hopper003', 'UNVERIFIED', true],
    ['Grace Hopper', 'APPROVED', false],
    [undefined, 'APPROVED', false],
  ])(
    'given an individual named %s, should resolve %s at creation with no documents, emit only that CUSTOMER.KYC_* event and create no verification',
    async (fullName, kycStatus, submittable) => {
      const h = createHarness(skip);
      const customer = await create(h, {
        customerType: 'INDIVIDUAL',
        ...(fullName === undefined ? {} : { fullName }),
      });
      expect(customer.kycStatus).toBe(kycStatus);
      expect(await eventTypes(h, customer.id)).toEqual([`CUSTOMER.KYC_${kycStatus}`]);
      if (!submittable) {
        expect((await submit(h, customer.id)).status).toBe(400);
        expect(await eventTypes(h, customer.id)).toEqual([`CUSTOMER.KYC_${kycStatus}`]);
      }
    },
  );

  it.each([
    ['Grace Hopper001', 'PENDING_MANUAL_REVIEW', 'PENDING', 'PENDING'],
    ['Grace Hopper003', 'RESOLVE_ERRORS', 'UNVERIFIED', 'UNVERIFIED'],
  ])(
    'given an individual %s submitted, should need the full packet, then let the suffix decide %s',
    async (fullName, verificationStatus, initial, kycStatus) => {
      const h = createHarness(skip);
      const customer = await create(h, { customerType: 'INDIVIDUAL', fullName });
      const incomplete = await submit(h, customer.id);
      expect(incomplete.body).toMatchObject({
        verificationStatus: 'RESOLVE_ERRORS',
        kycStatus: initial,
      });
      expect(problems(incomplete.body.errors)).toEqual(MISSING_INDIVIDUAL);
      const { customerType: _type, fullName: _name, ...rest } = individualPacket(fullName);
      await h.request('PATCH', `/customers/${customer.id}`, { body: rest });
      await upload(h, {
        customerId: customer.id,
        documentType: 'DRIVERS_LICENSE',
        file: FILES.pdf,
      });
      const complete = await submit(h, customer.id);
      expect(complete.body).toMatchObject({ verificationStatus, kycStatus });
      expect(problems(complete.body.errors)).toEqual(
        verificationStatus === 'RESOLVE_ERRORS' ? ['IDENTITY_DOCUMENT'] : [],
      );
      expect(await eventTypes(h, customer.id)).toEqual([
        `CUSTOMER.KYC_${initial}`,
        'VERIFICATION.IN_PROGRESS',
        'VERIFICATION.RESOLVE_ERRORS',
        `VERIFICATION.${verificationStatus}`,
      ]);
    },
  );

  it.each([
    ['REG-001', 'PENDING'],
    ['REG-002', 'REJECTED'],
    ['REG-003', 'UNVERIFIED'],
    ['REG-1843', 'APPROVED'],
  ])(
    'given a business %s with no documents or owners, should resolve %s at creation and emit only that CUSTOMER.KYB_* event',
    async (registrationNumber, kybStatus) => {
      const h = createHarness(skip);
      const customer = await create(h, {
        customerType: 'BUSINESS',
        businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber },
      });
      expect(customer.kybStatus).toBe(kybStatus);
      expect(await eventTypes(h, customer.id)).toEqual([`CUSTOMER.KYB_${kybStatus}`]);
      if (kybStatus === 'REJECTED' || kybStatus === 'APPROVED') {
        expect((await submit(h, customer.id)).status).toBe(400);
      }
    },
  );

  it('given a 003 business submitted with no packet, should answer RESOLVE_ERRORS with one POOR_QUALITY_DOCUMENT error (suffix before packet)', async () => {
    const h = createHarness(skip);
    const customer = await create(h, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber: 'REG-003' },
    });
    const result = await submit(h, customer.id);
    expect(result.body).toMatchObject({
      verificationStatus: 'RESOLVE_ERRORS',
      kybStatus: 'UNVERIFIED',
    });
    expect(result.body.errors).toEqual([
      {
        type: 'POOR_QUALITY_DOCUMENT',
        documentType: 'CERTIFICATE_OF_INCORPORATION',
        message: expect.any(String),
      },
    ]);
    expect(await eventTypes(h, customer.id)).toEqual([
      'CUSTOMER.KYB_UNVERIFIED',
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
    ]);
  });

  it('given a 001 business submitted, should need a complete packet, then go PENDING_MANUAL_REVIEW with every owner PENDING', async () => {
    const h = createHarness(skip);
    const customer = await create(h, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber: 'REG-001' },
    });
    const incomplete = await submit(h, customer.id);
    expect(problems(incomplete.body.errors)).toEqual([
      'businessInfo.incorporationDate',
      'businessInfo.incorporationCountry',
      'businessInfo.address',
      'beneficialOwners',
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
    ]);
    const { customerType: _type, ...rest } = businessPacket('REG-001', [
      'Babbage002',
      'Somerville',
    ]);
    await h.request('PATCH', `/customers/${customer.id}`, { body: rest });
    for (const documentType of ['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS']) {
      await upload(h, { customerId: customer.id, documentType, file: FILES.png });
    }
    const complete = await submit(h, customer.id);
    expect(complete.body).toMatchObject({
      verificationStatus: 'PENDING_MANUAL_REVIEW',
      kybStatus: 'PENDING',
      beneficialOwners: [{ kycStatus: 'PENDING' }, { kycStatus: 'PENDING' }],
    });
    expect(await eventTypes(h, customer.id)).toEqual([
      'CUSTOMER.KYB_PENDING',
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.PENDING_MANUAL_REVIEW',
    ]);
  });
});

describe('event payloads (docs/service-api.md, Events)', () => {
  it('EMU-11: given a first submission, should log {id, type, createdAt, data} snapshots: the verification IN_PROGRESS, then its outcome, then the customer', async () => {
    const h = createHarness();
    const customer = await completeIndividual(h, 'Ada Lovelace');
    h.clock.advance(5000);
    const result = await submit(h, customer.id);
    const log = (await h.request('GET', `/sandbox/events?customerId=${customer.id}`)).body.data;
    expect(log).toEqual([
      {
        id: expect.stringMatching(/^Event:[0-9a-f-]{36}$/),
        type: 'VERIFICATION.IN_PROGRESS',
        createdAt: '2026-01-01T00:00:05.000Z',
        data: { ...result.body, verificationStatus: 'IN_PROGRESS', kycStatus: 'UNVERIFIED' },
      },
      {
        id: expect.any(String),
        type: 'VERIFICATION.APPROVED',
        createdAt: '2026-01-01T00:00:05.000Z',
        data: result.body,
      },
      {
        id: expect.any(String),
        type: 'CUSTOMER.KYC_APPROVED',
        createdAt: '2026-01-01T00:00:05.000Z',
        data: (await h.request('GET', `/customers/${customer.id}`)).body,
      },
    ]);
    expect(h.sandbox.eventLog().map((event) => event.type)).toEqual(
      log.map((e: { type: string }) => e.type),
    );
  });
});
