/**
 * Redaction of the text a server puts in an error envelope (reliability catalogue X-01). The kit
 * never shows or logs the envelope's `message` or `reason` as sent: a backend that echoes a stamp,
 * a token or a key into its error text must not carry it into `WalletAuthError.message`, into the
 * `reason` the UI renders as text (docs/protocol.md §13), or into an application's logs.
 */

/** Stands in for every removed run, so a reader still sees that something was there. */
export const REDACTED = '[redacted]';

const maxLength = 300;

// C0 and C1 control characters (CR/LF included): they could forge log lines or reorder text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

// JWT-like `header.payload.signature`: three base64url segments joined by dots, either starting
// with `eyJ` (base64 of `{"`, every JOSE header) or each at least 10 characters long.
const jwtLike =
  /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*|[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g;

// Base64url of JSON (a stamp is base64url of `{"publicKey":…}`, docs/protocol.md §2): `eyJ` + 8 more.
const encodedJson = /eyJ[A-Za-z0-9_-]{8,}={0,2}/g;

// Any base64 / base64url / hex run longer than 40 characters: keys, signatures, bundles, digests.
// Hex digits are a subset of the class, so a hex run over 40 characters is always caught here.
const longRun = /[A-Za-z0-9+/_-]{41,}={0,2}/g;

/**
 * Returns `text` without secrets-looking runs: control characters become one space; JWT-like
 * tokens, base64url-encoded JSON (stamps) and base64/base64url/hex runs over 40 characters become
 * `[redacted]`; the result is trimmed and cut at 300 characters (reliability catalogue X-01).
 * @param text - The server's `message` or `reason`, as received.
 * @returns The redacted text; empty when nothing readable is left.
 */
export function redactServerText(text: string): string {
  const redacted = text
    .slice(0, 4 * maxLength)
    .replace(controlCharacters, ' ')
    .replace(jwtLike, REDACTED)
    .replace(encodedJson, REDACTED)
    .replace(longRun, REDACTED)
    .trim();
  if (redacted.length <= maxLength) {
    return redacted;
  }
  // Cut on a character boundary and mark the cut, so a truncated token is not left half-visible.
  return `${Array.from(redacted)
    .slice(0, maxLength - 1)
    .join('')
    .trimEnd()}…`;
}
