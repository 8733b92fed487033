import { p256 } from '@noble/curves/nist.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../encoding/hex.js';
import { bigIntToBytes } from '../internal/bytes.js';
import {
  compressPublicKey,
  decompressPublicKey,
  isPublicKey,
  publicKeysEqual,
  toUncompressedPublicKey,
  uncompressedPointFromX,
} from './p256.js';

// The kit's public-key arithmetic (BigInt field math over p) against @noble/curves, the audited
// reference, on seeded random inputs: valid points, random coordinates, out-of-field coordinates,
// mutated encodings and arbitrary bytes.

const runs = { seed: 0x9256, numRuns: 1_000 };
const fieldPrime = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;

/** noble's verdict: the point's pub65 or undefined when `Point.fromBytes` rejects the bytes. */
function nobleUncompressed(bytes: Uint8Array): string | undefined {
  try {
    return bytesToHex(p256.Point.fromBytes(bytes).toBytes(false));
  } catch {
    return undefined;
  }
}

/** The kit's verdict in the same form. */
function kitUncompressed(bytes: Uint8Array): string | undefined {
  return isPublicKey(bytes) ? bytesToHex(toUncompressedPublicKey(bytes)) : undefined;
}

const secretKey = fc
  .bigInt({ min: 1n, max: p256.Point.CURVE().n - 1n })
  .map((scalar) => bigIntToBytes(scalar, 32));
const coordinate = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const fieldElement = fc.bigInt({ min: 0n, max: fieldPrime - 1n });
const outOfField = fc.bigInt({ min: fieldPrime, max: (1n << 256n) - 1n });

function encode(prefix: number, ...values: bigint[]): Uint8Array {
  const out = new Uint8Array(1 + 32 * values.length);
  out[0] = prefix;
  values.forEach((value, index) => {
    out.set(bigIntToBytes(value, 32), 1 + 32 * index);
  });
  return out;
}

