/**
 * In-memory records of the emulator. Field names follow the interface's resources; times are
 * epoch ms and are rendered as ISO strings by the serialisers in `serialize.ts`.
 */
import type { P256Point } from '../crypto/p256.js';

/** Currency (service interface: CurrencyAmount and Currency). */
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

/** Opaque, stable per-wallet ids used in activity payloads and tokens (wire-format §11.1). */
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

/** A customer as stored. */
export interface CustomerRecord {
  id: string;
  customerType: CustomerType;
  /** The §11.6 fields as last sent (validated), in the order they were first set. */
  fields: Record<string, unknown>;
  /** kycStatus (INDIVIDUAL) or kybStatus (BUSINESS). */
  verificationStatus: VerificationStatus;
  createdAt: number;
  updatedAt: number;
}

/** A COSE public key of a registered passkey (ES256 or RS256). */
export type PasskeyPublicKey =
  | { alg: -7; point: P256Point }
  | { alg: -257; jwk: { kty: 'RSA'; n: string; e: string } };

/** The one pending OTP of an OTP credential (wire-format §4: a new challenge voids the previous). */
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

/** Something the emulator would have delivered (OTP email/SMS, wire-format §14 "sent" event). */
export interface SandboxEvent {
  type: 'OTP_SENT';
  credentialId: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  at: number;
}
