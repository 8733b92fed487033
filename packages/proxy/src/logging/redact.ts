/**
 * Log redaction (reliability catalogue BFF-19, BFF-21): values under secret-bearing names are
 * replaced, e-mail addresses masked, configured secrets and `Basic`/`Bearer` credentials removed
 * from any text, long token-like runs cut, and control characters escaped so no field can forge
 * a log line.
 */

/** One structured log record handed to the `logger` option. */
export interface LogEntry {
  time: string;
  level: 'info' | 'warn' | 'error';
  event: string;
  [field: string]: unknown;
}

/** Receives every log record, already redacted. */
export type ProxyLogger = (entry: LogEntry) => void;

/** Placeholder for removed values. */
export const REDACTED = '[REDACTED]';

const SECRET_NAMES = new Set(
  [
    'authorization',
    'cookie',
    'set-cookie',
    'service-wallet-signature',
    'signature',
    'stamp',
    'encryptedOtpBundle',
    'otpEncryptionTargetBundle',
    'oidcToken',
    'idToken',
    'accessToken',
    'refreshToken',
    'token',
    'encryptedSessionSigningKey',
    'encryptedWalletCredentials',
    'assertion',
    'attestationObject',
    'clientDataJson',
    'clientSecret',
    'cookieSecret',
    'secret',
    'password',
    'otp',
    'otpCode',
    'otp_code',
    'payloadToSign',
  ].map(normalizeName),
);

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
const AUTH_SCHEME = /(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
const TOKEN_RUN = /[A-Za-z0-9_+/=-]{80,}/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point (they are escaped).
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;
// Text none of the patterns above can match: no whitespace (AUTH_SCHEME), no `@` (EMAIL), no
// control character, and shorter than TOKEN_RUN's 80 (ids, paths, statuses, event names).
const PLAIN = /^[A-Za-z0-9._:/-]{0,79}$/;
const MAX_STRING = 2000;
const MAX_DEPTH = 8;
const MAX_ITEMS = 50;
const NAME_CACHE_SIZE = 512;

/** Masks an e-mail address to its first character and domain (`a***@example.com`). */
export function maskEmail(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/** Creates a redactor that also removes each of `secrets` (and their Basic form) from text. */
export function createRedactor(
  secrets: readonly string[],
  extraSecretNames: readonly string[] = [],
): (value: unknown) => unknown {
  const literals = secrets
    .filter((secret) => secret.length >= 4)
    .sort((a, b) => b.length - a.length);
  const names = new Set([...SECRET_NAMES, ...extraSecretNames.map(normalizeName)]);

  function redactText(text: string): string {
    let out = text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}…` : text;
    for (const literal of literals) {
      if (out.includes(literal)) {
        out = out.split(literal).join(REDACTED);
      }
    }
    if (PLAIN.test(out)) {
      return out; // most of a record: the four patterns below would each scan it for nothing
    }
    out = out.replace(AUTH_SCHEME, `$1 ${REDACTED}`).replace(TOKEN_RUN, REDACTED);
    out = maskEmail(out);
    return out.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }

  // Field names repeat on every record: their redacted form and secrecy are computed once (bounded).
  const nameCache = new Map<string, { text: string; secret: boolean }>();
  function redactName(name: string): { text: string; secret: boolean } {
    let cached = nameCache.get(name);
    if (cached === undefined) {
      cached = { text: redactText(name), secret: names.has(normalizeName(name)) };
      if (nameCache.size < NAME_CACHE_SIZE) {
        nameCache.set(name, cached);
      }
    }
    return cached;
  }

  function walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') {
      return redactText(value);
    }
    if (typeof value !== 'object' || value === null) {
      return value;
    }
    if (depth >= MAX_DEPTH) {
      return '[…]';
    }
    if (Array.isArray(value)) {
      return value.slice(0, MAX_ITEMS).map((item) => walk(item, depth + 1));
    }
    const out: Record<string, unknown> = {};
    const names = Object.keys(value);
    const count = Math.min(names.length, MAX_ITEMS);
    for (let index = 0; index < count; index++) {
      const name = names[index]!;
      const { text, secret } = redactName(name);
      out[text] = secret ? REDACTED : walk((value as Record<string, unknown>)[name], depth + 1);
    }
    return out;
  }

  return (value) => walk(value, 0);
}
