import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../routes/match-route.js';
import { buildUpstreamUrl, encodeSegment } from './upstream-url.js';

const RUNS = { numRuns: 1000, seed: 0x5eed_0011 };
const BASES = [
  'https://api.example.test/2025-10-13',
  'https://api.example.test/prefix/2025-10-13/',
  'http://127.0.0.1:8080/v/2025-10-13',
  'http://[::1]:9000/2025-10-13',
].map((href) => new URL(href));
const TEMPLATES = [
  '/auth/credentials',
  '/auth/credentials/{id}/verify',
  '/internal-accounts/{accountId}/export',
  '/quotes/{quoteId}/execute',
];

/** What the builder must equal: the same segments set through a URL parser, checked to stay put. */
function reference(
  base: URL,
  template: string,
  params: Record<string, string>,
  query?: URLSearchParams,
): string {
  const basePath = base.pathname.replace(/\/+$/, '');
  const segments = parseTemplate(template).map((part) =>
    encodeSegment('literal' in part ? part.literal : params[part.param]!),
  );
  const expectedPath = `${basePath}/${segments.join('/')}`;
  const url = new URL(base.href);
  url.pathname = expectedPath;
  url.search = query === undefined ? '' : query.toString();
  if (url.origin !== base.origin || url.pathname !== expectedPath) {
    throw new Error('left the base');
  }
  return url.href;
}

const segmentArb = fc
  .string({ minLength: 1, maxLength: 40, unit: 'grapheme' })
  .filter((value) => value !== '.' && value !== '..');

describe('buildUpstreamUrl', () => {
  it('given any base, template, non-dot ids and query, should equal the URL parser on the same segments, byte for byte', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BASES),
        fc.constantFrom(...TEMPLATES),
        segmentArb,
        fc.option(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 4 }), {
          nil: undefined,
        }),
        (base, template, id, pairs) => {
          const params: Record<string, string> = {};
          for (const part of parseTemplate(template)) {
            if ('param' in part) {
              params[part.param] = id;
            }
          }
          const query = pairs === undefined ? undefined : new URLSearchParams(pairs);
          const built = buildUpstreamUrl(base, template, params, query);
          expect(built).toBe(reference(base, template, params, query));
          expect(new URL(built).href).toBe(built);
        },
      ),
      RUNS,
    );
  });

  it('given an id "." or "..", should throw instead of letting a URL parser climb out of the base', () => {
    const base = BASES[1]!;
    for (const id of ['.', '..']) {
      expect(() => buildUpstreamUrl(base, '/quotes/{quoteId}/execute', { quoteId: id })).toThrow(
        'Upstream URL left the configured base',
      );
    }
    // Encoded dots are ordinary characters, kept encoded.
    expect(buildUpstreamUrl(base, '/quotes/{quoteId}/execute', { quoteId: '%2e%2e' })).toBe(
      'https://api.example.test/prefix/2025-10-13/quotes/%252e%252e/execute',
    );
  });

  it('given a missing or empty id, should throw naming the parameter', () => {
    const base = BASES[0]!;
    expect(() => buildUpstreamUrl(base, '/quotes/{quoteId}/execute')).toThrow(
      'Missing path parameter "quoteId" for /quotes/{quoteId}/execute',
    );
    expect(() => buildUpstreamUrl(base, '/quotes/{quoteId}/execute', { quoteId: '' })).toThrow(
      'Missing path parameter "quoteId"',
    );
  });

  it('given ids with "/", "?", "#" or ":", should keep each inside its one segment', () => {
    const url = buildUpstreamUrl(BASES[0]!, '/auth/credentials/{id}/verify', {
      id: 'Credential:a/b?c#d',
    });
    expect(url).toBe(
      'https://api.example.test/2025-10-13/auth/credentials/Credential:a%2Fb%3Fc%23d/verify',
    );
    expect(new URL(url).pathname.split('/')).toHaveLength(6);
  });
});
