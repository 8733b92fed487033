/**
 * Locale-aware formatting with `Intl` only: amounts in a currency's smallest unit, durations of
 * countdowns, and dates. Nothing here reads the browser's locale; the catalogue's `locale` decides.
 */
import type { CurrencyAmount } from '@wallet-auth/core';

/** Writes an integer amount in smallest units as an exact decimal string ("12345", 2 → "123.45"). */
function toDecimalString(amount: number, decimals: number): string {
  const negative = amount < 0;
  const digits = String(Math.trunc(Math.abs(amount))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * Formats a `CurrencyAmount` (an integer in the currency's smallest unit) in `locale`. ISO 4217
 * codes get the locale's currency format; other tickers (USDC, BTC) a number and the code.
 *
 * @param value - The amount and its currency, as the service sends them.
 * @param locale - A BCP 47 tag, normally the catalogue's `locale`.
 */
export function formatAmount(value: CurrencyAmount, locale: string): string {
  const { amount, currency } = value;
  const decimals = Math.max(0, Math.min(20, Math.trunc(currency.decimals)));
  // A decimal string keeps every digit exact where a float division would round.
  const exact = toDecimalString(amount, decimals) as Intl.StringNumericLiteral;
  const fractionDigits = {
    minimumFractionDigits: Math.min(2, decimals),
    maximumFractionDigits: decimals,
  };
  if (/^[A-Z]{3}$/.test(currency.code)) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: currency.code,
        currencyDisplay: 'narrowSymbol',
        ...fractionDigits,
      }).format(exact);
    } catch {
      // Fall through to the ticker form for codes Intl rejects.
    }
  }
  return `${new Intl.NumberFormat(locale, fractionDigits).format(exact)} ${currency.code}`;
}

/**
 * Formats a wait in whole seconds as words ("45 seconds", "4 minutes 5 seconds") for countdowns.
 *
 * @param totalSeconds - Seconds left; negative values count as 0.
 * @param locale - A BCP 47 tag.
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (seconds < 60) {
    return unit(seconds, 'second');
  }
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? unit(minutes, 'minute')
    : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

/**
 * Formats a date-time (ISO 8601 text or epoch ms) as a medium date and short time.
 *
 * @param value - The instant.
 * @param locale - A BCP 47 tag.
 */
export function formatDateTime(value: string | number, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The forms of a message that depends on a count: one per plural category of the language
 * (Unicode CLDR: `zero`, `one`, `two`, `few`, `many`, `other`; `other` is required), plus
 * exact-number forms written `=0`, `=1`… that win over the category, as in ICU MessageFormat.
 */
export type PluralForms = { other: string } & Partial<
  Record<Intl.LDMLPluralRule | `=${number}`, string>
>;

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * Picks the form of a message for `count` with `Intl.PluralRules` in `locale`: the exact form
 * `=count` if given, else the form of the count's plural category, else `other`. Japanese has
 * only `other`; French puts 0 and 1 in `one`; Polish or Arabic would use `few` and `many`.
 *
 * @param locale - A BCP 47 tag, normally the catalogue's `locale`.
 * @param count - The number the message is about.
 * @param forms - The message's forms, each already containing the formatted count.
 * @example
 * selectPlural('fr', 0, { one: '0 essai restant', other: `${n} essais restants` }); // "0 essai restant"
 */
export function selectPlural(locale: string, count: number, forms: PluralForms): string {
  const exact = forms[`=${count}`];
  if (exact !== undefined) {
    return exact;
  }
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return forms[rules.select(count)] ?? forms.other;
}
