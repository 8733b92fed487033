/**
 * The currencies the emulator knows (docs/service-api.md, CurrencyAmount and Currency): fiat USD and
 * EUR with 2 decimals, the wallet's USDC with 6, BTC with 8 (satoshis). Amounts on the wire are
 * integers in the smallest unit.
 */
import type { Currency } from '../state/records.js';

/** Currencies by code: the provisioned USD and USDC, and EUR and BTC for RULE_BASED accounts. */
export const CURRENCIES: Readonly<Record<string, Currency>> = {
  USD: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  USDC: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  BTC: { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
};

/** The known codes, in table order. */
export const CURRENCY_CODES: readonly string[] = Object.keys(CURRENCIES);
