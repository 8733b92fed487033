/**
 * What a signed action is allowed to authorise (docs/protocol.md §11.1). The kit signs
 * `payloadToSign` exactly as received, but first reads a parsed copy and refuses one whose
 * activity `type` is outside the action's row, or whose `targetPublicKey` is not the key the kit
 * sent. Extra parameters never cause refusal; a payload that is not JSON is not refused here.
 */
export interface PayloadIntent {
  /** Human-readable action, for the error message and the confirmation UI. */
  action: string;
  /** Accepts the activity `type` of the parsed payload. */
  acceptsType(type: string): boolean;
  /** When set, `parameters.targetPublicKey` must equal it (case-insensitive hex). */
  targetPublicKey?: string;
}

const prefix =
  (...prefixes: string[]) =>
  (type: string) =>
    prefixes.some((p) => type === p || type.startsWith(`${p}_V`));

/** Intents of the signed actions of docs/protocol.md §11.1, by credential type where it matters. */
export const PAYLOAD_INTENTS = {
  addCredential: (
    credentialType: 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY',
  ): PayloadIntent => ({
    action: `add a ${credentialType} credential`,
    acceptsType: {
      EMAIL_OTP: prefix('ACTIVITY_TYPE_UPDATE_USER_EMAIL'),
      SMS_OTP: prefix('ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'),
      OAUTH: prefix('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS'),
      PASSKEY: prefix('ACTIVITY_TYPE_CREATE_AUTHENTICATORS'),
    }[credentialType],
  }),
  revokeCredential: (): PayloadIntent => ({
    action: 'remove a credential',
    acceptsType: (type) =>
      type.startsWith('ACTIVITY_TYPE_DELETE_') || type.startsWith('ACTIVITY_TYPE_UPDATE_USER_'),
  }),
  refreshSession: (targetPublicKey: string): PayloadIntent => ({
    action: 'refresh a session',
    acceptsType: prefix('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION'),
    targetPublicKey,
  }),
  revokeSession: (): PayloadIntent => ({
    action: 'sign out a session',
    acceptsType: prefix('ACTIVITY_TYPE_DELETE_API_KEYS'),
  }),
  exportWallet: (targetPublicKey: string): PayloadIntent => ({
    action: 'export the wallet',
    acceptsType: prefix('ACTIVITY_TYPE_EXPORT_WALLET'),
    targetPublicKey,
  }),
  updatePrivacy: (): PayloadIntent => ({
    action: 'change wallet privacy',
    acceptsType: prefix('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD'),
  }),
  updateContact: (): PayloadIntent => ({
    action: 'change the email or phone number',
    acceptsType: prefix(
      'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
    ),
  }),
  executeQuote: (): PayloadIntent => ({
    action: 'send a transfer',
    acceptsType: prefix('ACTIVITY_TYPE_SIGN_TRANSACTION'),
  }),
} as const;

/** The result of reading a payload before signing it. */
export type PayloadCheck =
  | { ok: true; activity: { type: string; parameters: Record<string, unknown> } | undefined }
  | { ok: false; reason: string };

/**
 * Reads `payloadToSign` and decides whether it may be signed for `intent`
 * (docs/protocol.md §11.1 "Kit [PD]"). Pure; never throws.
 */
export function checkPayloadIntent(
  payloadToSign: string,
  intent: PayloadIntent | undefined,
): PayloadCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payloadToSign);
  } catch {
    return { ok: true, activity: undefined };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: true, activity: undefined };
  }
  const type = (parsed as { type?: unknown }).type;
  const rawParameters = (parsed as { parameters?: unknown }).parameters;
  const parameters =
    typeof rawParameters === 'object' && rawParameters !== null && !Array.isArray(rawParameters)
      ? (rawParameters as Record<string, unknown>)
      : {};
  if (typeof type !== 'string') {
    return { ok: true, activity: undefined };
  }
  const activity = { type, parameters };
  if (intent === undefined) {
    return { ok: true, activity };
  }
  if (!intent.acceptsType(type)) {
    return {
      ok: false,
      reason: `The service asked to sign ${type}, which does not ${intent.action}.`,
    };
  }
  if (intent.targetPublicKey !== undefined) {
    const target = parameters.targetPublicKey;
    if (
      typeof target !== 'string' ||
      target.toLowerCase() !== intent.targetPublicKey.toLowerCase()
    ) {
      return {
        ok: false,
        reason: `The service asked to ${intent.action} for a key other than the one this device sent.`,
      };
    }
  }
  return { ok: true, activity };
}
