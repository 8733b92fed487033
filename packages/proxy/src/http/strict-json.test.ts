import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseStrictJson } from './strict-json.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('parseStrictJson', () => {
  it('given any JSON value of bounded depth without prototype names, should parse it to the same value (1,000 seeded runs)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        const text = JSON.stringify(value);
        fc.pre(!/"(__proto__|constructor|prototype)":/.test(text));
        const result = parseStrictJson(encode(text));
        expect(result).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 1000, seed: 0x15011 },
    );
  });

  it('BFF-11: given duplicate member names at any level (also when escaped), should refuse the body', () => {
    expect(parseStrictJson(encode('{"accountId":"a","accountId":"b"}'))).toMatchObject({
      ok: false,
    });
    expect(parseStrictJson(encode('{"x":{"a":1,"\\u0061":2}}'))).toMatchObject({ ok: false });
    expect(parseStrictJson(encode('[{"a":1},{"a":1}]'))).toMatchObject({ ok: true });
    expect(parseStrictJson(encode('{"a":{"b":1},"b":{"a":1}}'))).toMatchObject({ ok: true });
  });

  it('BFF-11: given 10k-deep nesting, __proto__ or constructor names, should refuse without touching Object.prototype', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseStrictJson(encode(deep))).toEqual({
      ok: false,
      reason: `Nesting deeper than ${MAX_JSON_DEPTH} levels`,
    });
    expect(parseStrictJson(encode('{"__proto__":{"polluted":true}}'))).toMatchObject({ ok: false });
    expect(parseStrictJson(encode('{"a":{"constructor":{"prototype":{}}}}'))).toMatchObject({
      ok: false,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('given malformed JSON, a byte-order mark or invalid UTF-8, should refuse the body', () => {
    expect(parseStrictJson(encode('{"a":'))).toEqual({
      ok: false,
      reason: 'The body is not valid JSON',
    });
    expect(parseStrictJson(Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d))).toMatchObject({
      ok: false,
    });
    expect(parseStrictJson(Uint8Array.of(0x22, 0xc3, 0x28, 0x22))).toEqual({
      ok: false,
      reason: 'The body is not valid UTF-8',
    });
  });
});
