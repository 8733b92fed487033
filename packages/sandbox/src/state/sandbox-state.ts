import { newId } from './ids.js';
import type { ResolvedSandboxOptions } from './options.js';

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

export interface CurrencyAmount {
  amount: number;
  currency: Currency;
}

export type InternalAccountType = 'INTERNAL_FIAT' | 'INTERNAL_CRYPTO' | 'EMBEDDED_WALLET' | 'RULE_BASED';
export type InternalAccountStatus = 'PENDING' | 'ACTIVE' | 'CLOSED' | 'FROZEN' | 'FAILED';

export interface InternalAccountRecord {
  id: string;
  customerId: string | undefined;
  type: InternalAccountType;
  status: InternalAccountStatus;
  /** Epoch ms at which a PENDING account becomes ACTIVE. */
  activatesAt: number;
  balance: number;
  pending: number;
  currency: Currency;
  label: string | null;
  sweepRule: Record<string, unknown> | null;
  privateEnabled: boolean;
  fundingPaymentInstructions: Record<string, unknown>[];
  createdAt: number;
  updatedAt: number;
}

export const CURRENCIES: Record<string, Currency> = {
  USD: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
  EUR: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  USDC: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  BTC: { code: 'BTC', name: 'Bitcoin', symbol: '₿', decimals: 8 },
};

/** All in-memory state of one emulator instance. */
export class SandboxState {
  readonly accounts = new Map<string, InternalAccountRecord>();
  readonly options: ResolvedSandboxOptions;

  constructor(options: ResolvedSandboxOptions) {
    this.options = options;
  }

  now(): number {
    return this.options.clock();
  }

  newId(name: Parameters<typeof newId>[0]): string {
    return newId(name, this.options.random);
  }

  createAccount(input: {
    customerId?: string;
    type: InternalAccountType;
    currency: Currency;
    label?: string | null;
    fundingPaymentInstructions?: Record<string, unknown>[];
  }): InternalAccountRecord {
    const now = this.now();
    const activation = this.options.platform.accountActivationSeconds * 1000;
    const record: InternalAccountRecord = {
      id: this.newId('InternalAccount'),
      customerId: input.customerId,
      type: input.type,
      status: activation > 0 ? 'PENDING' : 'ACTIVE',
      activatesAt: now + activation,
      balance: 0,
      pending: 0,
      currency: input.currency,
      label: input.label ?? null,
      sweepRule: null,
      privateEnabled: false,
      fundingPaymentInstructions: input.fundingPaymentInstructions ?? [],
      createdAt: now,
      updatedAt: now,
    };
    this.accounts.set(record.id, record);
    return record;
  }

  /** Applies time-driven transitions (PENDING → ACTIVE) before a read. */
  settle(record: InternalAccountRecord): InternalAccountRecord {
    if (record.status === 'PENDING' && this.now() >= record.activatesAt) {
      record.status = 'ACTIVE';
      record.updatedAt = record.activatesAt;
    }
    return record;
  }
}
