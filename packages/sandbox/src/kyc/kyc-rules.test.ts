/**
 * The rules under the sandbox verification table (docs/protocol.md §14; docs/service-api.md "Sandbox
 * verification outcomes" rules 1–6 and "Customer verification statuses"), each with the events
 * it emits. Rule 7 (the hosted KYB flow) has no endpoint in the interface or the emulator.
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

const skip = { platform: { skipVerificationPaperwork: true } };

function problems(errors: { field?: string; documentType?: string }[]) {
  return errors.map((error) => error.field ?? error.documentType);
}

describe('rule 1: PATCH re-derivation before the first POST /verifications', () => {
  it('given Skip paperwork on, should re-derive a non-final status from each new fullName suffix, emitting CUSTOMER.KYC_*, until it is final', async () => {
    const h = createHarness(skip);
    const customer = await create(h, { customerType: 'INDIVIDUAL', fullName: 'Grace Hopper001' });
    const rename = async (fullName: string) =>
      (await h.request('PATCH', `/customers/${customer.id}`, { body: { fullName } })).body
        .kycStatus;
    expect(await rename('Grace Hopper003')).toBe('UNVERIFIED');
    expect(await rename('Grace Hopper003')).toBe('UNVERIFIED'); // unchanged value: no event
    expect(await rename('Grace Hopper001')).toBe('PENDING');
    expect(await rename('Grace Hopper')).toBe('APPROVED');
    expect(await rename('Grace Hopper002')).toBe('APPROVED'); // final: renames re-derive nothing
    expect(await eventTypes(h, customer.id)).toEqual([
      'CUSTOMER.KYC_PENDING',
      'CUSTOMER.KYC_UNVERIFIED',
      'CUSTOMER.KYC_PENDING',
      'CUSTOMER.KYC_APPROVED',
    ]);
  });

  it('given Skip paperwork on, should re-derive a business from a new registrationNumber, and a PATCH of other fields should leave it', async () => {
    const h = createHarness(skip);
    const customer = await create(h, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Engines', registrationNumber: 'REG-003' },
    });
    const patch = async (body: Record<string, unknown>) =>
      (await h.request('PATCH', `/customers/${customer.id}`, { body })).body.kybStatus;
    expect(await patch({ email: 'ops@example.com' })).toBe('UNVERIFIED');
    expect(
      await patch({ businessInfo: { legalName: 'Engines', registrationNumber: 'REG-002' } }),
    ).toBe('REJECTED');
    expect(
      await patch({ businessInfo: { legalName: 'Engines', registrationNumber: 'REG-1843' } }),
    ).toBe('REJECTED');
    expect(await eventTypes(h, customer.id)).toEqual([
      'CUSTOMER.KYB_UNVERIFIED',
      'CUSTOMER.KYB_REJECTED',
    ]);
  });

  it('given a customer already submitted, should re-derive nothing on rename (the next submission reads the new suffix)', async () => {
    const h = createHarness(skip);
    const customer = await create(h, { customerType: 'INDIVIDUAL', fullName: 'Grace Hopper001' });
    await submit(h, customer.id);
    const renamed = await h.request('PATCH', `/customers/${customer.id}`, {
      body: { fullName: 'Grace Hopper' },
    });
    expect(renamed.body.kycStatus).toBe('PENDING');
    expect(await eventTypes(h, customer.id)).toEqual([
      'CUSTOMER.KYC_PENDING',
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
    ]);
  });

  it('given the default platform, should keep UNVERIFIED on rename (nothing is resolved before submission)', async () => {
    const h = createHarness();
    const customer = await create(h, { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace' });
    const renamed = await h.request('PATCH', `/customers/${customer.id}`, {
      body: { fullName: 'Ada Lovelace002' },
    });
    expect(renamed.body.kycStatus).toBe('UNVERIFIED');
    expect(await eventTypes(h, customer.id)).toEqual([]);
  });
});

describe('rule 2: a complete individual packet', () => {
  const packet = individualPacket('Ada Lovelace');
  it.each(['fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'address'])(
    'given every item but %s, should list exactly that one',
    async (missing) => {
      const h = createHarness();
      const { [missing]: _left, ...body } = packet;
      const customer = await create(h, body);
      await upload(h, { customerId: customer.id, documentType: 'PASSPORT', file: FILES.jpeg });
      const result = await submit(h, customer.id);
      expect(result.body.verificationStatus).toBe('RESOLVE_ERRORS');
      expect(result.body.errors).toEqual([
        { type: 'MISSING_FIELD', field: missing, message: `${missing} is required` },
      ]);
    },
  );

  it('given no identity document, should list the document requirement once with the accepted types', async () => {
    const h = createHarness();
    const customer = await create(h, packet);
    await upload(h, { customerId: customer.id, documentType: 'NATIONAL_ID', file: FILES.pdf });
    const other = await create(h, packet);
    const result = await submit(h, other.id);
    expect(result.body.errors).toEqual([
      {
        type: 'MISSING_DOCUMENT',
        documentType: 'IDENTITY_DOCUMENT',
        acceptedDocumentTypes: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'],
        message: expect.any(String),
      },
    ]);
    expect((await submit(h, customer.id)).body.verificationStatus).toBe('APPROVED');
  });
});

describe('rule 3: a complete business packet', () => {
  it('given nothing but a registration number, should list every business field, the owners and each business document, one entry each', async () => {
    const h = createHarness();
    const customer = await create(h, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Engines', registrationNumber: 'REG-1843' },
    });
    const result = await submit(h, customer.id);
    expect(problems(result.body.errors)).toEqual([
      'businessInfo.incorporationDate',
      'businessInfo.incorporationCountry',
      'businessInfo.address',
      'beneficialOwners',
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
    ]);
  });

  it("given a business without businessInfo whose owner uploaded an identity document, should list all five business fields and not count the owner's document", async () => {
    const h = createHarness();
    const customer = await create(h, {
      customerType: 'BUSINESS',
      beneficialOwners: [{ personalInfo: { firstName: 'Charles', lastName: 'Babbage' } }],
    });
    const owner = customer.beneficialOwners[0].id;
    expect(
      (await upload(h, { beneficialOwnerId: owner, documentType: 'PASSPORT', file: FILES.png }))
        .status,
    ).toBe(201);
    const result = await submit(h, customer.id);
    expect(problems(result.body.errors)).toEqual([
      'businessInfo.legalName',
      'businessInfo.registrationNumber',
      'businessInfo.incorporationDate',
      'businessInfo.incorporationCountry',
      'businessInfo.address',
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
    ]);
  });
});

describe('rule 4: the fix-and-resubmit loop, end to end', () => {
  it('given a name ending 001: submit, patch part, resubmit, patch the rest and upload, resubmit → PENDING_MANUAL_REVIEW and kycStatus PENDING', async () => {
    const h = createHarness();
    const customer = await create(h, {
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace001',
      email: 'ada@example.com',
    });
    const first = await submit(h, customer.id);
    expect(first.body).toMatchObject({
      verificationStatus: 'RESOLVE_ERRORS',
      kycStatus: 'UNVERIFIED',
    });
    expect(problems(first.body.errors)).toEqual([
      'birthDate',
      'nationality',
      'idType',
      'identifier',
      'address',
      'IDENTITY_DOCUMENT',
    ]);
    // An unchanged resubmission changes nothing and emits nothing.
    expect((await submit(h, customer.id)).body).toEqual(first.body);
    await h.request('PATCH', `/customers/${customer.id}`, {
      body: { birthDate: '1815-12-10', nationality: 'GB' },
    });
    h.clock.advance(1000);
    const second = await submit(h, customer.id);
    expect(problems(second.body.errors)).toEqual([
      'idType',
      'identifier',
      'address',
      'IDENTITY_DOCUMENT',
    ]);
    expect(second.body.updatedAt).toBe('2026-01-01T00:00:01.000Z');
    const { customerType: _t, fullName: _n, ...rest } = individualPacket('Ada Lovelace001');
    await h.request('PATCH', `/customers/${customer.id}`, { body: rest });
    const document = await upload(h, {
      customerId: customer.id,
      documentType: 'PASSPORT',
      file: FILES.jpeg,
      fileName: 'passport.jpg',
    });
    expect(document.status).toBe(201);
    const third = await submit(h, customer.id);
    expect(third.body).toMatchObject({
      id: first.body.id,
      verificationStatus: 'PENDING_MANUAL_REVIEW',
      errors: [],
      kycStatus: 'PENDING',
    });
    expect((await h.request('GET', `/customers/${customer.id}`)).body.kycStatus).toBe('PENDING');
    expect(await eventTypes(h, customer.id)).toEqual([
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.PENDING_MANUAL_REVIEW',
      'CUSTOMER.KYC_PENDING',
    ]);
    // PENDING is not final: a further submission is accepted and changes nothing.
    expect((await submit(h, customer.id)).status).toBe(200);
    expect(await eventTypes(h, customer.id)).toHaveLength(5);
  });
});

describe('APPROVED and REJECTED are final (Customer verification statuses)', () => {
  it.each([
    ['Ada Lovelace', 'APPROVED'],
    ['Ada Lovelace002', 'REJECTED'],
  ])(
    'given %s decided %s, should answer 400 to POST /verifications and re-derive nothing on rename',
    async (fullName, status) => {
      const h = createHarness();
      const customer = await completeIndividual(h, fullName);
      expect((await submit(h, customer.id)).body.kycStatus).toBe(status);
      const before = await eventTypes(h, customer.id);
      const again = await submit(h, customer.id);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        status: 400,
        code: 'INVALID_INPUT',
        details: { errors: [{ field: 'customerId' }] },
      });
      const renamed = await h.request('PATCH', `/customers/${customer.id}`, {
        body: { fullName: 'Ada Lovelace001' },
      });
      expect(renamed.body.kycStatus).toBe(status);
      expect(await eventTypes(h, customer.id)).toEqual(before);
    },
  );

  it('given an unknown or malformed customerId, should answer 404 / 400', async () => {
    const h = createHarness();
    expect((await submit(h, 'Customer:00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await submit(h, 'InternalAccount:00000000-0000-4000-8000-000000000000');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.errors[0].field).toBe('customerId');
  });
});

describe('rule 5: beneficial owners resolve with the business', () => {
  it.each([
    ['REG-002', ['PENDING', 'REJECTED', 'APPROVED']],
    ['REG-1843', ['PENDING', 'REJECTED', 'APPROVED']],
    ['REG-001', ['PENDING', 'PENDING', 'PENDING']],
    ['REG-003', ['PENDING', 'REJECTED', 'UNVERIFIED']],
  ])(
    'given business %s with owners ending 001, 002 and an approving name, owners should be %j',
    async (registrationNumber, statuses) => {
      const h = createHarness();
      const customer = await completeBusiness(h, registrationNumber, [
        'Babbage001',
        'Somerville002',
        'Herschel',
      ]);
      const result = await submit(h, customer.id);
      expect(result.body.beneficialOwners.map((o: { kycStatus: string }) => o.kycStatus)).toEqual(
        statuses,
      );
      const record = (await h.request('GET', `/customers/${customer.id}`)).body;
      expect(record.beneficialOwners.map((o: { kycStatus: string }) => o.kycStatus)).toEqual(
        statuses,
      );
    },
  );

  it('given a 003 business, approving owners should keep their status until the business is final, then resolve', async () => {
    const h = createHarness();
    const customer = await completeBusiness(h, 'REG-003', ['Herschel', 'Babbage001']);
    await submit(h, customer.id);
    const { customerType: _type, beneficialOwners: _o, ...rest } = businessPacket('REG-1843');
    const owners = customer.beneficialOwners.map(
      (owner: { id: string; personalInfo: unknown }) => ({
        id: owner.id,
        personalInfo: owner.personalInfo,
      }),
    );
    await h.request('PATCH', `/customers/${customer.id}`, {
      body: { ...rest, beneficialOwners: owners },
    });
    const final = await submit(h, customer.id);
    expect(final.body).toMatchObject({
      verificationStatus: 'APPROVED',
      kybStatus: 'APPROVED',
      beneficialOwners: [
        { id: owners[0].id, kycStatus: 'APPROVED' },
        { id: owners[1].id, kycStatus: 'PENDING' },
      ],
    });
    expect(await eventTypes(h, customer.id)).toEqual([
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.APPROVED',
      'CUSTOMER.KYB_APPROVED',
    ]);
  });

  it('given Skip paperwork on and a 003 business, owners should be testable without a packet', async () => {
    const h = createHarness(skip);
    const customer = await create(h, {
      customerType: 'BUSINESS',
      businessInfo: { legalName: 'Engines', registrationNumber: 'REG-003' },
      beneficialOwners: [
        { personalInfo: { firstName: 'A', lastName: 'Babbage001' } },
        { personalInfo: { firstName: 'B', lastName: 'Somerville002' } },
        { personalInfo: { firstName: 'C', lastName: 'Herschel' } },
      ],
    });
    expect(customer.beneficialOwners.map((o: { kycStatus: string }) => o.kycStatus)).toEqual([
      'UNVERIFIED',
      'UNVERIFIED',
      'UNVERIFIED',
    ]);
    const result = await submit(h, customer.id);
    expect(result.body.beneficialOwners.map((o: { kycStatus: string }) => o.kycStatus)).toEqual([
      'PENDING',
      'REJECTED',
      'UNVERIFIED',
    ]);
  });

  it('given a PATCH of beneficialOwners, should keep owners named by id (status, documents), add new ones, drop the rest with their documents, and refuse foreign ids', async () => {
    const h = createHarness();
    const customer = await create(h, businessPacket('REG-1843', ['Babbage', 'Somerville']));
    const [kept, dropped] = customer.beneficialOwners;
    const keptDoc = await upload(h, {
      beneficialOwnerId: kept.id,
      documentType: 'PASSPORT',
      file: FILES.pdf,
    });
    await upload(h, { beneficialOwnerId: dropped.id, documentType: 'PASSPORT', file: FILES.pdf });
    const patched = await h.request('PATCH', `/customers/${customer.id}`, {
      body: {
        beneficialOwners: [
          {
            id: kept.id,
            personalInfo: { firstName: 'Charles', lastName: 'Babbage' },
            ownershipPercentage: 51,
          },
          { personalInfo: { firstName: 'Caroline', lastName: 'Herschel' } },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.beneficialOwners).toEqual([
      {
        id: kept.id,
        personalInfo: { firstName: 'Charles', lastName: 'Babbage' },
        ownershipPercentage: 51,
        kycStatus: 'UNVERIFIED',
      },
      {
        id: expect.stringMatching(/^BeneficialOwner:/),
        personalInfo: { firstName: 'Caroline', lastName: 'Herschel' },
        kycStatus: 'UNVERIFIED',
      },
    ]);
    expect([...h.sandbox.state.documents.keys()]).toEqual([keptDoc.body.id]);
    const foreign = await h.request('PATCH', `/customers/${customer.id}`, {
      body: {
        beneficialOwners: [{ id: dropped.id, personalInfo: { firstName: 'M', lastName: 'S' } }],
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors).toEqual([
      { field: 'beneficialOwners.0.id', message: 'Not a beneficial owner of this customer' },
    ]);
    const onCreate = await h.request('POST', '/customers', {
      body: {
        ...businessPacket('X'),
        beneficialOwners: [{ id: kept.id, personalInfo: { firstName: 'A', lastName: 'B' } }],
      },
    });
    expect(onCreate.status).toBe(400);
  });
});
