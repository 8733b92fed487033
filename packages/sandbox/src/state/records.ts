/**
 * In-memory records of the emulator. Field names follow the interface's resources; times are
 * epoch ms and are rendered as ISO strings by the serialisers in `serialize.ts`.
 */
import type { P256Point } from '../crypto/p256.js';

/** Currency (docs/service-api.md, CurrencyAmount and Currency). */
export interface Currency {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
}

/** InternalAccountType of the interface. */
export type InternalAccountType =
  | 'INTERNAL_FIAT'
  | 'INTERNAL_CRYPTO'
  | 'EMBEDDED_WALLET'
  | 'RULE_BASED';
/** InternalAccountStatus of the interface. */
export type InternalAccountStatus = 'PENDING' | 'ACTIVE' | 'CLOSED' | 'FROZEN' | 'FAILED';
/** AuthMethod `type`. */
export type CredentialType = 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';
/** `customerType` of a customer. */
export type CustomerType = 'INDIVIDUAL' | 'BUSINESS';
/** kycStatus / kybStatus values. */
export type VerificationStatus = 'UNVERIFIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** Opaque, stable per-wallet ids used in activity payloads and tokens (docs/protocol.md §11.1). */
export interface WalletIdentity {
  organizationId: string;
  userId: string;
  walletId: string;
  /** Receiving address shown in funding instructions and used as `signWith`. */
  address: string;
  /** The wallet's BIP-39 mnemonic (§8); only ever leaves sealed in an export bundle. */
  mnemonic: string;
}

/** An internal account as stored. */
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
  /** Present on EMBEDDED_WALLET accounts only. */
  wallet: WalletIdentity | undefined;
  createdAt: number;
  updatedAt: number;
}

/** A beneficial owner of a business customer; its `kycStatus` follows `personalInfo.lastName` (§14). */
export interface BeneficialOwnerRecord {
  id: string;
  personalInfo: Record<string, unknown>;
  ownershipPercentage: number | undefined;
  /** The owner's kycStatus. */
  status: VerificationStatus;
  createdAt: number;
  updatedAt: number;
}

/** A customer as stored. */
export interface CustomerRecord {
  id: string;
  customerType: CustomerType;
  /** The §11.6 fields as last sent (validated), in the order they were first set; owners apart. */
  fields: Record<string, unknown>;
  /** Beneficial owners (BUSINESS customers only), in the order sent. */
  owners: BeneficialOwnerRecord[];
  /** kycStatus (INDIVIDUAL) or kybStatus (BUSINESS). */
  status: VerificationStatus;
  createdAt: number;
  updatedAt: number;
}

/** `verificationStatus` of a Verification (docs/service-api.md, Customer verification statuses). */
export type VerificationOutcome =
  | 'IN_PROGRESS'
  | 'RESOLVE_ERRORS'
  | 'PENDING_MANUAL_REVIEW'
  | 'APPROVED'
  | 'REJECTED';

/** One entry of a Verification's `errors`: one per missing field or document (§14 rules). */
export interface VerificationError {
  type: 'MISSING_FIELD' | 'MISSING_DOCUMENT' | 'POOR_QUALITY_DOCUMENT';
  /** Dot path of the missing field (MISSING_FIELD). */
  field?: string;
  /** The document requirement concerned (MISSING_DOCUMENT, POOR_QUALITY_DOCUMENT). */
  documentType?: string;
  /** Upload types that satisfy the requirement (MISSING_DOCUMENT). */
  acceptedDocumentTypes?: string[];
  /** The uploaded document judged of poor quality, when there is one. */
  documentId?: string;
  message: string;
}

/** The one Verification of a customer, created by its first `POST /verifications`. */
export interface VerificationRecord {
  id: string;
  customerId: string;
  verificationStatus: VerificationOutcome;
  errors: VerificationError[];
  createdAt: number;
  updatedAt: number;
}

/** An uploaded verification document (`POST /documents`); the bytes are not kept. */
export interface DocumentRecord {
  id: string;
  customerId: string;
  /** Set when the document belongs to a beneficial owner of the customer. */
  beneficialOwnerId: string | undefined;
  documentType: string;
  fileName: string;
  /** Detected from the bytes: image/jpeg, image/png or application/pdf. */
  contentType: string;
  size: number;
  sha256: string;
  createdAt: number;
}

/** A quote between internal accounts, same-currency or cross-currency (docs/protocol.md §11.6). */
export interface QuoteRecord {
  id: string;
  sourceAccountId: string;
  destinationAccountId: string;
  /** `totalSendingAmount`, in the sending currency's smallest unit; leaves the source. */
  sendingAmount: number;
  /** `totalReceivingAmount`, in the receiving currency's smallest unit; reaches the destination. */
  receivingAmount: number;
  sendingCurrency: Currency;
  receivingCurrency: Currency;
  /** Receiving major units per sending major unit (1 for same-currency), exact as configured. */
  exchangeRate: number;
  description: string | undefined;
  status: 'PENDING' | 'COMPLETED';
  createdAt: number;
  expiresAt: number;
  updatedAt: number;
  /** The EMBEDDED_WALLET payment instruction's `payloadToSign` (wallet sources only). */
  payloadToSign: string | undefined;
  transactionId: string | undefined;
  /** Set at acceptance: the `Idempotency-Key` it carried and whether its 200 was delivered. */
  execution: { idempotencyKey: string | undefined; delivered: boolean } | undefined;
}

/** One side of a transaction: an internal account and its owner (none for the platform's). */
export interface TransactionSide {
  accountId: string;
  customerId: string | undefined;
  amount: number;
  currency: Currency;
}

/**
 * A movement of funds the emulator recorded: an executed quote or deprecated transfer (OUTGOING,
 * from `source`), or a sandbox funding (INCOMING, no source account). Settled at creation.
 */
export interface TransactionRecord {
  id: string;
  type: 'OUTGOING' | 'INCOMING';
  status: 'COMPLETED';
  /** The debited account; `undefined` for sandbox funding, whose money comes from outside. */
  source: TransactionSide | undefined;
  destination: TransactionSide;
  exchangeRate: number;
  quoteId: string | undefined;
  description: string | undefined;
  createdAt: number;
  updatedAt: number;
  settledAt: number;
}

/** A COSE public key of a registered passkey (ES256 or RS256). */
export type PasskeyPublicKey =
  | { alg: -7; point: P256Point }
  | { alg: -257; jwk: { kty: 'RSA'; n: string; e: string } };

/** The one pending OTP of an OTP credential (docs/protocol.md §4: a new challenge voids the previous). */
export interface PendingOtp {
  targetPrivateKey: Uint8Array;
  targetPublicKey: P256Point;
  expiresAt: number;
}

/** A credential (AuthMethod) as stored. */
export interface CredentialRecord {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname: string;
  createdAt: number;
  updatedAt: number;
  passkey?: {
    credentialId: string;
    publicKey: PasskeyPublicKey;
    signCount: number;
    transports: string[];
  };
  oauth?: { iss: string; aud: string; sub: string };
  pendingOtp?: PendingOtp;
}

/** A session as stored. */
export interface SessionRecord {
  id: string;
  accountId: string;
  /** The AuthMethod that issued it (refreshed sessions keep their root's), for revoke cascades. */
  credentialId: string;
  type: CredentialType;
  nickname: string;
  /** The key this session authorises, compressed hex (keys compare as points). */
  publicKey: string;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  revoked: boolean;
}

/** Something the emulator would have delivered (OTP email/SMS, docs/protocol.md §14 "sent" event). */
export interface SandboxEvent {
  type: 'OTP_SENT';
  credentialId: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  at: number;
}
