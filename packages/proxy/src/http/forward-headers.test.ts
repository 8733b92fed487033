import { createTestKey, stamp } from '@wallet-auth/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { SERVICE_ROUTES, type ServiceRoute } from '../routes/route-table.js';
import {
  passedBackHeaders,
  readSignedRetryHeaders,
  upstreamRequestHeaders,
} from './forward-headers.js';

const route = (key: string): ServiceRoute => SERVICE_ROUTES.find((entry) => entry.key === key)!;
/** A well-formed stamp (docs/protocol.md §2) by a fixed key. */
const STAMP = stamp('payload to sign', createTestKey('01'.repeat(32)));
const REQUEST_ID = 'Request:6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';

function verdict(key: string, headers: Record<string, string>, passkeyVerify = false): string {
  try {
    readSignedRetryHeaders(new Headers(headers), route(key), { passkeyVerify });
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? `${error.status}` : 'threw';
  }
}

describe('readSignedRetryHeaders', () => {
  it('SR-02: given one of signature/Request-Id alone, should refuse except passkey verify (Request-Id) and quote execute (signature)', () => {
    const sig = { 'Service-Wallet-Signature': STAMP };
    const rid = { 'Request-Id': REQUEST_ID };
    expect(verdict('DELETE /auth/sessions/{id}', sig)).toBe('400');
    expect(verdict('DELETE /auth/sessions/{id}', rid)).toBe('400');
    expect(verdict('DELETE /auth/sessions/{id}', { ...sig, ...rid })).toBe('ok');
    expect(verdict('DELETE /auth/sessions/{id}', {})).toBe('ok');
    expect(verdict('POST /auth/credentials/{id}/verify', rid)).toBe('400');
    expect(verdict('POST /auth/credentials/{id}/verify', rid, true)).toBe('ok');
    expect(verdict('POST /quotes/{quoteId}/execute', sig)).toBe('ok');
    expect(verdict('POST /quotes/{quoteId}/execute', rid)).toBe('400');
  });

  it('given signature headers on a route that is not a signed retry (lists, challenge, quote creation), should refuse them', () => {
    for (const key of [
      'GET /auth/credentials',
      'POST /auth/credentials/{id}/challenge',
      'POST /quotes',
    ]) {
      expect(verdict(key, { 'Service-Wallet-Signature': STAMP, 'Request-Id': REQUEST_ID })).toBe(
        '400',
      );
    }
  });

  it('BFF-25: should accept Idempotency-Key only on quote execute and return it unchanged', () => {
    const headers = new Headers({ 'Idempotency-Key': 'order-42:attempt-1' });
    expect(
      readSignedRetryHeaders(headers, route('POST /quotes/{quoteId}/execute'), {
        passkeyVerify: false,
      }),
    ).toEqual({
      idempotencyKey: 'order-42:attempt-1',
    });
    expect(verdict('POST /auth/credentials', { 'Idempotency-Key': 'k' })).toBe('400');
  });

  it('SR-21 and BFF-06: given a Request-Id that is 10 KB long, non-ASCII, not Request:<uuid> or carrying CR/LF/NUL, should refuse it', () => {
    const sig = { 'Service-Wallet-Signature': STAMP };
    expect(
      verdict('DELETE /auth/sessions/{id}', {
        ...sig,
        'Request-Id': `Request:${'a'.repeat(10_000)}`,
      }),
    ).toBe('400');
    expect(
      verdict('DELETE /auth/sessions/{id}', { ...sig, 'Request-Id': `${REQUEST_ID}\u00e9` }),
    ).toBe('400');
    expect(
      verdict('DELETE /auth/sessions/{id}', {
        ...sig,
        'Request-Id': REQUEST_ID.replace('Request', 'Session'),
      }),
    ).toBe('400');
    // CR, LF and NUL never reach the proxy: the platform's Headers refuses them outright.
    expect(() => new Headers({ 'Request-Id': `${REQUEST_ID}\r\nX-Evil: 1` })).toThrow();
    expect(() => new Headers({ 'Request-Id': `${REQUEST_ID}\u0000` })).toThrow();
  });

  it('BFF-34: given a signature value that is not stamp-shaped (not base64url, over the size bound, or the sandbox magic constant), should refuse it', () => {
    const rid = { 'Request-Id': REQUEST_ID };
    expect(
      verdict('DELETE /auth/sessions/{id}', { ...rid, 'Service-Wallet-Signature': 'a b' }),
    ).toBe('400');
    expect(
      verdict('DELETE /auth/sessions/{id}', {
        ...rid,
        'Service-Wallet-Signature': 'x'.repeat(8193),
      }),
    ).toBe('400');
    expect(
      verdict('DELETE /auth/sessions/{id}', {
        ...rid,
        'Service-Wallet-Signature': 'sandbox-valid-signature',
      }),
    ).toBe('400');
    expect(
      verdict('DELETE /auth/sessions/{id}', { ...rid, 'Service-Wallet-Signature': STAMP }),
    ).toBe('ok');
  });
});

describe('upstreamRequestHeaders', () => {
  it('BFF-07: whatever the browser sends, should produce only the platform Authorization, Accept, Content-Type and the three signed-retry headers (1,000 seeded runs)', () => {
    const name = fc.oneof(
      fc.constantFrom(
        'Authorization',
        'Host',
        'Cookie',
        'X-Forwarded-For',
        'Connection',
        'Transfer-Encoding',
        'Content-Length',
        'X-Stamp',
        'Origin',
      ),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
    );
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.stringMatching(/^[\x21-\x7e]{0,40}$/)),
        fc.boolean(),
        (sent, renamed) => {
          const browser = new Headers(sent);
          browser.set('Service-Wallet-Signature', STAMP);
          browser.set('Request-Id', REQUEST_ID);
          const signed = readSignedRetryHeaders(browser, route('DELETE /auth/sessions/{id}'), {
            passkeyVerify: false,
          });
          const signatureHeaderName = renamed ? 'X-Stamp' : 'Service-Wallet-Signature';
          const out = upstreamRequestHeaders({
            authorization: 'Basic cGxhdGZvcm0=',
            signed,
            signatureHeaderName,
          });
          const names = [...out.keys()].sort();
          expect(names).toEqual(
            ['accept', 'authorization', 'request-id', signatureHeaderName.toLowerCase()].sort(),
          );
          expect(out.get('Authorization')).toBe('Basic cGxhdGZvcm0=');
          expect(out.get(signatureHeaderName)).toBe(STAMP);
          expect(out.get('Request-Id')).toBe(REQUEST_ID);
        },
      ),
      { numRuns: 1000, seed: 0xb1f07 },
    );
  });
});

describe('passedBackHeaders', () => {
  it('BFF-08: should keep Content-Type and a well-formed Retry-After and drop everything else', () => {
    const upstream = new Headers({
      'Content-Type': 'application/json',
      'Retry-After': '17',
      'Set-Cookie': 'upstream=1',
      Server: 'internal/1.2',
      'WWW-Authenticate': 'Basic realm="service"',
      'X-Internal-Trace': 'abc',
    });
    expect(passedBackHeaders(upstream)).toEqual({
      'Content-Type': 'application/json',
      'Retry-After': '17',
    });
    expect(
      passedBackHeaders(new Headers({ 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' })),
    ).toEqual({
      'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT',
    });
    expect(passedBackHeaders(new Headers({ 'Retry-After': '<script>' }))).toEqual({});
  });
});
