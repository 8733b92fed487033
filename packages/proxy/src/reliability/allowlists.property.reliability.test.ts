/**
 * Reliability catalogue FUZZ-1 for the proxy's two allowlists: the route matcher (an exact list of
 * (method, template) pairs, BFF-01..04, BFF-22) and the header allowlist in both directions
 * (BFF-06..08, SR-02, SR-21). 1,000 seeded runs per property in the test command;
 * `PROPERTY_RUNS` / `PROPERTY_SEED` for more. Failures print their seed and path.
 */
import { createTestKey, stamp } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import {
  passedBackHeaders,
  readSignedRetryHeaders,
  upstreamRequestHeaders,
} from '../http/forward-headers.js';
import { checkRawPath, decodeSegments, MAX_PATH_LENGTH } from '../http/raw-path.js';
import { isResourceId, RESOURCE_NAMES, type ResourceName } from '../ids.js';
import { matchServiceRoute, parseTemplate } from '../routes/match-route.js';
import { SERVICE_ROUTES, type ServiceRoute } from '../routes/route-table.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const runs = (seed: number) => ({
  numRuns: RUNS,
  seed: process.env.PROPERTY_SEED === undefined ? seed : Number(process.env.PROPERTY_SEED),
});

const RESOURCES: readonly ResourceName[] = RESOURCE_NAMES;
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'TRACE', 'OPTIONS', 'HEAD'];

/** A path segment standing for an id: right or wrong prefix, `:` literal or `%3A`, any case. */
const idSegment = fc
  .record({
    resource: fc.constantFrom(...RESOURCES),
    uuid: fc.uuid(),
    upper: fc.boolean(),
    encodedColon: fc.boolean(),
  })
  .map(
    ({ resource, uuid, upper, encodedColon }) =>
      `${resource}${encodedColon ? '%3A' : ':'}${upper ? uuid.toUpperCase() : uuid}`,
  );
const hostileSegment = fc.constantFrom(
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2F',
  '%5C',
  '%252e%252e',
  '',
  'evil.example',
  '\\evil',
  'http:',
  '%00',
  '%0d%0a',
  'customers',
  'sandbox',
  'transfer-in',
  'é',
);
const literalSegment = fc.constantFrom(
  ...new Set(
    SERVICE_ROUTES.flatMap((route) =>
      parseTemplate(route.template).flatMap((part) => ('literal' in part ? [part.literal] : [])),
    ),
  ),
);

/** Paths built from a template (ids of any kind in its slots), mutated, or from loose segments. */
const servicePath = fc.oneof(
  fc
    .record({
      route: fc.constantFrom(...SERVICE_ROUTES),
      ids: fc.array(fc.oneof(idSegment, hostileSegment), { minLength: 3, maxLength: 3 }),
    })
    .map(({ route, ids }) => {
      let slot = 0;
      return `/${parseTemplate(route.template)
        .map((part) => ('literal' in part ? part.literal : ids[slot++]))
        .join('/')}`;
    }),
  fc
    .array(fc.oneof(literalSegment, idSegment, hostileSegment), { minLength: 0, maxLength: 6 })
    .map((segments) => `/${segments.join('/')}`),
  fc.string({ maxLength: 80 }).map((text) => `/${text}`),
);

describe('route matcher (catalogue BFF-01..04, BFF-22)', () => {
  it('FUZZ-1: given any method and path, a match should be an allowlisted pair whose template rebuilds the decoded path, with every id of the route’s resource', () => {
    fc.assert(
      fc.property(fc.constantFrom(...METHODS), servicePath, (method, path) => {
        const verdict = matchServiceRoute(method, path, SERVICE_ROUTES);
        expect(['match', 'bad-path', 'not-found', 'method-not-allowed', 'invalid-id']).toContain(
          verdict.kind,
        );
        if (verdict.kind !== 'match') {
          return;
        }
        const route: ServiceRoute = verdict.route;
        expect(SERVICE_ROUTES).toContain(route);
        expect(route.method).toBe(method);
        const rebuilt = parseTemplate(route.template).map((part) =>
          'literal' in part ? part.literal : verdict.params[part.param],
        );
        expect(rebuilt).toEqual(decodeSegments(path));
        for (const value of Object.values(verdict.params)) {
          expect(isResourceId(value, route.idResource!)).toBe(true);
        }
      }),
      runs(0x20a1),
    );
  });

  it('FUZZ-1: given a path with a traversal, encoded separator, double encoding, backslash, empty segment or control byte anywhere, should never match', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        servicePath,
        fc.constantFrom('..', '%2e%2e', '%2E', '.', '%2F', '%5C', '%252F', '', '%00', '\\x'),
        fc.nat(),
        (method, path, hostile, at) => {
          const segments = path.split('/').slice(1);
          segments.splice(at % (segments.length + 1), 0, hostile);
          const verdict = matchServiceRoute(method, `/${segments.join('/')}`, SERVICE_ROUTES);
          expect(verdict.kind).not.toBe('match');
        },
      ),
      runs(0x20a2),
    );
  });

  it('FUZZ-1: given each template with a well-formed id of its resource (any case, `:` or `%3A`), should match that route and no other method', () => {
    const withIds = SERVICE_ROUTES.filter((route) => route.idResource !== undefined);
    fc.assert(
      fc.property(
        fc.constantFrom(...withIds),
        fc.uuid(),
        fc.boolean(),
        fc.boolean(),
        (route, uuid, upper, encoded) => {
          const id = `${route.idResource}${encoded ? '%3A' : ':'}${upper ? uuid.toUpperCase() : uuid}`;
          const path = route.template.replace(/\{[^}]+\}/, id);
          const verdict = matchServiceRoute(route.method, path, SERVICE_ROUTES);
          expect(verdict).toMatchObject({ kind: 'match', route: { key: route.key } });
          for (const other of ['PUT', 'TRACE']) {
            expect(matchServiceRoute(other, path, SERVICE_ROUTES).kind).toBe('method-not-allowed');
          }
        },
      ),
      runs(0x20a3),
    );
  });
});

