/**
 * Records rendered exactly as the interface's resource tables list them (wire-format §12), with
 * ISO timestamps `YYYY-MM-DDTHH:mm:ss.sssZ` (§1).
 */
import { customerStatusField } from './kyc/customer-status.js';
import type {
  CredentialRecord,
  CustomerRecord,
  InternalAccountRecord,
  SessionRecord,
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

/** The Customer record: id, the fields sent, kycStatus or kybStatus, timestamps (§11.6). */
export function serializeCustomer(record: CustomerRecord): Record<string, unknown> {
  return {
    id: record.id,
    customerType: record.customerType,
    ...record.fields,
    [customerStatusField(record.customerType)]: record.verificationStatus,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}
