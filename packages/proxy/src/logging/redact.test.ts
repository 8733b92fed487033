import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact.js';

const SECRET = 'proxy-client-secret-9f8e7d';

describe('createRedactor', () => {
  it('BFF-21: should replace secret-bearing members whatever their case or spelling', () => {
    const redact = createRedactor([SECRET], ['X-Stamp']);
    const out = redact({
      Authorization: 'Basic abc',
      cookie: 'a=b',
      'Service-Wallet-Signature': 'eyJ…',
      'x-stamp': 'eyJ…',
      body: {
        encryptedOtpBundle: '{…}',
        oidcToken: 'a.b.c',
        nested: { encryptedSessionSigningKey: 'k', assertion: {} },
      },
      keep: 'visible',
    });
    expect(out).toEqual({
      Authorization: REDACTED,
      cookie: REDACTED,
      'Service-Wallet-Signature': REDACTED,
      'x-stamp': REDACTED,
      body: {
        encryptedOtpBundle: REDACTED,
        oidcToken: REDACTED,
        nested: { encryptedSessionSigningKey: REDACTED, assertion: REDACTED },
      },
      keep: 'visible',
    });
  });

  it('BFF-19: given text holding the client secret, its Basic form or a long token, should never let them through (1,000 seeded runs)', () => {
    const basic = btoa(`client:${SECRET}`);
    const redact = createRedactor([SECRET, basic]);
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.constantFrom(SECRET, basic, `Basic ${basic}`, `Bearer ${'x'.repeat(30)}`),
        (before, after, secret) => {
          const out = JSON.stringify(
            redact({ message: `${before}${secret}${after}`, [before]: secret }),
          );
          expect(out).not.toContain(SECRET);
          expect(out).not.toContain(basic);
          expect(out).not.toContain('x'.repeat(30));
        },
      ),
      { numRuns: 1000, seed: 0x5ec12e7 },
    );
  });

  it('given ids, paths and names, should pass them unchanged, and still cut a run of 80 and mask an address', () => {
    const redact = createRedactor([SECRET]);
    const plain = fc.string({
      unit: fc.constantFrom(...'abcXYZ019._:/-'.split('')),
      maxLength: 79,
    });
    fc.assert(
      fc.property(plain, (text) => {
        expect(redact(text)).toBe(text);
      }),
      { numRuns: 500, seed: 0x91a1 },
    );
    expect(redact('a'.repeat(80))).toBe(REDACTED);
    expect(redact(`${'a'.repeat(79)}/`)).toBe(REDACTED);
    expect(redact(`${'a'.repeat(79)}.`)).toBe(`${'a'.repeat(79)}.`);
    expect(redact('ada@example.com')).toBe('a***@example.com');
    expect(redact('Basic abc')).toBe(`Basic ${REDACTED}`);
    expect(redact(`/x/${SECRET}`)).toBe(`/x/${REDACTED}`);
  });

  it('BFF-21: should mask e-mail addresses and escape CR/LF so a field cannot forge a log line', () => {
    const redact = createRedactor([]);
    expect(redact({ email: 'alice.smith@example.com', path: '/a\r\n{"level":"info"}' })).toEqual({
      email: 'a***@example.com',
      path: '/a\\u000d\\u000a{"level":"info"}',
    });
  });

  it('should bound depth and size so a hostile value cannot blow up a log line', () => {
    const redact = createRedactor([]);
    let deep: Record<string, unknown> = {};
    for (let index = 0; index < 50; index++) {
      deep = { deep };
    }
    expect(JSON.stringify(redact(deep))).toContain('[…]');
    const wide = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, index]));
    const kept = redact(wide) as Record<string, number>;
    expect(Object.keys(kept)).toHaveLength(50);
    expect(kept.k0).toBe(0);
    expect(kept.k49).toBe(49);
    expect(kept).not.toHaveProperty('k50');
    expect((redact('y'.repeat(10_000)) as string).length).toBeLessThan(2100);
  });

  it('given the same field names on many records, including after 600 distinct names, should redact each record alike', () => {
    const redact = createRedactor([SECRET]);
    const record = { Authorization: 'Basic abc', 'ada@example.com': SECRET, status: 200 };
    const expected = { Authorization: REDACTED, 'a***@example.com': REDACTED, status: 200 };
    expect(redact(record)).toEqual(expected);
    for (let index = 0; index < 600; index++) {
      redact({ [`field${index}`]: index });
    }
    expect(redact(record)).toEqual(expected);
    expect(redact({ 'bob@example.com': 1, Cookie: 'x' })).toEqual({
      'b***@example.com': 1,
      Cookie: REDACTED,
    });
  });
});