describe('raw path check (catalogue BFF-01, BFF-02), against a model', () => {
  /** The rules of the raw-path check written out: the first problem in reading order. */
  function model(path: string): string | undefined {
    if (!path.startsWith('/')) {
      return 'not-absolute';
    }
    if (path.length > 2048) {
      return 'too-long';
    }
    const printable = (code: number) => code >= 33 && code <= 126;
    for (let i = 0; i < path.length; i++) {
      const code = path.charCodeAt(i);
      if (!printable(code)) {
        return 'invalid-character';
      }
      if (path[i] === '\\') {
        return 'backslash';
      }
      if (path[i] === '%') {
        const pair = path.slice(i + 1, i + 3);
        if (pair.length !== 2 || !/^[0-9a-f]{2}$/i.test(pair)) {
          return 'bad-escape';
        }
        const byte = Number.parseInt(pair, 16);
        if (byte === 0x25) {
          return 'double-encoding';
        }
        if (byte === 0x2f || byte === 0x5c) {
          return 'encoded-separator';
        }
        if (!printable(byte)) {
          return 'invalid-character';
        }
        i += 2;
      }
    }
    if (path === '/') {
      return undefined;
    }
    for (const segment of path.slice(1).split('/')) {
      if (segment === '') {
        return 'empty-segment';
      }
      const decoded = decodeURIComponent(segment);
      if (decoded === '.' || decoded === '..') {
        return 'dot-segment';
      }
    }
    return undefined;
  }

  const piece = fc.oneof(
    fc.constantFrom(
      '/',
      '/',
      'a',
      'Z',
      '0',
      ':',
      '!',
      '~',
      ' ',
      '\\',
      '.',
      '..',
      '%',
      '%2',
      '%41',
      '%7e',
      '%7F',
      '%20',
      '%21',
      '%2e',
      '%2E',
      '%2f',
      '%5C',
      '%25',
      '%00',
      '%0a',
      'é',
      '\u0000',
      '\u007f',
      'AuthMethod:',
    ),
    fc.string({ unit: 'binary-ascii', maxLength: 4 }),
  );

  it('FUZZ-1: given paths built from hostile pieces, should report exactly the problem the rules name, in order', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, absolute) => {
        const path = `${absolute ? '/' : ''}${pieces.join('')}`;
        expect(checkRawPath(path) ?? 'ok', JSON.stringify(path)).toBe(model(path) ?? 'ok');
      }),
      runs(0x7a71),
    );
  });

  it('FUZZ-1: given paths at the length limit, should accept 2048 characters and refuse 2049', () => {
    expect(MAX_PATH_LENGTH).toBe(2048);
    const at = (length: number) => `/${'a'.repeat(length - 1)}`;
    expect(checkRawPath(at(2048))).toBeUndefined();
    expect(checkRawPath(at(2049))).toBe('too-long');
  });
});

