import { DER } from '@noble/curves/abstract/weierstrass.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../encoding/hex.js';
import { type EcdsaSignature, parseDerSignature, signatureToDerHex } from './der.js';
import { P256_ORDER } from './p256.js';

// The kit's DER codec for ECDSA signatures against @noble/curves' DER, the audited reference, on
// seeded random inputs: random integers, valid encodings, mutated encodings, hand-assembled TLVs
// with random lengths and leading bytes, and arbitrary bytes.

const runs = { seed: 0xde7, numRuns: 1_000 };

/** noble's verdict with the docs/protocol.md §2 rules: strict DER (33-byte integers at most), 1 ≤ r, s < n. */
function nobleParse(bytes: Uint8Array): EcdsaSignature | undefined {
  try {
    const { r, s } = DER.toSig(bytes, 33);
    const inRange = (value: bigint) => value >= 1n && value < P256_ORDER;
    return inRange(r) && inRange(s) ? { r, s } : undefined;
  } catch {
    return undefined;
  }
}

const integer = fc.oneof(
  fc.bigInt({ min: 1n, max: P256_ORDER - 1n }),
  fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
  // Small values and values just under a byte boundary exercise stripping and `00` padding.
  fc.nat(64).chain((bits) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits * 4)) - 1n })),
);
const signature = fc.record({ r: integer, s: integer });

/** Mostly `usual`, sometimes one of `others`. */
function mostly<T>(usual: T, others: T[]): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constant(usual), weight: 6 }, fc.constantFrom(...others));
}

/** A TLV whose tag, length byte and leading content bytes vary: zero padding, sign bits, lies. */
const integerTlv = fc
  .tuple(
    mostly(0x02, [0x03, 0x30]),
    fc.oneof(
      fc.uint8Array({ minLength: 30, maxLength: 33 }),
      fc.uint8Array({ minLength: 0, maxLength: 35 }),
    ),
    mostly(0, [1, -1, 0x80]),
    fc.constantFrom([], [], [0x00], [0x00, 0x00], [0x80], [0xff]),
  )
  .map(([tag, body, lengthError, lead]) => {
    const content = [...lead, ...body];
    return [tag, (content.length + lengthError) & 0xff, ...content];
  });
const sequence = fc
  .tuple(
    mostly(0x30, [0x31, 0x02]),
    fc.oneof(
      { arbitrary: fc.tuple(integerTlv, integerTlv), weight: 4 },
      fc.array(integerTlv, { minLength: 0, maxLength: 3 }),
    ),
    mostly(0, [1, -1, 0x80]),
    mostly([], [[0x00], [0x02, 0x00]]),
  )
  .map(([tag, parts, lengthError, trailing]) => {
    const body = parts.flat();
    return new Uint8Array([tag, (body.length + lengthError) & 0xff, ...body, ...trailing]);
  });

describe('DER signatures against @noble/curves', () => {
  it('given random r and s below 2^256, should encode exactly as noble', () => {
    fc.assert(
      fc.property(signature, (value) => {
        expect(signatureToDerHex(value)).toBe(DER.hexFromSig(value));
      }),
      runs,
    );
  });

  it('given valid encodings, should parse them back exactly as noble', () => {
    fc.assert(
      fc.property(signature, (value) => {
        const der = hexToBytes(DER.hexFromSig(value));
        const expected = nobleParse(der);
        expect(parseDerSignature(der)).toEqual(expected);
        expect(parseDerSignature(bytesToHex(der))).toEqual(expected);
        if (value.r >= 1n && value.r < P256_ORDER && value.s >= 1n && value.s < P256_ORDER) {
          expect(expected).toEqual(value);
        }
      }),
      runs,
    );
  });

  it('given valid encodings with one byte changed, dropped or added, should agree with noble', () => {
    fc.assert(
      fc.property(
        signature,
        fc.nat(80),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('xor', 'drop', 'insert'),
        (value, index, byte, edit) => {
          const der = [...hexToBytes(DER.hexFromSig(value))];
          const position = index % der.length;
          if (edit === 'xor') {
            der[position] = (der[position] as number) ^ (byte || 1);
          } else if (edit === 'drop') {
            der.splice(position, 1);
          } else {
            der.splice(position, 0, byte);
          }
          const bytes = new Uint8Array(der);
          expect(parseDerSignature(bytes)).toEqual(nobleParse(bytes));
        },
      ),
      runs,
    );
  });

  it('given hand-assembled sequences of integer TLVs, should agree with noble', () => {
    let accepted = 0;
    fc.assert(
      fc.property(sequence, (bytes) => {
        const expected = nobleParse(bytes);
        expect(parseDerSignature(bytes)).toEqual(expected);
        accepted += expected === undefined ? 0 : 1;
      }),
      { ...runs, numRuns: 5_000 },
    );
    // Both verdicts occur; the generator is not all noise.
    expect(accepted).toBeGreaterThan(30);
  });

  it('given arbitrary bytes, should agree with noble and never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 80 }), (bytes) => {
        expect(parseDerSignature(bytes)).toEqual(nobleParse(bytes));
      }),
      runs,
    );
  });
});
