import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUpstreamUrl } from '../upstream/upstream-url.js';
import { matchServiceRoute, parseTemplate } from './match-route.js';
import { SERVICE_ROUTES, type ServiceRoute, serviceRoutes } from './route-table.js';

/** Fixed seed so every CI run explores the same 1,000 cases (reliability catalogue FUZZ-1). */
const RUNS = { numRuns: 1000, seed: 0x5eed_0008 };
const ROUTES = serviceRoutes({ allowSandboxFunding: true });
const UUID = '0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

const hexChar = fc.constantFrom(...'0123456789abcdefABCDEF');
const hexString = (length: number) =>
  fc.string({ unit: hexChar, minLength: length, maxLength: length });
const uuidArb = fc
  .tuple(hexString(8), hexString(4), hexString(4), hexString(4), hexString(12))
  .map((parts) => parts.join('-'));
const colonArb = fc.constantFrom(':', '%3A', '%3a');

function fill(
  entry: ServiceRoute,
  uuid: string,
  colon: string,
): { raw: string; id: string | undefined } {
  let id: string | undefined;
  const raw = parseTemplate(entry.template)
    .map((part) => {
      if ('literal' in part) {
        return part.literal;
      }
      id = `${entry.idResource}:${uuid}`;
      return `${entry.idResource}${colon}${uuid}`;
    })
    .join('/');
  return { raw: `/${raw}`, id };
}

