/**
 * A sandbox ID token for a fake OIDC provider (the demo's): a JWT whose claims satisfy the
 * emulator's rules (docs/protocol.md §10) and whose signature segment is a dummy, which the sandbox
 * accepts for issuers without `oidcJwks`.
 */
import { toBase64url, utf8 } from './crypto/encoding.js';
import { sha256Hex } from './crypto/sha256.js';

/** Claims of {@link mintSandboxIdToken}; times are epoch seconds. */
export interface SandboxIdTokenInput {
  /** @defaultValue `https://accounts.google.com` */
  iss?: string;
  aud: string;
  sub: string;
  email?: string;
  /** The nonce; see {@link oidcNonceFor} for the one verify expects. */
  nonce?: string;
  /** @defaultValue `now` */
  iat?: number;
  /** @defaultValue `now + 600` */
  exp?: number;
  /** The current time, epoch seconds (use the sandbox clock / 1000). */
  now: number;
}

/** The nonce verify expects: hex SHA-256 of the exact `clientPublicKey` string (docs/protocol.md §10). */
export function oidcNonceFor(clientPublicKey: string): string {
  return sha256Hex(clientPublicKey);
}

/**
 * Mints a JWT `header.payload.signature` with header `{"alg":"RS256","typ":"JWT","kid":"sandbox"}`
 * and a dummy signature segment.
 *
 * @example
 * const token = mintSandboxIdToken({ aud: 'demo-app', sub: 'user-1', nonce: oidcNonceFor(key), now: Date.now() / 1000 });
 */
export function mintSandboxIdToken(input: SandboxIdTokenInput): string {
  const now = Math.floor(input.now);
  const header = { alg: 'RS256', typ: 'JWT', kid: 'sandbox' };
  const claims = {
    iss: input.iss ?? 'https://accounts.google.com',
    aud: input.aud,
    sub: input.sub,
    ...(input.email === undefined ? {} : { email: input.email, email_verified: true }),
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
    iat: input.iat ?? now,
    exp: input.exp ?? now + 600,
  };
  const encode = (value: unknown) => toBase64url(utf8(JSON.stringify(value)));
  return `${encode(header)}.${encode(claims)}.${toBase64url(utf8('sandbox-dummy-signature'))}`;
}