describe('header allowlist (catalogue BFF-06..08, SR-02, SR-21)', () => {
  const AUTH = `Basic ${btoa('platform:secret')}`;
  // Well-formed stamps (docs/protocol.md §2) by two keys, compressed and not, and base64url noise.
  const key = createTestKey('02'.repeat(32));
  const wellFormedStamps = new Set([
    stamp('payload', key),
    stamp('other payload', key, { uncompressed: true }),
    stamp('payload', key, { highS: true }),
  ]);
  const stampValue = fc.oneof(
    fc.constantFrom(...wellFormedStamps),
    fc.string({
      unit: fc.constantFrom(
        ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''),
      ),
      minLength: 1,
      maxLength: 300,
    }),
  );
  const headerName = fc.constantFrom(
    'Authorization',
    'Host',
    'Cookie',
    'X-Forwarded-For',
    'X-Forwarded-Host',
    'Forwarded',
    'Connection',
    'Transfer-Encoding',
    'Content-Length',
    'Origin',
    'Referer',
    'Proxy-Authorization',
    'X-Api-Key',
    'Service-Wallet-Signature',
    'Request-Id',
    'Idempotency-Key',
    'Content-Type',
  );
  const idempotencyKey = fc.oneof(
    fc.string({
      unit: fc.constantFrom('a', 'Z', '9', '-', ',', ' ', '~'),
      minLength: 0,
      maxLength: 6,
    }),
    fc.constant('k'.repeat(256)),
  );
  const headerValue = fc.oneof(
    idempotencyKey,
    stampValue,
    fc.uuid().map((uuid) => `Request:${uuid}`),
    fc.string({ unit: 'binary-ascii', maxLength: 60 }),
    fc.string({ maxLength: 30 }),
  );

  it('FUZZ-1: given any browser headers on any route, should forward only the platform Authorization, Accept, Content-Type and accepted signed-retry values, or refuse with 400', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SERVICE_ROUTES),
        fc.array(fc.tuple(headerName, headerValue), { maxLength: 8 }),
        fc.boolean(),
        (route, pairs, passkeyVerify) => {
          const browser = new Headers();
          for (const [name, value] of pairs) {
            try {
              browser.set(name, value);
            } catch {
              // CR/LF/NUL cannot even be put in a Headers object (BFF-06): nothing to forward.
            }
          }
          // The pairing rules of docs/protocol.md §1 "Headers", written out.
          const signature = browser.get('Service-Wallet-Signature');
          const requestId = browser.get('Request-Id');
          const key = browser.get('Idempotency-Key');
          const wellFormed =
            (signature === null || wellFormedStamps.has(signature)) &&
            (requestId === null ||
              /^Request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
                requestId,
              )) &&
            (key === null || /^[\x21-\x2b\x2d-\x7e]{1,255}$/.test(key));
          const paired =
            route.signature === 'none'
              ? signature === null && requestId === null
              : route.signature === 'signed-retry'
                ? (signature === null) === (requestId === null) ||
                  (passkeyVerify && signature === null)
                : !(requestId !== null && signature === null);
          const keyAllowed = key === null || route.signature === 'quote-execute';
          const expected = wellFormed && paired && keyAllowed;
          let signed: ReturnType<typeof readSignedRetryHeaders>;
          try {
            signed = readSignedRetryHeaders(browser, route, { passkeyVerify });
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).status).toBe(400);
            expect(expected, `refused ${route.key} ${JSON.stringify([...browser])}`).toBe(false);
            return;
          }
          expect(expected, `accepted ${route.key} ${JSON.stringify([...browser])}`).toBe(true);
          expect(signed.idempotencyKey).toBe(key ?? undefined);
          if (signed.requestId !== undefined) {
            expect(isResourceId(signed.requestId, 'Request')).toBe(true);
            expect(signed.requestId).toBe(browser.get('Request-Id'));
          }
          if (signed.signature !== undefined) {
            expect(signed.signature).toBe(browser.get('Service-Wallet-Signature'));
          }
          const upstream = upstreamRequestHeaders({
            authorization: AUTH,
            contentType: 'application/json',
            signed,
            signatureHeaderName: 'Service-Wallet-Signature',
          });
          const names = [...upstream.keys()];
          for (const name of names) {
            expect([
              'authorization',
              'accept',
              'content-type',
              'service-wallet-signature',
              'request-id',
              'idempotency-key',
            ]).toContain(name);
          }
          expect(upstream.get('Authorization')).toBe(AUTH);
          for (const value of upstream.values()) {
            expect(value).not.toMatch(/[\r\n\0]/);
          }
        },
      ),
      runs(0x4ead),
    );
  });

  it('FUZZ-1: given any upstream response headers, should pass back Content-Type and a well-formed Retry-After only', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(
              'Set-Cookie',
              'Server',
              'WWW-Authenticate',
              'X-Internal-Trace',
              'Location',
              'Retry-After',
              'Content-Type',
              'Access-Control-Allow-Origin',
            ),
            fc.oneof(
              fc.nat({ max: 100_000 }).map(String),
              fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
              fc.string({ maxLength: 40 }),
            ),
          ),
          { maxLength: 8 },
        ),
        (pairs) => {
          const upstream = new Headers();
          for (const [name, value] of pairs) {
            try {
              upstream.append(name, value);
            } catch {
              // Not a header value: the upstream could not have sent it.
            }
          }
          const kept = passedBackHeaders(upstream);
          for (const name of Object.keys(kept)) {
            expect(['Content-Type', 'Retry-After']).toContain(name);
          }
          if (kept['Retry-After'] !== undefined) {
            expect(kept['Retry-After']).toMatch(
              /^(\d{1,10}|[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT)$/,
            );
          }
        },
      ),
      runs(0x4eae),
    );
  });
});
