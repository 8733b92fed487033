import { describe, expect, it } from 'vitest';
import { createSandbox } from '../app.js';

const BASE = 'http://sandbox.test/2025-10-13';
const AUTH = { Authorization: `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}` };

async function get(sandbox: ReturnType<typeof createSandbox>, path: string, headers = AUTH) {
  const response = await sandbox.fetch(new Request(`${BASE}${path}`, { headers }));
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('GET /customers/internal-accounts', () => {
  it('given no Basic credentials, should answer 401 UNAUTHORIZED in the error envelope', async () => {
    const sandbox = createSandbox();
    const { response, body } = await get(
      sandbox,
      '/customers/internal-accounts',
      {} as typeof AUTH,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Basic realm="service"');
    expect(body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(typeof body.message).toBe('string');
  });

  it('given a wrong secret, should answer 401 UNAUTHORIZED', async () => {
    const sandbox = createSandbox();
    const { response } = await get(sandbox, '/customers/internal-accounts', {
      Authorization: `Basic ${btoa('sandbox-client-id:wrong')}`,
    });
    expect(response.status).toBe(401);
  });

  it('given valid credentials, should list the platform accounts with the record shape of the interface', async () => {
    const sandbox = createSandbox();
    const { response, body } = await get(sandbox, '/customers/internal-accounts');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(body).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(body).not.toHaveProperty('nextCursor');
    const first = (body.data as Record<string, unknown>[]).find((a) => a.type === 'INTERNAL_FIAT');
    expect(first).toMatchObject({
      type: 'INTERNAL_FIAT',
      status: 'ACTIVE',
      balance: { amount: 0, currency: { code: 'USD', decimals: 2 } },
      sweepRule: null,
    });
    expect(first).not.toHaveProperty('privateEnabled');
    expect(first!.id).toMatch(/^InternalAccount:[0-9a-f-]{36}$/);
  });

  it('given limit=1, should paginate with an opaque cursor until hasMore is false', async () => {
    const sandbox = createSandbox();
    const page1 = await get(sandbox, '/customers/internal-accounts?limit=1');
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 2 });
    const cursor = page1.body.nextCursor as string;
    const page2 = await get(sandbox, `/customers/internal-accounts?limit=1&cursor=${cursor}`);
    expect(page2.body).toMatchObject({ hasMore: false, totalCount: 2 });
    expect((page2.body.data as { id: string }[])[0]!.id).not.toBe(
      (page1.body.data as { id: string }[])[0]!.id,
    );
  });

  it('given several invalid parameters, should report every one in details.errors', async () => {
    const sandbox = createSandbox();
    const { response, body } = await get(
      sandbox,
      '/customers/internal-accounts?limit=0&type=CHECKING&customerId=Customer:nope&cursor=%%%',
    );
    expect(response.status).toBe(400);
    expect(body.code).toBe('INVALID_INPUT');
    const fields = (body.details as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields.sort()).toEqual(['cursor', 'customerId', 'limit', 'type']);
  });

  it('given an unknown route, should answer 404 in the envelope, never 500', async () => {
    const sandbox = createSandbox();
    const { response, body } = await get(sandbox, '/nope');
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
