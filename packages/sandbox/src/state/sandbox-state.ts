/**
 * All in-memory state of one emulator instance: customers, their verifications and documents,
 * internal accounts, credentials, sessions, quotes and transactions, and the outbox of "sent"
 * events. Time comes from the injected clock and ids from the
 * injected random source, so tests are deterministic.
 */
import { toHex } from '../crypto/encoding.js';
import { sha256 } from '../crypto/sha256.js';
import { createMnemonic } from '../enclave/mnemonic.js';
import { newId, type ResourceName, uuidFrom } from '../ids.js';
import type { ResolvedSandboxOptions } from '../options.js';
import type {
  CredentialRecord,
  Currency,
  CustomerRecord,
  DocumentRecord,
  InternalAccountRecord,
  InternalAccountType,
  QuoteRecord,
  SandboxEvent,
  SessionRecord,
  TransactionRecord,
  VerificationRecord,
} from './records.js';
import { SessionStore } from './session-store.js';

/** How many delivery events are kept (oldest dropped): keeps memory bounded. */
const MAX_EVENTS = 1000;

/** Inputs of {@link SandboxState.createAccount}. */
export interface CreateAccountInput {
  customerId?: string;
  type: InternalAccountType;
  currency: Currency;
  label?: string | null;
  sweepRule?: Record<string, unknown> | null;
  isPlatformAccount?: boolean;
  /** ACTIVE at creation whatever `platform.accountActivationSeconds` says (RULE_BASED accounts). */
  activeAtOnce?: boolean;
}

/** The in-memory state of one emulator instance. */
export class SandboxState {
  readonly options: ResolvedSandboxOptions;
  readonly accounts = new Map<string, InternalAccountRecord>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly credentials = new Map<string, CredentialRecord>();
  /** Sessions by id and key, ended ones swept to tombstones (docs/protocol.md §12). */
  readonly sessionStore = new SessionStore();
  /** Live session records: active ones and those ended within the grace period. */
  readonly sessions: Map<string, SessionRecord> = this.sessionStore.records;
  /** The one Verification of each customer that has been submitted, by customer id. */
  readonly verifications = new Map<string, VerificationRecord>();
  readonly documents = new Map<string, DocumentRecord>();
  readonly quotes = new Map<string, QuoteRecord>();
  readonly transactions = new Map<string, TransactionRecord>();
  readonly events: SandboxEvent[] = [];
  #lastTimestampMs = 0;

  constructor(options: ResolvedSandboxOptions) {
    this.options = options;
  }

  /** The emulator clock, epoch ms. */
  now(): number {
    return this.options.clock();
  }

  /** A strictly increasing millisecond timestamp (docs/protocol.md §9 passkey challenge bodies). */
  nextTimestampMs(): number {
    this.#lastTimestampMs = Math.max(this.now(), this.#lastTimestampMs + 1);
    return this.#lastTimestampMs;
  }

  /** A new `<ResourceName>:<uuid>`. */
  newId(name: ResourceName): string {
    return newId(name, this.options.random);
  }

  /** Records a delivery the emulator skipped (docs/protocol.md §14: a "sent" event). */
  recordEvent(event: SandboxEvent): void {
    this.events.push(event);
    if (this.events.length > MAX_EVENTS) {
      this.events.splice(0, this.events.length - MAX_EVENTS);
    }
  }

