/**
 * Emulator `payloadToSign` activities (docs/protocol.md §11.1): `{"organizationId","parameters",
 * "timestampMs","type"}` with keys sorted at every level and no whitespace.
 */

/** JSON with object keys sorted at every level and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Activity types the emulator issues (production's names, §11.1). */
export type ActivityType =
  | 'ACTIVITY_TYPE_UPDATE_USER_EMAIL'
  | 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER'
  | 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS'
  | 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2'
  | 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS'
  | 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS'
  | 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2'
  | 'ACTIVITY_TYPE_DELETE_API_KEYS'
  | 'ACTIVITY_TYPE_EXPORT_WALLET'
  | 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'
  | 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2';

/** Builds the canonical activity string. */
export function activityPayload(input: {
  type: ActivityType;
  organizationId: string;
  parameters: Record<string, unknown>;
  timestampMs: number;
}): string {
  return canonicalJson({
    organizationId: input.organizationId,
    parameters: input.parameters,
    timestampMs: String(input.timestampMs),
    type: input.type,
  });
}
