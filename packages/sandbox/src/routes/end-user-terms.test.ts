/**
 * End-user terms (docs/service-api.md change history): `GET /customers/end-user-terms` and
 * `endUserTermsConsent` on customer create and update; an unsupported version is 400
 * `END_USER_TERMS_VERSION_NOT_FOUND` (docs/service-api.md, 400 codes).
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';

const consent = (termsVersion: string) => ({
  timestamp: '2025-12-31T09:30:00Z',
  ipAddress: '2001:db8::1',
  termsVersion,
  acceptanceMethod: 'CLICKWRAP',
});

describe('end-user terms', () => {
  it('given GET /customers/end-user-terms, should answer the current address and version (not a customer id)', async () => {
    const h = createHarness();
    const terms = await h.request('GET', '/customers/end-user-terms');
    expect(terms.status).toBe(200);
    expect(terms.body).toEqual({
      version: '2025-10',
      url: 'https://terms.example.com/end-user-terms/2025-10',
    });
    expect(terms.headers.get('Cache-Control')).toBe('no-store');
    expect((await h.request('GET', '/customers/end-user-terms', { noAuth: true })).status).toBe(
      401,
    );
  });

  it('given consent to the current version on create and on update, should store and return it', async () => {
    const h = createHarness();
    const version = (await h.request('GET', '/customers/end-user-terms')).body.version;
    const created = await h.request('POST', '/customers', {
      body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent(version) },
    });
    expect(created.status).toBe(201);
    expect(created.body.endUserTermsConsent).toEqual(consent(version));
    const later = { ...consent(version), timestamp: '2026-01-01T00:00:00Z' };
    const patched = await h.request('PATCH', `/customers/${created.body.id}`, {
      body: { endUserTermsConsent: later },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.endUserTermsConsent).toEqual(later);
  });

  it('given an unsupported terms version on create or update, should answer 400 END_USER_TERMS_VERSION_NOT_FOUND and change nothing', async () => {
    const h = createHarness();
    const created = await h.request('POST', '/customers', {
      body: { customerType: 'INDIVIDUAL', endUserTermsConsent: consent('2019-01') },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      status: 400,
      code: 'END_USER_TERMS_VERSION_NOT_FOUND',
      message: 'End-user terms version 2019-01 is not supported',
      details: {
        errors: [
          {
            field: 'endUserTermsConsent.termsVersion',
            constraint: { enum: ['2025-10'] },
            message: 'Must be the current version from GET /customers/end-user-terms',
          },
        ],
      },
    });
    expect(h.sandbox.state.customers.size).toBe(0);
    const { customerId } = await h.createCustomer();
    const patched = await h.request('PATCH', `/customers/${customerId}`, {
      body: { fullName: 'Changed', endUserTermsConsent: consent('2026-99') },
    });
    expect(patched.body.code).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
    expect((await h.request('GET', `/customers/${customerId}`)).body.fullName).toBe('Ada Lovelace');
  });

  it('given an invalid consent object, should report the field errors (INVALID_INPUT) before the version', async () => {
    const h = createHarness();
    const response = await h.request('POST', '/customers', {
      body: {
        customerType: 'INDIVIDUAL',
        endUserTermsConsent: { ...consent('2019-01'), ipAddress: 'localhost' },
      },
    });
    expect(response.body).toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'endUserTermsConsent.ipAddress' }] },
    });
  });
});
