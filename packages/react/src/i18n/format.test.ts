import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatDuration, selectPlural } from './format.js';

const usd = { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 };
const usdc = { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 };

describe('formatAmount', () => {
  it('given cents, should format the currency in the locale', () => {
    expect(formatAmount({ amount: 123456, currency: usd }, 'en')).toBe('$1,234.56');
    expect(formatAmount({ amount: 123456, currency: usd }, 'fr').replace(/\s/g, ' ')).toBe(
      '1 234,56 $',
    );
  });

  it('given an amount beyond float precision, should keep every digit', () => {
    expect(formatAmount({ amount: 900719925474099, currency: usd }, 'en')).toBe(
      '$9,007,199,254,740.99',
    );
  });

  it('given a ticker that is not ISO 4217, should write the number and the code', () => {
    expect(formatAmount({ amount: 1500000, currency: usdc }, 'en')).toBe('1.50 USDC');
    expect(formatAmount({ amount: 1234567, currency: usdc }, 'fr')).toBe('1,234567 USDC');
  });

  it('given a negative amount and zero decimals, should format them', () => {
    expect(formatAmount({ amount: -5, currency: usd }, 'en')).toBe('-$0.05');
    expect(formatAmount({ amount: 7, currency: { ...usd, code: 'JPY', decimals: 0 } }, 'en')).toBe(
      '¥7',
    );
  });
});

describe('formatDuration', () => {
  it('given seconds, should use words of the locale', () => {
    expect(formatDuration(1, 'en')).toBe('1 second');
    expect(formatDuration(45, 'en')).toBe('45 seconds');
    expect(formatDuration(300, 'en')).toBe('5 minutes');
    expect(formatDuration(65, 'fr').replace(/\s/g, ' ')).toBe('1 minute 5 secondes');
    expect(formatDuration(-3, 'en')).toBe('0 seconds');
  });
});

describe('formatDateTime', () => {
  it('given an ISO date, should format it, and an invalid one as empty', () => {
    expect(formatDateTime('2026-01-15T12:00:00.000Z', 'en')).toMatch(/2026/);
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('selectPlural', () => {
  const forms = { '=0': 'none', one: 'one', few: 'few', many: 'many', other: 'other' };

  it('given an exact form for the count, should prefer it to the category', () => {
    expect(selectPlural('en', 0, forms)).toBe('none');
    expect(selectPlural('fr', 0, { one: 'singular', other: 'plural' })).toBe('singular');
  });

  it('given each language, should pick the category Intl.PluralRules gives', () => {
    expect(selectPlural('en', 1, forms)).toBe('one');
    expect(selectPlural('en', 2, forms)).toBe('other');
    expect(selectPlural('ja', 1, forms)).toBe('other');
    expect(selectPlural('pl', 3, forms)).toBe('few');
    expect(selectPlural('pl', 5, forms)).toBe('many');
    expect(selectPlural('fr', 1_000_000, forms)).toBe('many');
  });

  it('given a category without a form, should fall back to other', () => {
    expect(selectPlural('pl', 3, { one: 'one', other: 'other' })).toBe('other');
  });
});
