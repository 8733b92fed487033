import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bigIntToBytes, bytesToBigInt } from './bytes.js';

// The kit's big-endian integer codec (point coordinates, DER integers, scalars) against
// @noble/curves' on seeded random inputs.

const runs = { seed: 0xb16, numRuns: 1_000 };

describe('big-endian integers against @noble/curves', () => {
  it('given any bytes, should read the same integer as noble (empty reads 0)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 80 }), (bytes) => {
        expect(bytesToBigInt(bytes)).toBe(bytes.length === 0 ? 0n : bytesToNumberBE(bytes));
      }),
      runs,
    );
  });

  it('given an integer that fits, should write the same fixed-length bytes as noble and read them back', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((length) =>
            fc.tuple(
              fc.constant(length),
              fc.bigInt({ min: 0n, max: (1n << BigInt(8 * length)) - 1n }),
            ),
          ),
        ([length, value]) => {
          const bytes = bigIntToBytes(value, length);
          expect(bytes).toEqual(numberToBytesBE(value, length));
          expect(bytesToBigInt(bytes)).toBe(value);
        },
      ),
      runs,
    );
  });

  it('given an integer wider than the length, should keep its low bytes', () => {
    expect(bigIntToBytes(0x0102_0304n, 2)).toEqual(Uint8Array.of(0x03, 0x04));
    expect(bigIntToBytes(0x1_00n, 1)).toEqual(Uint8Array.of(0));
    expect(bigIntToBytes(0n, 3)).toEqual(new Uint8Array(3));
    expect(bigIntToBytes(0xabcn, 2)).toEqual(Uint8Array.of(0x0a, 0xbc));
  });
});
