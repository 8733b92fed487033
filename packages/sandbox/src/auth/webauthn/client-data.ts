/**
 * `clientDataJSON` checks shared by registration and assertion (docs/protocol.md §9): UTF-8 JSON
 * (a leading BOM stripped), `type`, challenge, origin ∈ `webauthn.origins`, and no cross-origin
 * context.
 */
import { fromBase64url, fromUtf8, isJsonObject, parseJson } from '../../crypto/encoding.js';
import type { ResolvedSandboxOptions } from '../../options.js';

/** The default origin rule: any http(s)://localhost with an optional port (§14). */
const LOCALHOST_ORIGIN = /^https?:\/\/localhost(:\d{1,5})?$/;

/** Parses clientDataJSON bytes; `undefined` when not UTF-8 JSON object. */
export function parseClientData(bytes: Uint8Array): Record<string, unknown> | undefined {
  let text = fromUtf8(bytes);
  if (text?.startsWith('\uFEFF')) {
    text = text.slice(1);
  }
  const value = text === undefined ? undefined : parseJson(text);
  return isJsonObject(value) ? value : undefined;
}

/** True when `origin` is allowed by option `webauthn.origins` (exact match) or the default. */
export function isAllowedOrigin(options: ResolvedSandboxOptions, origin: unknown): boolean {
  if (typeof origin !== 'string') {
    return false;
  }
  const allowed = options.webauthn.origins;
  return allowed === undefined ? LOCALHOST_ORIGIN.test(origin) : allowed.includes(origin);
}

/** True when `clientData.challenge` decodes to exactly `expected`. */
export function challengeMatches(
  clientData: Record<string, unknown>,
  expected: Uint8Array,
): boolean {
  const sent =
    typeof clientData.challenge === 'string' ? fromBase64url(clientData.challenge) : undefined;
  return (
    sent !== undefined &&
    sent.length === expected.length &&
    sent.every((byte, i) => byte === expected[i])
  );
}