describe('matchServiceRoute (property tests, 1,000 seeded runs each)', () => {
  it('given any allowlisted route with a well-formed id (either case, ":" or "%3A"), should match that route and decode the id once', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), uuidArb, colonArb, (entry, uuid, colon) => {
        const { raw, id } = fill(entry, uuid, colon);
        const result = matchServiceRoute(entry.method, raw, ROUTES);
        expect(result.kind).toBe('match');
        if (result.kind === 'match') {
          expect(result.route.key).toBe(entry.key);
          expect(Object.values(result.params)).toEqual(id === undefined ? [] : [id]);
        }
      }),
      RUNS,
    );
  });

  it('given arbitrary path text, should never throw and only match a path that is exactly a template filled with a well-formed id', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'auth',
        'credentials',
        'sessions',
        'customers',
        'internal-accounts',
        'quotes',
        'execute',
        'verify',
        'challenge',
        'refresh',
        'export',
        'sandbox',
        'fund',
        '2025-10-13',
        '..',
        '.',
        '%2e%2e',
        '%2E.',
        '',
        '%2F',
        '%5c',
        '\\',
        '%252e',
        'http:',
        'evil.example',
        `AuthMethod:${UUID}`,
        `Session%3A${UUID}`,
        `InternalAccount:${UUID}`,
        `Customer:${UUID}`,
        `Quote:${UUID}`,
        `Request:${UUID}`,
        '%00',
        '%',
        'a b',
        'é',
        '%C3%A9',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS', 'TRACE'),
        fc.array(segment, { maxLength: 6 }),
        fc.boolean(),
        (method, segments, leadingSlash) => {
          const raw = `${leadingSlash ? '/' : ''}${segments.join('/')}`;
          const result = matchServiceRoute(method, raw, ROUTES);
          if (result.kind === 'match') {
            const rebuilt = fill(result.route, UUID, ':');
            const decoded = `/${raw.slice(1).split('/').map(decodeURIComponent).join('/')}`;
            const id = Object.values(result.params)[0];
            const expected =
              id === undefined
                ? rebuilt.raw
                : rebuilt.raw.replace(`${result.route.idResource}:${UUID}`, id);
            expect(decoded).toBe(expected);
            expect(result.route.method).toBe(method);
            expect(raw).not.toMatch(/\\|%25|%2f|%5c|\/\/|\/\.\.?(\/|$)|%2e/i);
          }
        },
      ),
      RUNS,
    );
  });

  it('given a valid path with a traversal, separator or encoding trick spliced in anywhere, should never match', () => {
    const trick = fc.constantFrom(
      '..',
      '.',
      '%2e%2e',
      '%2E%2e',
      '.%2e',
      '%2e.',
      '%2e',
      '',
      '%2F',
      '%2f',
      '%5C',
      '\\',
      '%252e%252e',
      '%25',
      'x%2Fy',
      '..%2F',
      '%00',
      '%0A',
      '%0d',
      '%zz',
    );
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), uuidArb, trick, fc.nat(), (entry, uuid, bad, at) => {
        const { raw } = fill(entry, uuid, ':');
        const segments = raw.slice(1).split('/');
        segments.splice(at % (segments.length + 1), 0, bad);
        const result = matchServiceRoute(entry.method, `/${segments.join('/')}`, ROUTES);
        expect(result.kind).not.toBe('match');
      }),
      RUNS,
    );
  });

  it('given a method off the list for a known template, should answer method-not-allowed with exactly the listed methods', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(
          'GET',
          'POST',
          'PATCH',
          'DELETE',
          'PUT',
          'HEAD',
          'OPTIONS',
          'TRACE',
          'CONNECT',
        ),
        uuidArb,
        (entry, method, uuid) => {
          const { raw } = fill(entry, uuid, ':');
          const listed = ROUTES.filter((other) => other.template === entry.template).map(
            (other) => other.method,
          );
          const result = matchServiceRoute(method, raw, ROUTES);
          if (listed.includes(method as ServiceRoute['method'])) {
            expect(result.kind).toBe('match');
          } else {
            expect(result).toEqual({ kind: 'method-not-allowed', allowed: listed });
          }
        },
      ),
      RUNS,
    );
  });

  it('given an id with another resource prefix or a malformed UUID, should answer invalid-id and never match', () => {
    const wrongId = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(
            'AuthMethod',
            'Session',
            'InternalAccount',
            'Customer',
            'Quote',
            'Request',
            'authmethod',
            '',
          ),
          uuidArb,
        )
        .map(([prefix, uuid]) => `${prefix}:${uuid}`),
      fc
        .string({ minLength: 1, maxLength: 40 })
        .filter((text) => !/[/\\%]/.test(text) && text !== '.' && text !== '..'),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ROUTES.filter((entry) => entry.idResource !== undefined)),
        wrongId,
        (entry, id) => {
          const raw = `/${parseTemplate(entry.template)
            .map((part) => ('literal' in part ? part.literal : id))
            .join('/')}`;
          const result = matchServiceRoute(entry.method, raw, ROUTES);
          if (result.kind === 'match') {
            // An independent spelling of docs/protocol.md §1's id form.
            expect(
              new RegExp(
                `^${entry.idResource}:[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$`,
                'i',
              ).test(id),
            ).toBe(true);
          } else {
            expect(['invalid-id', 'not-found', 'method-not-allowed', 'bad-path']).toContain(
              result.kind,
            );
          }
        },
      ),
      RUNS,
    );
  });

  it('given any match, should build an upstream URL on the configured origin and base path, one segment per template part', () => {
    const base = new URL('https://api.example.test/prefix/2025-10-13');
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), uuidArb, colonArb, (entry, uuid, colon) => {
        const result = matchServiceRoute(entry.method, fill(entry, uuid, colon).raw, ROUTES);
        if (result.kind !== 'match') {
          throw new Error('expected a match');
        }
        const url = new URL(buildUpstreamUrl(base, result.route.template, result.params));
        expect(url.origin).toBe(base.origin);
        expect(url.pathname.startsWith('/prefix/2025-10-13/')).toBe(true);
        expect(url.pathname.split('/').length).toBe(3 + parseTemplate(entry.template).length);
        expect(url.pathname).not.toContain('%3A');
        expect(url.search).toBe('');
      }),
      RUNS,
    );
  });
});

