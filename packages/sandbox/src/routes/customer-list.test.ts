/**
 * The customer list `GET /customers` (docs/protocol.md §11.7): filters, inclusive date bounds,
 * paging oldest first, and 400 naming the parameter for every bad value and for the service's
 * parameters the emulator does not serve.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** Three customers a second apart: two individuals (one with a platform id), then a business. */
async function threeCustomers() {
  const h = createHarness();
  const ada = await h.createCustomer({ platformCustomerId: 'user-ada' });
  h.clock.advance(1_000);
  const grace = await h.createCustomer({ email: 'grace@example.com', fullName: 'Grace Hopper' });
  h.clock.advance(1_000);
  const business = await h.request('POST', '/customers', {
    body: {
      customerType: 'BUSINESS',
      platformCustomerId: 'org-engines',
      businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber: 'AE-1843' },
    },
  });
  return { h, ada: ada.customerId, grace: grace.customerId, business: business.body.id as string };
}

async function ids(h: Harness, query: string): Promise<string[]> {
  const response = await h.request('GET', `/customers${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data.map((customer: { id: string }) => customer.id);
}

describe('GET /customers (docs/protocol.md §11.7)', () => {
  it('EMU-18: given no filter, should list every customer oldest first as GET /customers/{id} renders it, with hasMore false and no nextCursor', async () => {
    const { h, ada, grace, business } = await threeCustomers();
    const response = await h.request('GET', '/customers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        (await h.request('GET', `/customers/${ada}`)).body,
        (await h.request('GET', `/customers/${grace}`)).body,
        (await h.request('GET', `/customers/${business}`)).body,
      ],
      hasMore: false,
      totalCount: 3,
    });
  });

  it('EMU-18: given platformCustomerId, should answer exactly the customers carrying it, and an empty page for an unknown one', async () => {
    const { h, ada } = await threeCustomers();
    expect(await ids(h, '?platformCustomerId=user-ada')).toEqual([ada]);
    expect(await ids(h, '?platformCustomerId=user')).toEqual([]);
    expect(await ids(h, '?platformCustomerId=USER-ADA')).toEqual([]);
    expect(await ids(h, `?platformCustomerId=${encodeURIComponent('user ada&x=1')}`)).toEqual([]);
  });

  it('EMU-18: given customerType, should answer the customers of that type only', async () => {
    const { h, ada, grace, business } = await threeCustomers();
    expect(await ids(h, '?customerType=INDIVIDUAL')).toEqual([ada, grace]);
    expect(await ids(h, '?customerType=BUSINESS&platformCustomerId=org-engines')).toEqual([
      business,
    ]);
  });

  it('EMU-18: given createdAfter/createdBefore, should apply both bounds inclusively, in any offset', async () => {
    const { h, ada, grace, business } = await threeCustomers();
    expect(await ids(h, '?createdAfter=2026-01-01T00:00:01Z')).toEqual([grace, business]);
    expect(await ids(h, '?createdBefore=2026-01-01T00:00:01.000Z')).toEqual([ada, grace]);
    expect(
      await ids(h, '?createdAfter=2026-01-01T01:00:01%2B01:00&createdBefore=2026-01-01T00:00:01Z'),
    ).toEqual([grace]);
    expect(await ids(h, '?createdAfter=2026-01-01T00:00:02.001Z')).toEqual([]);
    expect(
      await ids(h, '?createdAfter=2026-01-01T00:00:03Z&createdBefore=2026-01-01T00:00:00Z'),
    ).toEqual([]);
  });

  it('EMU-18: given updatedAfter/updatedBefore, should follow updatedAt, which a PATCH moves', async () => {
    const { h, ada, grace, business } = await threeCustomers();
    h.clock.advance(60_000); // 2026-01-01T00:01:02Z
    const patched = await h.request('PATCH', `/customers/${ada}`, {
      body: { fullName: 'Augusta Ada King' },
    });
    expect(patched.body.updatedAt).toBe('2026-01-01T00:01:02.000Z');
    expect(await ids(h, '?updatedAfter=2026-01-01T00:01:00Z')).toEqual([ada]);
    expect(await ids(h, '?updatedBefore=2026-01-01T00:01:00Z')).toEqual([grace, business]);
    // The list keeps its creation order after an update.
    expect(await ids(h, '')).toEqual([ada, grace, business]);
  });

  it('EMU-18: given limit and the returned cursor, should page oldest first with nextCursor only while hasMore', async () => {
    const { h, ada, grace, business } = await threeCustomers();
    const first = await h.request('GET', '/customers?limit=2');
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([ada, grace]);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(first.body.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await h.request('GET', `/customers?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual([business]);
    expect(second.body.hasMore).toBe(false);
    expect(second.body).not.toHaveProperty('nextCursor');
    // The cursor keeps its place under a filter.
    const filtered = await h.request(
      'GET',
      `/customers?customerType=BUSINESS&cursor=${first.body.nextCursor}`,
    );
    expect(filtered.body.data.map((c: { id: string }) => c.id)).toEqual([business]);
  });

  it('EMU-18: given a bad value for every parameter at once, should answer 400 INVALID_INPUT naming each, and nothing else', async () => {
    const { h } = await threeCustomers();
    const response = await h.request(
      'GET',
      '/customers?platformCustomerId=&customerType=PERSON&createdAfter=2026-01-01&createdBefore=2026-02-30T00:00:00Z&updatedAfter=2026-01-01T24:00:00Z&updatedBefore=yesterday&limit=0&cursor=bm90LWEtY3Vyc29y',
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_INPUT');
    expect(response.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      'platformCustomerId',
      'customerType',
      'createdAfter',
      'createdBefore',
      'updatedAfter',
      'updatedBefore',
      'limit',
      'cursor',
    ]);
    expect(response.body.details.errors[1].constraint).toEqual({
      enum: ['INDIVIDUAL', 'BUSINESS'],
    });
    expect(response.body.details.errors[2].constraint).toEqual({ format: 'date-time' });
  });

  it.each([['0'], ['101'], ['1.5'], ['-1'], ['ten']])(
    'EMU-18: given limit=%s, should answer 400 naming limit',
    async (limit) => {
      const h = createHarness();
      const response = await h.request('GET', `/customers?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body.details.errors).toEqual([
        { field: 'limit', message: 'Must be an integer from 1 to 100' },
      ]);
    },
  );

  it("EMU-18: given another list's cursor, a repeated or an unknown parameter, should answer 400 naming it", async () => {
    const h = createHarness();
    await h.createCustomer();
    await h.createCustomer({ email: 'grace@example.com' });
    const accounts = await h.request('GET', '/customers/internal-accounts?limit=1');
    const foreign = await h.request('GET', `/customers?cursor=${accounts.body.nextCursor}`);
    expect(foreign.body.details.errors).toEqual([
      { field: 'cursor', message: 'Not a cursor returned by this endpoint' },
    ]);
    const repeated = await h.request(
      'GET',
      '/customers?customerType=BUSINESS&customerType=BUSINESS',
    );
    expect(repeated.body.details.errors).toEqual([
      { field: 'customerType', message: 'Must be given at most once' },
    ]);
    const unknown = await h.request('GET', `/customers?customerId=Customer:${UNKNOWN_UUID}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.errors).toEqual([
      { field: 'customerId', message: 'Unknown query parameter' },
    ]);
  });

  it.each([
    ['region=US'],
    ['currency=USD'],
    ['umaAddress=$ada@example.com'],
    ['isIncludingDeleted=true'],
  ])(
    'EMU-18: given the service parameter %s, should answer 400 "Not served by the emulator" rather than ignore it',
    async (parameter) => {
      const h = createHarness();
      await h.createCustomer();
      const response = await h.request('GET', `/customers?${encodeURI(parameter)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        code: 'INVALID_INPUT',
        message: 'Invalid request',
        details: {
          errors: [{ field: parameter.split('=')[0], message: 'Not served by the emulator' }],
        },
      });
    },
  );

  it('EMU-18/EMU-02: given no Basic credentials, should answer 401 before reading the query', async () => {
    const h = createHarness();
    const response = await h.request('GET', '/customers?region=US', { noAuth: true });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});
