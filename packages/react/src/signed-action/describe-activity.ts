/**
 * Reads what a `payloadToSign` authorises (wire-format §11.1: the activity JSON the service asks
 * the session to stamp), so the confirmation shows what the *payload* says, not what the caller
 * claims (catalogue UI-09).
 */

/** The kinds of action a confirmation can name; each has a sentence in `messages.confirm.actions`. */
export type SignedActionKind =
  | 'addCredential'
  | 'removeCredential'
  | 'refreshSession'
  | 'revokeSession'
  | 'exportWallet'
  | 'updatePrivacy'
  | 'updateContact'
  | 'transfer'
  | 'unknown';

/** A payload as the confirmation shows it. */
export interface ActivityDescription {
  kind: SignedActionKind;
  /** The activity `type`, e.g. `ACTIVITY_TYPE_EXPORT_WALLET`, when the payload is JSON. */
  type: string | undefined;
  /** Values a person can check (a new email or phone number); never keys or hashes. */
  facts: { name: 'email' | 'phone'; value: string }[];
}

const KINDS: readonly [string, SignedActionKind][] = [
  ['ACTIVITY_TYPE_CREATE_AUTHENTICATORS', 'addCredential'],
  ['ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', 'addCredential'],
  ['ACTIVITY_TYPE_DELETE_API_KEYS', 'revokeSession'],
  ['ACTIVITY_TYPE_DELETE_', 'removeCredential'],
  ['ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION', 'refreshSession'],
  ['ACTIVITY_TYPE_EXPORT_WALLET', 'exportWallet'],
  ['ACTIVITY_TYPE_SIGN_RAW_PAYLOAD', 'updatePrivacy'],
  ['ACTIVITY_TYPE_SIGN_TRANSACTION', 'transfer'],
  ['ACTIVITY_TYPE_UPDATE_USER_', 'updateContact'],
];

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Describes a `payloadToSign`. A payload that is not JSON, or has no known `type`, is `unknown`
 * (it is still the exact text that gets stamped).
 *
 * @param payloadToSign - The text from the 202 challenge.
 */
export function describeActivity(payloadToSign: string): ActivityDescription {
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = asRecord(JSON.parse(payloadToSign));
  } catch {
    parsed = undefined;
  }
  const type = typeof parsed?.type === 'string' ? parsed.type : undefined;
  const parameters = asRecord(parsed?.parameters) ?? {};
  let kind: SignedActionKind = 'unknown';
  if (type !== undefined) {
    kind = KINDS.find(([prefix]) => type.startsWith(prefix))?.[1] ?? 'unknown';
  }
  const facts: ActivityDescription['facts'] = [];
  const email = parameters.userEmail;
  const phone = parameters.userPhoneNumber;
  if (typeof email === 'string' && email !== '') {
    facts.push({ name: 'email', value: email });
  }
  if (typeof phone === 'string' && phone !== '') {
    facts.push({ name: 'phone', value: phone });
  }
  // An OTP credential is removed by updating its email or phone to an empty value (§11.1).
  if (kind === 'updateContact' && facts.length === 0) {
    kind = 'removeCredential';
  }
  return { kind, type, facts };
}