describe('matchServiceRoute (examples)', () => {
  it('BFF-01: given //evil.example/x, /\\evil.example/x or an encoded absolute URL, should refuse the path', () => {
    expect(matchServiceRoute('GET', '//evil.example/x', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'empty-segment',
    });
    expect(matchServiceRoute('GET', '/\\evil.example/x', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'backslash',
    });
    expect(matchServiceRoute('GET', '/http:%2F%2Fevil.example/x', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'encoded-separator',
    });
    expect(matchServiceRoute('GET', 'http://evil.example/x', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'not-absolute',
    });
  });

  it('BFF-02: given ../, %2e%2e, %2F and double encoding, should refuse the path before any template is tried', () => {
    expect(matchServiceRoute('GET', '/auth/../customers/internal-accounts', ROUTES).kind).toBe(
      'bad-path',
    );
    expect(matchServiceRoute('GET', '/auth/%2e%2e/customers/internal-accounts', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'dot-segment',
    });
    expect(matchServiceRoute('GET', '/auth%2Fsessions', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'encoded-separator',
    });
    expect(matchServiceRoute('GET', '/auth/%252e%252e/x', ROUTES)).toEqual({
      kind: 'bad-path',
      problem: 'double-encoding',
    });
  });

  it('BFF-03: given platform routes the proxy does not forward, should answer not-found or method-not-allowed', () => {
    expect(matchServiceRoute('POST', '/customers', ROUTES)).toEqual({ kind: 'not-found' });
    expect(matchServiceRoute('GET', '/customers', ROUTES)).toEqual({ kind: 'not-found' });
    expect(matchServiceRoute('POST', '/internal-accounts', ROUTES)).toEqual({ kind: 'not-found' });
    expect(matchServiceRoute('POST', '/transfer-out', ROUTES)).toEqual({ kind: 'not-found' });
    expect(matchServiceRoute('POST', '/verifications', ROUTES)).toEqual({ kind: 'not-found' });
    expect(matchServiceRoute('GET', `/quotes/Quote:${UUID}`, ROUTES)).toEqual({
      kind: 'not-found',
    });
    const withoutFunding = serviceRoutes({ allowSandboxFunding: false });
    expect(
      matchServiceRoute(
        'POST',
        `/sandbox/internal-accounts/InternalAccount:${UUID}/fund`,
        withoutFunding,
      ),
    ).toEqual({
      kind: 'not-found',
    });
    expect(SERVICE_ROUTES.map((entry) => entry.key)).not.toContain('POST /internal-accounts');
    expect(SERVICE_ROUTES.map((entry) => entry.key)).not.toContain('POST /customers');
  });

  it('BFF-04: given path ids without the route prefix or UUID, should answer invalid-id', () => {
    expect(matchServiceRoute('POST', `/auth/credentials/Session:${UUID}/verify`, ROUTES)).toEqual({
      kind: 'invalid-id',
      param: 'id',
      resource: 'AuthMethod',
    });
    expect(matchServiceRoute('DELETE', '/auth/sessions/Session:not-a-uuid', ROUTES).kind).toBe(
      'invalid-id',
    );
    expect(matchServiceRoute('GET', '/customers/nope', ROUTES).kind).toBe('invalid-id');
  });

  it('BFF-22: given TRACE, PUT on a POST route or PATCH on the internal-accounts list, should answer method-not-allowed', () => {
    expect(matchServiceRoute('TRACE', '/auth/credentials', ROUTES)).toEqual({
      kind: 'method-not-allowed',
      allowed: ['POST', 'GET'],
    });
    expect(matchServiceRoute('PUT', `/quotes/Quote:${UUID}/execute`, ROUTES)).toEqual({
      kind: 'method-not-allowed',
      allowed: ['POST'],
    });
    expect(matchServiceRoute('PATCH', '/customers/internal-accounts', ROUTES)).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET'],
    });
  });

  it('given the literal internal-accounts list and a customer id on the same shape, should prefer the literal', () => {
    const list = matchServiceRoute('GET', '/customers/internal-accounts', ROUTES);
    expect(list.kind === 'match' && list.route.key).toBe('GET /customers/internal-accounts');
    const customer = matchServiceRoute('GET', `/customers/Customer:${UUID}`, ROUTES);
    expect(customer.kind === 'match' && customer.route.key).toBe('GET /customers/{customerId}');
  });
});