// noble's key generation dominates: a thousand runs take ~4 s alone, more beside the browser project.
describe('P-256 public-key math against @noble/curves', { timeout: 30_000 }, () => {
  it('given valid points, should compress, decompress and validate exactly as noble', () => {
    fc.assert(
      fc.property(secretKey, (secret) => {
        const uncompressed = p256.getPublicKey(secret, false);
        const compressed = p256.getPublicKey(secret, true);
        expect(compressPublicKey(uncompressed)).toBe(bytesToHex(compressed));
        expect(compressPublicKey(bytesToHex(compressed))).toBe(bytesToHex(compressed));
        expect(decompressPublicKey(compressed)).toBe(bytesToHex(uncompressed));
        expect(toUncompressedPublicKey(bytesToHex(uncompressed).toUpperCase())).toEqual(
          uncompressed,
        );
        expect(publicKeysEqual(compressed, uncompressed)).toBe(true);
        const x = uncompressed.subarray(1, 33);
        const odd = ((uncompressed[64] as number) & 1) === 1;
        expect(uncompressedPointFromX(x, odd)).toEqual(uncompressed);
        expect(uncompressedPointFromX(x, !odd)).toEqual(
          p256.Point.fromBytes(uncompressed).negate().toBytes(false),
        );
      }),
      runs,
    );
  });

  it('given random x with either prefix, should accept and decompress exactly the points noble accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.constantFrom(0x02, 0x03), coordinate, (prefix, x) => {
        const bytes = encode(prefix, x);
        const expected = nobleUncompressed(bytes);
        expect(kitUncompressed(bytes)).toBe(expected);
        expect(uncompressedPointFromX(bytes.subarray(1), prefix === 0x03)).toEqual(
          expected === undefined ? undefined : p256.Point.fromHex(expected).toBytes(false),
        );
        accepted += expected === undefined ? 0 : 1;
      }),
      runs,
    );
    // About half of all x are on the curve; both branches were exercised.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(700);
  });

  it('given coordinates at or above p, should reject them like noble, in both forms', () => {
    fc.assert(
      fc.property(
        outOfField,
        fieldElement,
        fc.constantFrom(0x02, 0x03, 0x04),
        (big, small, prefix) => {
          const forms =
            prefix === 0x04
              ? [encode(prefix, big, small), encode(prefix, small, big)]
              : [encode(prefix, big)];
          for (const bytes of forms) {
            expect(nobleUncompressed(bytes)).toBeUndefined();
            expect(isPublicKey(bytes)).toBe(false);
          }
        },
      ),
      runs,
    );
  });

  it('given a curve point with p added to x, should reject it like noble in both forms', () => {
    let onCurve = 0;
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 256n) - fieldPrime - 1n }),
        fc.boolean(),
        (x, odd) => {
          const valid = nobleUncompressed(encode(odd ? 0x03 : 0x02, x));
          if (valid === undefined) {
            return;
          }
          onCurve++;
          const y = p256.Point.fromHex(valid).y;
          for (const bytes of [
            encode(odd ? 0x03 : 0x02, x + fieldPrime),
            encode(0x04, x + fieldPrime, y),
          ]) {
            expect(nobleUncompressed(bytes)).toBeUndefined();
            expect(isPublicKey(bytes)).toBe(false);
          }
        },
      ),
      runs,
    );
    expect(onCurve).toBeGreaterThan(300);
  });

  it('given the curve point (x, 5) with p added to y, should reject it like noble', () => {
    // Found offline: x³ − 3x + b = 25 (mod p) for this x, so (x, 5) and (x, p − 5) are points.
    const x = 0xd7325d7646cd60d80a92738ceb345f844cffaf35841022cab176f692de8de1d7n;
    expect(kitUncompressed(encode(0x04, x, 5n))).toBe(nobleUncompressed(encode(0x04, x, 5n)));
    expect(isPublicKey(encode(0x04, x, 5n))).toBe(true);
    expect(isPublicKey(encode(0x04, x, fieldPrime - 5n))).toBe(true);
    expect(decompressPublicKey(encode(0x03, x))).toBe(bytesToHex(encode(0x04, x, 5n)));
    const shifted = encode(0x04, x, 5n + fieldPrime);
    expect(nobleUncompressed(shifted)).toBeUndefined();
    expect(isPublicKey(shifted)).toBe(false);
  });

  it('given valid points with a coordinate or the prefix changed, should agree with noble', () => {
    fc.assert(
      fc.property(
        secretKey,
        fc.boolean(),
        fc.nat(64),
        fc.integer({ min: 1, max: 255 }),
        (secret, compressed, index, flip) => {
          const bytes = p256.getPublicKey(secret, compressed).slice();
          const position = index % bytes.length;
          bytes[position] = (bytes[position] as number) ^ flip;
          expect(kitUncompressed(bytes)).toBe(nobleUncompressed(bytes));
        },
      ),
      runs,
    );
  });

  it('given random (x, y) pairs and arbitrary bytes, should agree with noble', () => {
    fc.assert(
      fc.property(fieldElement, fieldElement, (x, y) => {
        const bytes = encode(0x04, x, y);
        expect(kitUncompressed(bytes)).toBe(nobleUncompressed(bytes));
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 70 }), (bytes) => {
        expect(kitUncompressed(bytes)).toBe(nobleUncompressed(bytes));
      }),
      runs,
    );
  });

  it('given two random keys, should compare them as points exactly as noble', () => {
    fc.assert(
      fc.property(secretKey, secretKey, fc.boolean(), fc.boolean(), (a, b, aShort, bShort) => {
        const first = p256.getPublicKey(a, aShort);
        const second = p256.getPublicKey(b, bShort);
        const expected = p256.Point.fromBytes(first).equals(p256.Point.fromBytes(second));
        expect(publicKeysEqual(first, second)).toBe(expected);
        expect(publicKeysEqual(bytesToHex(first), bytesToHex(first).toUpperCase())).toBe(true);
      }),
      runs,
    );
  });
});
