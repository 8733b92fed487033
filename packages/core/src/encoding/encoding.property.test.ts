import { base64urlnopad, hex } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from './base64url.js';
import { bytesToHex, hexToBytes, isHex } from './hex.js';

// The kit's hex and base64url codecs against @scure/base, the audited reference, on seeded random
// inputs. Both codecs only ever see public data (keys, signatures, ciphertexts, challenges).

const runs = { seed: 0xba5e, numRuns: 1_000 };

/** @scure/base's verdict with the kit's input rules (base64url alphabet, `=` padding tolerated). */
function scureBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) {
    return undefined;
  }
  try {
    return base64urlnopad.decode(text.replace(/=+$/, ''));
  } catch {
    return undefined;
  }
}

function kitBase64Url(text: string): Uint8Array | undefined {
  try {
    return base64UrlToBytes(text);
  } catch (error) {
    expect(error).toMatchObject({ code: 'ENCODING_INVALID' });
    return undefined;
  }
}

const base64UrlText = fc
  .tuple(
    fc.string({
      unit: fc.constantFrom(
        ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''),
        '+',
        '/',
        '=',
        ' ',
      ),
      maxLength: 24,
    }),
    fc.constantFrom('', '', '=', '==', '==='),
  )
  .map(([body, padding]) => body + padding);

describe('encodings against @scure/base', () => {
  it('given random bytes, should encode hex and base64url exactly as @scure/base and decode back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(bytesToHex(bytes)).toBe(hex.encode(bytes));
        expect(hexToBytes(hex.encode(bytes))).toEqual(bytes);
        expect(hexToBytes(hex.encode(bytes).toUpperCase())).toEqual(bytes);
        expect(bytesToBase64Url(bytes)).toBe(base64urlnopad.encode(bytes));
        expect(base64UrlToBytes(base64urlnopad.encode(bytes))).toEqual(bytes);
      }),
      runs,
    );
  });

  it('given random text over the base64url alphabet, padding and foreign characters, should accept and decode exactly what @scure/base does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(base64UrlText, (text) => {
        const expected = scureBase64Url(text);
        expect(kitBase64Url(text)).toEqual(expected);
        accepted += expected === undefined ? 0 : 1;
      }),
      runs,
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('given random text over hex digits and others, should accept and decode exactly what @scure/base does', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'0123456789abcdefABCDEFgx '.split('')),
          maxLength: 20,
        }),
        (text) => {
          let expected: Uint8Array | undefined;
          try {
            expected = hex.decode(text);
          } catch {
            expected = undefined;
          }
          expect(isHex(text)).toBe(expected !== undefined);
          if (expected === undefined) {
            expect(() => hexToBytes(text)).toThrowError(
              expect.objectContaining({ code: 'ENCODING_INVALID' }),
            );
          } else {
            expect(hexToBytes(text)).toEqual(expected);
          }
        },
      ),
      runs,
    );
  });
});
