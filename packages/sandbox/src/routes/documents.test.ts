/**
 * `POST /documents` (docs/protocol.md §14 rule 2: any JPEG, PNG or PDF in sandbox): formats are
 * recognised by their bytes; anything else, empty or oversized files get a clear 400 naming
 * `file`; documents attach to a customer or a beneficial owner.
 */
import { describe, expect, it } from 'vitest';
import { AUTH, BASE, createHarness } from '../test/harness.js';
import { businessPacket, create, FILES, upload } from '../test/kyc-fixtures.js';

describe('POST /documents', () => {
  it.each([
    ['JPEG', FILES.jpeg, 'image/jpeg', 'passport.pdf', 'application/pdf'],
    ['PNG', FILES.png, 'image/png', 'passport.jpg', 'image/jpeg'],
    ['PDF', FILES.pdf, 'application/pdf', 'passport.png', 'image/png'],
  ])(
    'given a %s file under a misleading name and declared type, should answer 201 with the type judged by its bytes',
    async (_name, file, contentType, fileName, declaredType) => {
      const h = createHarness();
      const customer = await create(h, { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace' });
      h.clock.advance(2000);
      const response = await upload(h, {
        customerId: customer.id,
        documentType: 'PASSPORT',
        file,
        fileName,
        declaredType,
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^Document:[0-9a-f-]{36}$/),
        customerId: customer.id,
        documentType: 'PASSPORT',
        fileName,
        contentType,
        size: file.length,
        createdAt: '2026-01-01T00:00:02.000Z',
      });
    },
  );

  it.each([
    [
      'a GIF',
      new TextEncoder().encode('GIF89a\x01\x00\x01\x00'),
      'Must be a JPEG, PNG or PDF file (judged by its bytes)',
    ],
    [
      'plain text named .pdf',
      new TextEncoder().encode('not really a pdf'),
      'Must be a JPEG, PNG or PDF file (judged by its bytes)',
    ],
    [
      'a truncated PNG signature',
      Uint8Array.of(0x89, 0x50, 0x4e, 0x47),
      'Must be a JPEG, PNG or PDF file (judged by its bytes)',
    ],
    [
      'a ZIP (docx)',
      Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00),
      'Must be a JPEG, PNG or PDF file (judged by its bytes)',
    ],
    ['an empty file', new Uint8Array(0), 'Must not be empty'],
  ])('given %s, should answer 400 INVALID_INPUT naming file', async (_case, file, message) => {
    const h = createHarness();
    const customer = await create(h, { customerType: 'INDIVIDUAL' });
    const response = await upload(h, {
      customerId: customer.id,
      documentType: 'PASSPORT',
      file,
      fileName: 'scan.pdf',
      declaredType: 'application/pdf',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'file', message }] },
    });
    expect(h.sandbox.state.documents.size).toBe(0);
  });

  it('given a file over 10 MiB, should answer 400 INVALID_INPUT naming file; exactly 10 MiB is accepted', async () => {
    const h = createHarness();
    const customer = await create(h, { customerType: 'INDIVIDUAL' });
    const big = new Uint8Array(10 * 1024 * 1024);
    big.set(FILES.pdf);
    const ok = await upload(h, { customerId: customer.id, documentType: 'PASSPORT', file: big });
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(10 * 1024 * 1024);
    const over = new Uint8Array(10 * 1024 * 1024 + 1);
    over.set(FILES.pdf);
    const refused = await upload(h, {
      customerId: customer.id,
      documentType: 'PASSPORT',
      file: over,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.errors).toEqual([
      {
        field: 'file',
        message: 'Must be at most 10 MiB',
        constraint: { maxLength: 10 * 1024 * 1024 },
      },
    ]);
    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set(FILES.pdf);
    const body = await upload(h, { customerId: customer.id, documentType: 'PASSPORT', file: huge });
    expect(body.status).toBe(400);
    expect(body.body.details.errors[0].field).toBe('file');
  });

  it("given a beneficial owner's id, should attach the document to the owner and its business", async () => {
    const h = createHarness();
    const business = await create(h, businessPacket('REG-1843', ['Babbage']));
    const ownerId = business.beneficialOwners[0].id;
    const response = await upload(h, {
      beneficialOwnerId: ownerId,
      documentType: 'NATIONAL_ID',
      file: FILES.png,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ customerId: business.id, beneficialOwnerId: ownerId });
  });

  it('given a document type the holder cannot use, should answer 400 listing the accepted types', async () => {
    const h = createHarness();
    const person = await create(h, { customerType: 'INDIVIDUAL' });
    const business = await create(h, businessPacket('REG-1843'));
    const forPerson = await upload(h, {
      customerId: person.id,
      documentType: 'CERTIFICATE_OF_INCORPORATION',
      file: FILES.pdf,
    });
    expect(forPerson.status).toBe(400);
    expect(forPerson.body.details.errors).toEqual([
      {
        field: 'documentType',
        constraint: { enum: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] },
        message: 'Not accepted for INDIVIDUAL customers',
      },
    ]);
    const forBusiness = await upload(h, {
      customerId: business.id,
      documentType: 'PASSPORT',
      file: FILES.pdf,
    });
    expect(forBusiness.body.details.errors[0].constraint.enum).toEqual([
      'CERTIFICATE_OF_INCORPORATION',
      'PROOF_OF_ADDRESS',
      'ARTICLES_OF_ASSOCIATION',
    ]);
    const forOwner = await upload(h, {
      beneficialOwnerId: business.beneficialOwners[0].id,
      documentType: 'PROOF_OF_ADDRESS',
      file: FILES.pdf,
    });
    expect(forOwner.body.details.errors[0].message).toBe('Not accepted for beneficial owners');
  });

  it('given missing or conflicting parts, should list every problem at once', async () => {
    const h = createHarness();
    const customer = await create(h, { customerType: 'INDIVIDUAL' });
    const nothing = await upload(h, {});
    expect(nothing.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'documentType',
      'customerId',
      'file',
    ]);
    const both = await upload(h, {
      customerId: customer.id,
      beneficialOwnerId: 'BeneficialOwner:00000000-0000-4000-8000-000000000000',
      documentType: 'SELFIE',
      file: FILES.jpeg,
    });
    expect(both.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'documentType',
      'customerId',
    ]);
    const badId = await upload(h, {
      customerId: 'Customer:nope',
      documentType: 'PASSPORT',
      file: FILES.jpeg,
    });
    expect(badId.body.details.errors[0]).toMatchObject({ field: 'customerId' });
  });

  it('given unknown holders, should answer 404', async () => {
    const h = createHarness();
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await upload(h, {
          customerId: `Customer:${uuid}`,
          documentType: 'PASSPORT',
          file: FILES.jpeg,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await upload(h, {
          beneficialOwnerId: `BeneficialOwner:${uuid}`,
          documentType: 'PASSPORT',
          file: FILES.jpeg,
        })
      ).status,
    ).toBe(404);
  });

  it('given a JSON body, a multipart body without a boundary or a broken multipart body, should answer 400 INVALID_INPUT', async () => {
    const h = createHarness();
    const send = (body: string, contentType: string) =>
      h.sandbox.fetch(
        new Request(`${BASE}/documents`, {
          method: 'POST',
          headers: { Authorization: AUTH, 'Content-Type': contentType },
          body,
        }),
      );
    for (const [body, type] of [
      ['{"customerId":"x"}', 'application/json'],
      ['--x\r\n', 'multipart/form-data'],
      [
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
        'multipart/form-data; boundary=x',
      ],
    ] as const) {
      const response = await send(body, type);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});
