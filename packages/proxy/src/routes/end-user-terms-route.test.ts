/**
 * `GET /customers/end-user-terms` through the proxy (docs/service-api.md, change history "End-user
 * terms"): the consent screen reads the current terms address and version. Exactly that (method,
 * path) pair is forwarded, for a signed-in app user, with no query; every variant is refused
 * before the upstream (reliability catalogue BFF-02, BFF-03, BFF-15, BFF-22).
 */
import { describe, expect, it } from 'vitest';
import { API, createHarnessForUser, json, rawRequest, STRANGER } from '../testing/proxy-harness.js';
import { createWalletHarness } from '../testing/wallet-fixtures.js';

const TERMS = '/customers/end-user-terms';

describe('GET /customers/end-user-terms', () => {
  it('given a signed-in user, should forward exactly GET /customers/end-user-terms and relay the terms', async () => {
    const harness = createWalletHarness();
    harness.addUser('alice');
    const response = await harness.as('alice', 'GET', TERMS);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = await json(response);
    expect(body).toEqual({ version: expect.any(String), url: expect.stringMatching(/^https:/) });
    expect(harness.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET http://127.0.0.1/2025-10-13/customers/end-user-terms',
    ]);
    expect(harness.calls[0]!.body.byteLength).toBe(0);
  });

  it('BFF-15: given no app session, should answer 401 and forward nothing', async () => {
    const harness = createHarnessForUser(null);
    const response = await harness.call('GET', TERMS);
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-22: given POST, PATCH, PUT or DELETE, should answer 405 with Allow: GET and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      const response = await harness.call(method, TERMS, { body: '{}' });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow'), method).toBe('GET');
      expect(await json(response)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    }
    expect(harness.calls).toHaveLength(0);
  });

  it('BFF-02/03: given extra segments, a trailing slash, another case or an encoded slash, should refuse (400/404) and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    const refusals: [string, number][] = [
      [`${TERMS}/2025-10`, 404],
      [`${TERMS}/x/y`, 404],
      [`${TERMS}/`, 400],
      ['/customers/END-USER-TERMS', 400], // read as a malformed Customer id, never forwarded
      ['/customers/end-user-terms%2F..%2Finternal-accounts', 400],
      ['/customers/end-user-terms/../../internal-accounts', 400],
    ];
    for (const [path, status] of refusals) {
      const response = await harness.proxy.fetch(rawRequest('GET', `${API}${path}`));
      expect(response.status, path).toBe(status);
    }
    expect(harness.calls).toHaveLength(0);
  });

  it('given a query (a customerId, an injected parameter, an encoded & or a repeated name), should answer 400 INVALID_INPUT and forward nothing', async () => {
    const harness = createHarnessForUser(STRANGER);
    for (const query of [
      `?customerId=${encodeURIComponent(STRANGER.customerId)}`,
      '?version=1&url=https://evil.example',
      '?x=%26customerId%3DCustomer%3Aother',
      '?a=1&a=2',
      '?',
    ]) {
      const response = await harness.call('GET', `${TERMS}${query}`);
      if (query === '?') {
        // An empty query string carries no parameter: the plain route, forwarded without one.
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status, query).toBe(400);
      expect(await json(response)).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(harness.calls.map((call) => new URL(call.url).search)).toEqual(['']);
  });
});
