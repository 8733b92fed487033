/**
 * Wire types, named exactly as the service names them (docs/contributing.md §2.2; docs/service-api.md
 * "Resources and their fields", docs/protocol.md §12 and §11.6). The kit ignores unknown members.
 */

export type CredentialType = 'PASSKEY' | 'OAUTH' | 'EMAIL_OTP' | 'SMS_OTP';
export type InternalAccountType =
  | 'INTERNAL_FIAT'
  | 'INTERNAL_CRYPTO'
  | 'EMBEDDED_WALLET'
  | 'RULE_BASED';
export type InternalAccountStatus = 'PENDING' | 'ACTIVE' | 'CLOSED' | 'FROZEN' | 'FAILED';

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

export interface CurrencyAmount {
  /** In the smallest unit of the currency. */
  amount: number;
  currency: Currency;
}

export interface PaymentInstructions {
  accountOrWalletInfo: { accountType: string; [field: string]: unknown };
  instructionsNotes?: string;
  isPlatformAccount?: boolean;
}

export interface InternalAccount {
  id: string;
  customerId?: string;
  type: InternalAccountType;
  status: InternalAccountStatus;
  balance: CurrencyAmount;
  totalBalance: CurrencyAmount;
  fundingPaymentInstructions: PaymentInstructions[];
  label?: string | null;
  sweepRule?: Record<string, unknown> | null;
  privateEnabled?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface InternalAccountListResponse {
  data: InternalAccount[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

export interface ListInternalAccountsParams {
  currency?: string;
  customerId?: string;
  type?: InternalAccountType;
  /** 1 to 100. @defaultValue 20 */
  limit?: number;
  cursor?: string;
}

/** A credential of an account (AuthMethod). */
export interface AuthMethod {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  /** WebAuthn credential id (base64url), PASSKEY only. */
  credentialId?: string;
  /** JSON text `{version, data, dataSignature, enclaveQuorumPublic}`, OTP challenge/add only. */
  otpEncryptionTargetBundle?: string;
  createdAt: string;
  updatedAt: string;
}

export interface AuthSession {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  /** base58check sealed key (docs/protocol.md §7), OAUTH/PASSKEY/refresh with a pub65 key only. */
  encryptedSessionSigningKey?: string;
}

/** Body of a 202 (docs/service-api.md, Signed-retry challenge). */
export interface SignedRetryChallengeBody {
  type?: CredentialType;
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

/** 200 of a PASSKEY challenge (docs/protocol.md §9). */
export interface PasskeyAuthChallenge extends Partial<AuthMethod> {
  challenge: string;
  requestId: string;
  expiresAt: string;
}

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[];
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

export type AddCredentialBody =
  | { type: 'EMAIL_OTP' | 'SMS_OTP'; accountId: string }
  | { type: 'OAUTH'; accountId: string; oidcToken: string }
  | {
      type: 'PASSKEY';
      accountId: string;
      nickname: string;
      challenge: string;
      attestation: PasskeyAttestation;
    };

export type VerifyCredentialBody =
  | { type: 'EMAIL_OTP' | 'SMS_OTP'; encryptedOtpBundle: string }
  | { type: 'OAUTH'; oidcToken: string; clientPublicKey: string }
  | { type: 'PASSKEY'; assertion: PasskeyAssertion };

/** 200 of an export's signed retry (docs/protocol.md §8). */
export interface ExportWalletResponse {
  id: string;
  encryptedWalletCredentials: string;
}

export interface Customer {
  id: string;
  customerType: 'INDIVIDUAL' | 'BUSINESS';
  email?: string;
  phoneNumber?: string;
  fullName?: string;
  kycStatus?: string;
  kybStatus?: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface Quote {
  id: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  createdAt: string;
  expiresAt: string;
  source: { sourceType: 'ACCOUNT'; accountId: string };
  destination: { destinationType: 'ACCOUNT'; accountId: string };
  sendingCurrency?: Currency;
  receivingCurrency?: Currency;
  /** Leaves the source, in the sending currency's smallest unit. */
  totalSendingAmount: number;
  /** Reaches the destination, in the receiving currency's smallest unit (converted when the currencies differ). */
  totalReceivingAmount: number;
  /** Receiving major units per sending major unit; 1 for a same-currency transfer. */
  exchangeRate?: number;
  feesIncluded?: number;
  transactionId?: string;
  paymentInstructions?: { accountOrWalletInfo: { accountType: string; payloadToSign?: string } }[];
}

export interface CreateQuoteBody {
  source: { sourceType: 'ACCOUNT'; accountId: string };
  destination: { destinationType: 'ACCOUNT'; accountId: string };
  lockedCurrencySide: 'SENDING';
  lockedCurrencyAmount: number;
  immediatelyExecute?: boolean;
  description?: string;
}

/** One side of a transaction: an internal account, or where outside money came from. */
export interface TransactionSource {
  /** `ACCOUNT`, or `SANDBOX_FUNDING` for the emulator's funding helper. */
  sourceType: string;
  accountId?: string;
  /** The account's customer; absent for the platform's own accounts and outside money. */
  customerId?: string;
}

export interface TransactionDestination {
  destinationType: string;
  accountId: string;
  customerId?: string;
}

/**
 * A movement of funds (`GET /transactions/{transactionId}`): a quote execute, a deprecated
 * transfer or a sandbox funding, with the amounts and currencies on both sides.
 */
export interface Transaction {
  id: string;
  type: 'INCOMING' | 'OUTGOING';
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  /** The sender's customer on OUTGOING, the recipient's on INCOMING. */
  customerId?: string;
  source: TransactionSource;
  destination: TransactionDestination;
  /** What left the source, in the sending currency's smallest unit. */
  sentAmount: CurrencyAmount;
  /** What reached the destination, in the receiving currency's smallest unit. */
  receivedAmount: CurrencyAmount;
  /** Receiving major units per sending major unit; 1 for one currency. */
  exchangeRate?: number;
  fees?: number;
  quoteId?: string;
  description?: string;
  createdAt: string;
  updatedAt: string;
  settledAt?: string;
}

export interface TransactionListResponse {
  data: Transaction[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount?: number;
}

export interface ListTransactionsParams {
  /** Transactions with this customer on either side; behind the proxy, implied. */
  customerId?: string;
  /** Transactions with this account on either side. */
  accountId?: string;
  /** 1 to 100. @defaultValue 20 */
  limit?: number;
  cursor?: string;
}
