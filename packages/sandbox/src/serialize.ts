/**
 * Records rendered exactly as the interface's resource tables list them (docs/protocol.md §12), with
 * ISO timestamps `YYYY-MM-DDTHH:mm:ss.sssZ` (§1). Shapes the interface leaves open (owners,
 * verifications, documents, quotes, transactions) follow docs/protocol.md §11.6 and the package README.
 */
import { customerStatusField } from './kyc/customer-status.js';
import type {
  BeneficialOwnerRecord,
  CredentialRecord,
  CustomerRecord,
  DocumentRecord,
  InternalAccountRecord,
  QuoteRecord,
  SessionRecord,
  TransactionRecord,
  TransactionSide,
  VerificationRecord,
} from './state/records.js';

/** ISO 8601 of an epoch-ms time. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The InternalAccount record. */
export function serializeAccount(record: InternalAccountRecord): Record<string, unknown> {
  const amount = (value: number) => ({ amount: value, currency: record.currency });
  return {
    id: record.id,
    ...(record.customerId === undefined ? {} : { customerId: record.customerId }),
    type: record.type,
    status: record.status,
    balance: amount(record.balance),
    totalBalance: amount(record.balance + record.pending),
    fundingPaymentInstructions: record.fundingPaymentInstructions,
    label: record.label,
    sweepRule: record.type === 'RULE_BASED' ? record.sweepRule : null,
    ...(record.type === 'EMBEDDED_WALLET' ? { privateEnabled: record.privateEnabled } : {}),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** The AuthMethod record; `otpEncryptionTargetBundle` only where a fresh one was issued (§12). */
export function serializeCredential(
  record: CredentialRecord,
  extra: { otpEncryptionTargetBundle?: string } = {},
): Record<string, unknown> {
  return {
    id: record.id,
    accountId: record.accountId,
    type: record.type,
    nickname: record.nickname,
    ...(record.passkey === undefined ? {} : { credentialId: record.passkey.credentialId }),
    ...(extra.otpEncryptionTargetBundle === undefined
      ? {}
      : { otpEncryptionTargetBundle: extra.otpEncryptionTargetBundle }),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** The AuthSession record; the sealed key only in the response that created it (§7, §15). */
export function serializeSession(
  record: SessionRecord,
  encryptedSessionSigningKey?: string,
): Record<string, unknown> {
  return {
    id: record.id,
    accountId: record.accountId,
    type: record.type,
    nickname: record.nickname,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    expiresAt: iso(record.expiresAt),
    ...(encryptedSessionSigningKey === undefined ? {} : { encryptedSessionSigningKey }),
  };
}

/** A beneficial owner: its id (to attach documents and keep it on PATCH) and its kycStatus. */
export function serializeOwner(record: BeneficialOwnerRecord): Record<string, unknown> {
  return {
    id: record.id,
    personalInfo: record.personalInfo,
    ...(record.ownershipPercentage === undefined
      ? {}
      : { ownershipPercentage: record.ownershipPercentage }),
    kycStatus: record.status,
  };
}

/**
 * The Customer record: id, the fields sent, `beneficialOwners` (BUSINESS), kycStatus or
 * kybStatus, timestamps (§11.6).
 */
export function serializeCustomer(record: CustomerRecord): Record<string, unknown> {
  return {
    id: record.id,
    customerType: record.customerType,
    ...record.fields,
    ...(record.customerType === 'BUSINESS'
      ? { beneficialOwners: record.owners.map(serializeOwner) }
      : {}),
    [customerStatusField(record.customerType)]: record.status,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** The Verification: status, errors, and the statuses it decided (customer, owners). */
export function serializeVerification(
  record: VerificationRecord,
  customer: CustomerRecord,
): Record<string, unknown> {
  return {
    id: record.id,
    customerId: record.customerId,
    verificationStatus: record.verificationStatus,
    errors: record.errors.map((error) => ({ ...error })),
    [customerStatusField(customer.customerType)]: customer.status,
    ...(customer.customerType === 'BUSINESS'
      ? {
          beneficialOwners: customer.owners.map((owner) => ({
            id: owner.id,
            kycStatus: owner.status,
          })),
        }
      : {}),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** The Document record (the bytes are never echoed). */
export function serializeDocument(record: DocumentRecord): Record<string, unknown> {
  return {
    id: record.id,
    customerId: record.customerId,
    ...(record.beneficialOwnerId === undefined
      ? {}
      : { beneficialOwnerId: record.beneficialOwnerId }),
    documentType: record.documentType,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    createdAt: iso(record.createdAt),
  };
}

/** The Quote of docs/protocol.md §11.6. */
export function serializeQuote(record: QuoteRecord): Record<string, unknown> {
  return {
    id: record.id,
    status: record.status,
    createdAt: iso(record.createdAt),
    expiresAt: iso(record.expiresAt),
    source: { sourceType: 'ACCOUNT', accountId: record.sourceAccountId },
    destination: { destinationType: 'ACCOUNT', accountId: record.destinationAccountId },
    sendingCurrency: record.sendingCurrency,
    receivingCurrency: record.receivingCurrency,
    totalSendingAmount: record.sendingAmount,
    totalReceivingAmount: record.receivingAmount,
    exchangeRate: record.exchangeRate,
    feesIncluded: 0,
    ...(record.description === undefined ? {} : { description: record.description }),
    ...(record.transactionId === undefined ? {} : { transactionId: record.transactionId }),
    ...(record.payloadToSign === undefined
      ? {}
      : {
          paymentInstructions: [
            {
              accountOrWalletInfo: {
                accountType: 'EMBEDDED_WALLET',
                payloadToSign: record.payloadToSign,
              },
            },
          ],
        }),
  };
}

function transactionAccount(side: TransactionSide): Record<string, unknown> {
  return {
    accountId: side.accountId,
    ...(side.customerId === undefined ? {} : { customerId: side.customerId }),
  };
}

/**
 * The Transaction (package README, "Transactions"): `customerId` is the sender's for OUTGOING and
 * the recipient's for INCOMING (absent for the platform's accounts); `sentAmount` leaves the
 * source, `receivedAmount` reaches the destination, each in its account's currency.
 */
export function serializeTransaction(record: TransactionRecord): Record<string, unknown> {
  const owner = record.type === 'OUTGOING' ? record.source : record.destination;
  const sent = record.source ?? record.destination;
  return {
    id: record.id,
    type: record.type,
    status: record.status,
    ...(owner?.customerId === undefined ? {} : { customerId: owner.customerId }),
    source:
      record.source === undefined
        ? { sourceType: 'SANDBOX_FUNDING' }
        : { sourceType: 'ACCOUNT', ...transactionAccount(record.source) },
    destination: { destinationType: 'ACCOUNT', ...transactionAccount(record.destination) },
    sentAmount: { amount: sent.amount, currency: sent.currency },
    receivedAmount: { amount: record.destination.amount, currency: record.destination.currency },
    exchangeRate: record.exchangeRate,
    fees: 0,
    ...(record.quoteId === undefined ? {} : { quoteId: record.quoteId }),
    ...(record.description === undefined ? {} : { description: record.description }),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
    settledAt: iso(record.settledAt),
  };
}
