/**
 * Exact exchange rates and conversion (docs: packages/sandbox/README.md, "Cross-currency quotes").
 *
 * A rate is receiving major units per sending major unit, held as an exact decimal
 * `coefficient × 10^exponent` (BigInt coefficient), never as a binary float: `0.57` means 57/100,
 * not the double nearest to it. The receiving amount of a quote is
 *
 *   floor(sendingAmount × rate × 10^(receivingDecimals − sendingDecimals))
 *
 * computed in integers. Pure module: no clock, no I/O.
 */

/** At most this many significant digits, so the quote's `exchangeRate` (a JSON number) is exact. */
export const MAX_RATE_DIGITS = 15;
/** Rates lie in [10^-MAX_RATE_MAGNITUDE, 10^MAX_RATE_MAGNITUDE). */
export const MAX_RATE_MAGNITUDE = 18;
/** Largest amount in the smallest unit (amounts are JSON numbers, exact up to 2^53 − 1). */
export const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/** An exact positive decimal: `coefficient × 10^exponent`, coefficient without trailing zeros. */
export interface ExactRate {
  coefficient: bigint;
  exponent: number;
  /** The same value as a number; exact in the sense that `String(value)` is this decimal. */
  value: number;
}

/** The rate of a same-currency transfer. */
export const UNIT_RATE: ExactRate = { coefficient: 1n, exponent: 0, value: 1 };

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;

/**
 * Reads a rate given as a number or a decimal string (`"0.92"`, `"1.0825"`, `"2.5e-5"`). A number
 * is read through its shortest decimal form (`String(0.57)` is `"0.57"`), so it means the decimal
 * it was written as. Returns a reason instead when the value is not a positive decimal of at most
 * {@link MAX_RATE_DIGITS} significant digits within the magnitude bounds.
 */
export function parseRate(input: unknown): ExactRate | { problem: string } {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) {
      return { problem: 'must be a finite number' };
    }
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { problem: 'must be a number or a decimal string such as "0.92"' };
  }
  const match = DECIMAL.exec(text);
  if (match === null) {
    return { problem: `must be a positive decimal such as "0.92", got ${JSON.stringify(input)}` };
  }
  const fraction = match[2] ?? '';
  let digits = `${match[1]}${fraction}`.replace(/^0+/, '');
  let exponent = Number(match[3] ?? '0') - fraction.length;
  if (digits === '') {
    return { problem: 'must be greater than 0' };
  }
  const trailing = /0*$/.exec(digits)![0].length;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  if (digits.length > MAX_RATE_DIGITS) {
    return {
      problem: `must have at most ${MAX_RATE_DIGITS} significant digits, got ${digits.length} (${text})`,
    };
  }
  const magnitude = digits.length - 1 + exponent; // the power of ten of the leading digit
  if (magnitude < -MAX_RATE_MAGNITUDE || magnitude >= MAX_RATE_MAGNITUDE) {
    return {
      problem: `must lie between 1e-${MAX_RATE_MAGNITUDE} and 1e${MAX_RATE_MAGNITUDE}, got ${text}`,
    };
  }
  return { coefficient: BigInt(digits), exponent, value: Number(`${digits}e${exponent}`) };
}

/** The conversion of one sending amount, in integers. */
export interface Conversion {
  /** floor(amount × rate × 10^(receiving − sending decimals)); may exceed {@link MAX_AMOUNT}. */
  receivingAmount: bigint;
  /** Smallest sending amount whose receiving amount is at least 1. */
  smallestConvertible: bigint;
  /** Largest sending amount whose receiving amount is at most {@link MAX_AMOUNT}. */
  largestConvertible: bigint;
}

/**
 * Converts `amount` (smallest sending unit) at `rate` between currencies of `sendingDecimals` and
 * `receivingDecimals`, rounding toward zero (the floor: every value here is positive). With
 * `shift = rate.exponent + receivingDecimals − sendingDecimals`, the product is
 * `amount × coefficient × 10^shift`, divided exactly when `shift` is negative.
 */
export function convert(
  amount: bigint,
  rate: ExactRate,
  decimals: { sending: number; receiving: number },
): Conversion {
  const shift = rate.exponent + decimals.receiving - decimals.sending;
  const numerator = rate.coefficient * 10n ** BigInt(Math.max(shift, 0));
  const denominator = 10n ** BigInt(Math.max(-shift, 0));
  return {
    receivingAmount: (amount * numerator) / denominator,
    // The least n with n × numerator ≥ denominator.
    smallestConvertible: (denominator + numerator - 1n) / numerator,
    // The greatest n with n × numerator < (MAX + 1) × denominator.
    largestConvertible: ((MAX_AMOUNT + 1n) * denominator - 1n) / numerator,
  };
}
