import { fromBase64Url, toBase64Url } from './base64url.js';

/** What the demo session cookie asserts: a user id, its lifetime and a per-login id. */
export interface SessionClaims {
  /** The app user's id in the user store. */
  sub: string;
  /** Issue time, epoch seconds. */
  iat: number;
  /** Expiry, epoch seconds. */
  exp: number;
  /** Per-login random id; rotated at every sign-in, revoked at sign-out (BFF-14). */
  jti: string;
}

/** Signs and verifies cookie values with HMAC-SHA-256 over `v1.<payload>`. */
export interface CookieSigner {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of an authentic, unexpired value at `nowMs`, else `undefined`. */
  verify(value: string, nowMs: number): Promise<SessionClaims | undefined>;
}

const VERSION = 'v1';
/** Cookie values remembered as MAC-verified (one per signed-in browser in practice). */
const VERIFIED_CACHE_SIZE = 10_000;

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    claims.sub.length > 0 &&
    typeof claims.jti === 'string' &&
    claims.jti.length > 0 &&
    Number.isSafeInteger(claims.iat) &&
    Number.isSafeInteger(claims.exp)
  );
}

/**
 * Creates the signer for the demo session cookie from `cookieSecret` (HMAC key, ≥ 32
 * characters, checked at start). Verification is constant-time (`crypto.subtle.verify`).
 */
export function createCookieSigner(secret: string): CookieSigner {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Values whose MAC verified, with their claims: HMAC is deterministic, so a byte-identical
  // value verifies again; only the time checks are redone. Bounded, oldest evicted first.
  const verified = new Map<string, SessionClaims>();
  const withinTime = (claims: SessionClaims, nowMs: number): SessionClaims | undefined => {
    const nowSeconds = Math.floor(nowMs / 1000);
    return claims.exp <= nowSeconds || claims.iat > nowSeconds + 60 ? undefined : claims;
  };
  return {
    async sign(claims) {
      const body = `${VERSION}.${toBase64Url(new TextEncoder().encode(JSON.stringify(claims)))}`;
      const mac = new Uint8Array(
        await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(body)),
      );
      return `${body}.${toBase64Url(mac)}`;
    },
    async verify(value, nowMs) {
      const parts = value.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION || value.length > 4096) {
        return undefined;
      }
      const known = verified.get(value);
      if (known !== undefined) {
        return withinTime(known, nowMs);
      }
      const payload = fromBase64Url(parts[1]!);
      const mac = fromBase64Url(parts[2]!);
      if (payload === undefined || mac === undefined || mac.byteLength !== 32) {
        return undefined;
      }
      const body = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
      if (!(await crypto.subtle.verify('HMAC', await key, mac, body))) {
        return undefined;
      }
      let claims: unknown;
      try {
        claims = JSON.parse(new TextDecoder().decode(payload));
      } catch {
        return undefined;
      }
      if (!isClaims(claims)) {
        return undefined;
      }
      if (verified.size >= VERIFIED_CACHE_SIZE) {
        verified.delete(verified.keys().next().value!);
      }
      verified.set(value, claims);
      return withinTime(claims, nowMs);
    },
  };
}

/** Cookie attributes of the demo session (reliability catalogue BFF-14). */
export interface CookieAttributes {
  name: string;
  secure: boolean;
  maxAgeSeconds: number;
}

/** `Set-Cookie` value that stores a session: HttpOnly, SameSite=Strict, Path=/, no Domain. */
export function serializeSessionCookie(attributes: CookieAttributes, value: string): string {
  return [
    `${attributes.name}=${value}`,
    'Path=/',
    `Max-Age=${attributes.maxAgeSeconds}`,
    'HttpOnly',
    ...(attributes.secure ? ['Secure'] : []),
    'SameSite=Strict',
  ].join('; ');
}

/** `Set-Cookie` value that clears the session cookie. */
export function serializeClearedCookie(attributes: CookieAttributes): string {
  return [
    `${attributes.name}=`,
    'Path=/',
    'Max-Age=0',
    'HttpOnly',
    ...(attributes.secure ? ['Secure'] : []),
    'SameSite=Strict',
  ].join('; ');
}

/**
 * The value of cookie `name` in a `Cookie` header; `undefined` when absent or when the name
 * appears more than once (a tossed duplicate is never guessed between).
 */
export function readCookie(header: string | null, name: string): string | undefined {
  if (header === null) {
    return undefined;
  }
  const values = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
  return values.length === 1 ? values[0] : undefined;
}
