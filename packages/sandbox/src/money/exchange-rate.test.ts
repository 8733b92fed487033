/**
 * Exact rates and the conversion rule floor(amount × rate × 10^(dR − dS)): rates read as the
 * decimals they are written as, results that binary floating point gets wrong, and the bounds
 * the quote route reports (smallest and largest amount that converts), checked by property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type ExactRate, MAX_AMOUNT, parseRate } from './exchange-rate.js';

function rate(input: number | string): ExactRate {
  const parsed = parseRate(input);
  if ('problem' in parsed) {
    throw new Error(parsed.problem);
  }
  return parsed;
}

describe('parseRate', () => {
  it.each([
    [0.57, 57n, -2, 0.57],
    ['0.57', 57n, -2, 0.57],
    [' 0.9200 ', 92n, -2, 0.92],
    [1, 1n, 0, 1],
    ['100000', 1n, 5, 100_000],
    [1e-7, 1n, -7, 1e-7],
    ['2.5e-5', 25n, -6, 0.000025],
    ['1.00000000000001', 100000000000001n, -14, 1.00000000000001],
  ])(
    'EMU-12: given %j, should read the decimal exactly as coefficient %s × 10^%s',
    (input, coefficient, exponent, value) => {
      expect(parseRate(input)).toEqual({ coefficient, exponent, value });
    },
  );

  it.each([
    [0, /greater than 0/],
    ['0.000', /greater than 0/],
    [-1, /positive decimal/],
    ['-0.5', /positive decimal/],
    [Number.NaN, /finite/],
    [Number.POSITIVE_INFINITY, /finite/],
    ['1,5', /positive decimal/],
    ['0x10', /positive decimal/],
    ['', /positive decimal/],
    [0.1 + 0.2, /at most 15 significant digits/], // 0.30000000000000004: a float artefact
    ['1.234567890123456', /at most 15 significant digits/],
    ['1e-19', /between 1e-18 and 1e18/],
    ['1e18', /between 1e-18 and 1e18/],
    [true, /number or a decimal string/],
    [{ value: 1 }, /number or a decimal string/],
  ])('EMU-13: given %j, should refuse it (%s)', (input, problem) => {
    const parsed = parseRate(input);
    expect(parsed).toHaveProperty('problem');
    expect((parsed as { problem: string }).problem).toMatch(problem);
  });
});

describe('convert', () => {
  it('EMU-12: given amounts that binary floating point floors wrongly, should floor the exact product', () => {
    // 100 × 0.57 is 56.99999999999999 in doubles, 100 × 1.15 is 114.99999999999999.
    expect(Math.floor(100 * 0.57)).toBe(56);
    expect(convert(100n, rate(0.57), { sending: 2, receiving: 2 }).receivingAmount).toBe(57n);
    expect(convert(100n, rate('1.15'), { sending: 2, receiving: 2 }).receivingAmount).toBe(115n);
    expect(
      convert(100_000_000_000_000n, rate('1.00000000000001'), { sending: 2, receiving: 2 })
        .receivingAmount,
    ).toBe(100_000_000_000_001n);
  });

  it('EMU-12: given USDC (6 decimals) to USD (2), should drop the sub-cent remainder (floor)', () => {
    const usdcToUsd = { sending: 6, receiving: 2 };
    expect(convert(1_234_567n, rate(1), usdcToUsd)).toEqual({
      receivingAmount: 123n,
      smallestConvertible: 10_000n,
      largestConvertible: (MAX_AMOUNT + 1n) * 10_000n - 1n,
    });
    expect(convert(9_999n, rate(1), usdcToUsd).receivingAmount).toBe(0n);
    expect(convert(1_234_567n, rate('0.92'), usdcToUsd).receivingAmount).toBe(113n);
    // USD to USDC scales up: 1 cent is 10 000 micro-USDC.
    expect(convert(1n, rate(1), { sending: 2, receiving: 6 }).receivingAmount).toBe(10_000n);
  });

  it('EMU-13: given any rate, decimals and amount, should report bounds that are exactly the edges of convertibility', () => {
    const digits = fc.bigInt({ min: 1n, max: 999_999_999_999_999n });
    fc.assert(
      fc.property(
        digits,
        fc.integer({ min: -18, max: 10 }),
        fc.constantFrom(2, 6, 8),
        fc.constantFrom(2, 6, 8),
        fc.bigInt({ min: 1n, max: MAX_AMOUNT }),
        (coefficient, exponent, sending, receiving, amount) => {
          const exact: ExactRate = { coefficient, exponent, value: 0 };
          const decimals = { sending, receiving };
          const { receivingAmount, smallestConvertible, largestConvertible } = convert(
            amount,
            exact,
            decimals,
          );
          // floor: receivingAmount ≤ amount × rate × 10^(dR − dS) < receivingAmount + 1
          const shift = exponent + receiving - sending;
          const scaled = amount * coefficient * 10n ** BigInt(Math.max(shift, 0));
          const unit = 10n ** BigInt(Math.max(-shift, 0));
          expect(receivingAmount * unit <= scaled && scaled < (receivingAmount + 1n) * unit).toBe(
            true,
          );
          const at = (n: bigint) => convert(n, exact, decimals).receivingAmount;
          expect(at(smallestConvertible)).toBeGreaterThanOrEqual(1n);
          if (smallestConvertible > 1n) {
            expect(at(smallestConvertible - 1n)).toBe(0n);
          }
          expect(at(largestConvertible)).toBeLessThanOrEqual(MAX_AMOUNT);
          expect(at(largestConvertible + 1n)).toBeGreaterThan(MAX_AMOUNT);
        },
      ),
      { numRuns: 300, seed: 22 },
    );
  });
});
