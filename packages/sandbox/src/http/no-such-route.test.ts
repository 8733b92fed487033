/**
 * Honest unknown routes: a method and path the emulator does not serve answers 404 "No such
 * route" before any validation, a lowercase path word in an id position is not an id, malformed
 * ids on served routes stay 400, every route template is served, and the README's list of routes
 * left out is checked against the running emulator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_TEMPLATES } from '../route-templates.js';
import { createHarness } from '../test/harness.js';

const UUID = '00000000-0000-4000-8000-000000000000';
const NO_SUCH_ROUTE = { status: 404, code: 'NOT_FOUND', message: 'No such route' };

/**
 * `METHOD /path` entries of the README's "Routes the emulator does not serve" list. The pattern
 * writes the backtick as \x60: scripts/catalogue-coverage.mjs reads a bare one as a template string.
 */
function unservedRoutesInReadme(): [string, string][] {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const section = /<!-- unserved-routes -->([\s\S]*?)<!-- \/unserved-routes -->/.exec(readme)?.[1];
  return [...(section ?? '').matchAll(/\x60(GET|POST|PUT|PATCH|DELETE) (\/[^\x60\s]*)\x60/g)].map(
    (match) => [match[1]!, match[2]!],
  );
}

describe('paths the emulator does not serve', () => {
  it('EMU-17: given GET /customers/external-accounts?customerId=…, should answer 404 No such route, not "Must be a Customer id"', async () => {
    const h = createHarness();
    const { customerId } = await h.createCustomer();
    const response = await h.request(
      'GET',
      `/customers/external-accounts?customerId=${customerId}`,
    );
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NO_SUCH_ROUTE);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it.each([
    ['PATCH', '/customers/external-accounts', '{"email": 7}'],
    ['POST', '/customers/external-accounts', 'not json'],
    ['DELETE', '/auth/credentials/bulk', undefined],
    ['POST', '/quotes/latest/execute', '{}'],
    ['GET', '/transactions/recent', undefined],
    ['POST', '/sandbox/internal-accounts/platform/fund', '{"amount": -1}'],
    ['PUT', '/customers', '{}'],
    ['GET', '/customers/end-user-terms/latest', undefined],
  ])(
    'EMU-17: given %s %s with a body that would not validate, should answer 404 No such route',
    async (method, path, body) => {
      const h = createHarness();
      const response = await h.request(method, path, body === undefined ? {} : { body });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NO_SUCH_ROUTE);
    },
  );

  it('EMU-17/EMU-02: given no Basic credentials on an unserved path, should answer 401 first', async () => {
    const h = createHarness();
    const response = await h.request('GET', '/customers/external-accounts', { noAuth: true });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('EMU-17: given every route the README lists as not served, should answer 404 No such route', async () => {
    const h = createHarness();
    const routes = unservedRoutesInReadme();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const [method, template] of routes) {
      const path = template.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'transactionId' ? `Transaction:${UUID}` : `Customer:${UUID}`,
      );
      const response = await h.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(response.body, `${method} ${path}`).toEqual(NO_SUCH_ROUTE);
    }
  });
});

describe('paths the emulator serves', () => {
  it('EMU-17: given malformed ids on served routes (wrong prefix, bad UUID, bare UUID, upper case), should still answer 400 naming the path parameter', async () => {
    const h = createHarness();
    for (const id of [
      `InternalAccount:${UUID}`,
      'Customer:nope',
      UUID,
      'CUSTOMER',
      'Customer%3A1',
    ]) {
      const response = await h.request('GET', `/customers/${id}`);
      expect(response.status, id).toBe(400);
      expect(response.body.details.errors[0].field).toBe('customerId');
    }
    expect((await h.request('HEAD', '/customers/internal-accounts')).status).toBe(200);
    expect((await h.request('HEAD', '/customers/external-accounts')).status).toBe(404);
  });

  it.each(ROUTE_TEMPLATES.map((template) => [template]))(
    'EMU-17: given %s with well-formed ids, should reach its route (never No such route)',
    async (template) => {
      const h = createHarness();
      const method = template.slice(0, template.indexOf(' '));
      const path = template.slice(template.indexOf(' ') + 1).replace(/\{\w+\}/g, `Quote:${UUID}`);
      const response = await h.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(response.body.message).not.toBe('No such route');
    },
  );
});
