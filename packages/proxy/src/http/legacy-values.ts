/**
 * The sandbox's legacy fixed values (docs/protocol.md §14): a sandbox that still honours them
 * would take `assertion.signature: "sandbox-valid-passkey-signature"` as a valid passkey
 * assertion and `sandbox-valid-signature` as a valid stamp, letting a caller choose the key of a
 * session. The kit never sends them, so the proxy refuses them anywhere in a body (BFF-48), as
 * the stamp-shape check refuses them in the header (BFF-34), whatever the upstream's options.
 */
import type { FieldError } from '../api-error.js';

/** Every legacy constant a sandbox has honoured in a body or a header. */
export const LEGACY_SANDBOX_VALUES: ReadonlySet<string> = new Set([
  'sandbox-valid-signature',
  'sandbox-valid-passkey-signature',
  'sandbox-valid-oidc-token',
]);

/** A field error for each string of `value` (at any depth) that is a legacy sandbox value. */
export function legacyValueErrors(value: unknown, field = ''): FieldError[] {
  if (typeof value === 'string') {
    return LEGACY_SANDBOX_VALUES.has(value)
      ? [
          {
            field: field === '' ? 'body' : field,
            message: 'A sandbox shortcut value is never forwarded',
          },
        ]
      : [];
  }
  if (typeof value !== 'object' || value === null) {
    return [];
  }
  const prefix = field === '' ? '' : `${field}.`;
  return Object.entries(value).flatMap(([name, member]) =>
    legacyValueErrors(member, `${prefix}${name}`),
  );
}
