import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createCookieSigner,
  readCookie,
  serializeClearedCookie,
  serializeSessionCookie,
} from './session-cookie.js';

const SECRET = 'cookie-secret-for-tests-0123456789abcdef';
const NOW = Date.parse('2026-01-15T10:00:00Z');
const CLAIMS = { sub: 'user_1', iat: NOW / 1000, exp: NOW / 1000 + 3600, jti: 'abc' };

describe('createCookieSigner', () => {
  it('given a value it signed, should verify it and return the claims', async () => {
    const signer = createCookieSigner(SECRET);
    const value = await signer.sign(CLAIMS);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await signer.verify(value, NOW)).toEqual(CLAIMS);
  });

  it('given any single-character change to a signed value, should refuse it (1,000 seeded runs)', async () => {
    const signer = createCookieSigner(SECRET);
    const value = await signer.sign(CLAIMS);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(value.length - 1),
        fc.constantFrom(...'AQgw_-.0z'),
        async (at, char) => {
          fc.pre(value[at] !== char);
          const tampered = `${value.slice(0, at)}${char}${value.slice(at + 1)}`;
          expect(await signer.verify(tampered, NOW)).toBeUndefined();
        },
      ),
      { numRuns: 1000, seed: 0xc00c1e },
    );
  });

  it('given a value verified before (cached), should still refuse it once expired and refuse its tampered twin', async () => {
    const signer = createCookieSigner(SECRET);
    const value = await signer.sign(CLAIMS);
    expect(await signer.verify(value, NOW)).toEqual(CLAIMS);
    expect(await signer.verify(value, NOW + 1000)).toEqual(CLAIMS);
    expect(await signer.verify(value, NOW + 3600 * 1000)).toBeUndefined();
    expect(await signer.verify(value, NOW - 120 * 1000)).toBeUndefined();
    expect(await signer.verify(`${value.slice(0, -1)}A`, NOW)).toBeUndefined();
  });

  it('given a value signed with another secret, an expired value or garbage, should refuse it', async () => {
    const signer = createCookieSigner(SECRET);
    const other = createCookieSigner(`${SECRET}-other`);
    expect(await signer.verify(await other.sign(CLAIMS), NOW)).toBeUndefined();
    expect(await signer.verify(await signer.sign(CLAIMS), NOW + 3600 * 1000)).toBeUndefined();
    expect(await signer.verify('v1..', NOW)).toBeUndefined();
    expect(await signer.verify('not-a-cookie', NOW)).toBeUndefined();
    expect(await signer.verify(`v1.${'A'.repeat(5000)}.x`, NOW)).toBeUndefined();
  });

  it('given a payload that is not the claims shape, should refuse it even when correctly signed', async () => {
    const signer = createCookieSigner(SECRET);
    const value = await signer.sign({ ...CLAIMS, sub: '' });
    expect(await signer.verify(value, NOW)).toBeUndefined();
  });
});

describe('session cookie attributes', () => {
  it('BFF-14: should be HttpOnly, Secure, SameSite=Strict, Path=/ and carry no Domain', () => {
    const attributes = { name: '__Host-wallet-auth-session', secure: true, maxAgeSeconds: 600 };
    expect(serializeSessionCookie(attributes, 'v1.a.b')).toBe(
      '__Host-wallet-auth-session=v1.a.b; Path=/; Max-Age=600; HttpOnly; Secure; SameSite=Strict',
    );
    expect(serializeClearedCookie(attributes)).toBe(
      '__Host-wallet-auth-session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict',
    );
  });

  it('given a Cookie header, should read the one value of the name and refuse a duplicated name', () => {
    expect(readCookie('a=1; s=v1.x.y; b=2', 's')).toBe('v1.x.y');
    expect(readCookie('s=one; s=two', 's')).toBeUndefined();
    expect(readCookie('ss=1', 's')).toBeUndefined();
    expect(readCookie(null, 's')).toBeUndefined();
  });
});