  /** Creates an internal account, PENDING until `platform.accountActivationSeconds` pass. */
  createAccount(input: CreateAccountInput): InternalAccountRecord {
    const now = this.now();
    const activation = input.activeAtOnce
      ? 0
      : this.options.platform.accountActivationSeconds * 1000;
    const id = this.newId('InternalAccount');
    const record: InternalAccountRecord = {
      id,
      customerId: input.customerId,
      type: input.type,
      status: activation > 0 ? 'PENDING' : 'ACTIVE',
      activatesAt: now + activation,
      balance: 0,
      pending: 0,
      currency: input.currency,
      label: input.label ?? null,
      sweepRule: input.sweepRule ?? null,
      privateEnabled: false,
      fundingPaymentInstructions: [],
      wallet: input.type === 'EMBEDDED_WALLET' ? this.#walletIdentity(id) : undefined,
      createdAt: now,
      updatedAt: now,
    };
    record.fundingPaymentInstructions = fundingInstructions(
      record,
      input.isPlatformAccount ?? false,
    );
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

  /** Credentials of an account, oldest first. */
  credentialsOf(accountId: string): CredentialRecord[] {
    return [...this.credentials.values()].filter(
      (credential) => credential.accountId === accountId,
    );
  }

  /** True while a session is neither revoked nor past `expiresAt`. */
  isActive(session: SessionRecord): boolean {
    return !session.revoked && this.now() < session.expiresAt;
  }

  /** Active sessions of an account, oldest first. */
  activeSessionsOf(accountId: string): SessionRecord[] {
    return [...this.sessions.values()].filter(
      (session) => session.accountId === accountId && this.isActive(session),
    );
  }

  /** Documents attached to a customer or to one of its owners, oldest first. */
  documentsOf(customerId: string): DocumentRecord[] {
    return [...this.documents.values()].filter((document) => document.customerId === customerId);
  }

  /** Embedded wallets of a customer. */
  walletsOf(customerId: string): InternalAccountRecord[] {
    return [...this.accounts.values()].filter(
      (account) => account.customerId === customerId && account.type === 'EMBEDDED_WALLET',
    );
  }

  #walletIdentity(accountId: string): NonNullable<InternalAccountRecord['wallet']> {
    const random = this.options.random;
    return {
      organizationId: uuidFrom(random),
      userId: uuidFrom(random),
      walletId: uuidFrom(random),
      // An EVM-style address derived from the account id: stable, opaque, never a real key.
      address: `0x${toHex(sha256(`wallet-address:${accountId}`)).slice(0, 40)}`,
      mnemonic: createMnemonic(random),
    };
  }
}

/**
 * Funding instructions per account type (docs/service-api.md, PaymentInstructions): USD accounts
 * get a USD_ACCOUNT with its required `reference`, EUR an EUR_ACCOUNT, wallets EMBEDDED_WALLET.
 */
function fundingInstructions(
  record: InternalAccountRecord,
  isPlatformAccount: boolean,
): Record<string, unknown>[] {
  const digits = BigInt(`0x${toHex(sha256(record.id)).slice(0, 15)}`)
    .toString()
    .padStart(18, '0');
  const reference = `SBX-${record.id.slice(record.id.indexOf(':') + 1, record.id.indexOf(':') + 9).toUpperCase()}`;
  if (record.wallet !== undefined) {
    return [
      {
        accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', address: record.wallet.address },
        instructionsNotes: 'Send USDC on a supported network to this wallet address.',
        isPlatformAccount,
      },
    ];
  }
  if (record.currency.code === 'USDC' || record.currency.code === 'BTC') {
    const address = toHex(sha256(`deposit-address:${record.id}`));
    return [
      {
        accountOrWalletInfo:
          record.currency.code === 'USDC'
            ? { accountType: 'ETHEREUM_WALLET', address: `0x${address.slice(0, 40)}` }
            : { accountType: 'BITCOIN_L1', address: `bc1q${address.slice(0, 38)}` },
        isPlatformAccount,
      },
    ];
  }
  if (record.currency.code === 'USD') {
    return [
      {
        accountOrWalletInfo: {
          accountType: 'USD_ACCOUNT',
          reference,
          bankName: 'Sandbox National Bank',
          bankAddress: '1 Sandbox Plaza, San Francisco, CA 94105, US',
          accountNumber: digits.slice(0, 12),
          routingNumber: '021000021',
        },
        instructionsNotes: `Include the reference ${reference} with the payment so it is credited.`,
        isPlatformAccount,
      },
    ];
  }
  if (record.currency.code === 'EUR') {
    return [
      {
        accountOrWalletInfo: {
          accountType: 'EUR_ACCOUNT',
          reference,
          iban: `DE89370400440${digits.slice(0, 9)}`,
          // A sandbox bank's BIC; the trailing XXX is the standard primary-office branch code.
          bic: 'SBXBDEFFXXX',
        },
        instructionsNotes: `Include the reference ${reference} with the payment so it is credited.`,
        isPlatformAccount,
      },
    ];
  }
  return [];
}
