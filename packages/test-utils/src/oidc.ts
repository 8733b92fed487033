/**
 * OIDC ID tokens for tests (docs/protocol.md §10): dummy-signature tokens with any claims (also
 * malformed ones), and really signed RS256/ES256 tokens with their JWKS for `oidcJwks`.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { toBase64url, toHex, utf8 } from './bytes.js';

/** The nonce a verify must carry: hex SHA-256 of the exact `clientPublicKey` string. */
export function oidcNonce(clientPublicKey: string): string {
  return toHex(sha256(utf8(clientPublicKey)));
}

function segment(value: unknown): string {
  return toBase64url(utf8(JSON.stringify(value)));
}

/** Options of {@link createIdToken}. */
export interface IdTokenOptions {
  claims: Record<string, unknown>;
  header?: Record<string, unknown>;
  /** The third segment (a dummy by default). */
  signature?: string;
}

/** A JWT with a dummy signature (the sandbox accepts it for issuers without `oidcJwks`). */
export function createIdToken(options: IdTokenOptions): string {
  const header = options.header ?? { alg: 'RS256', typ: 'JWT', kid: 'test' };
  return `${segment(header)}.${segment(options.claims)}.${options.signature ?? toBase64url(utf8('dummy-signature'))}`;
}

/** Standard claims for `iss`/`aud`/`sub` at `nowSeconds`, plus overrides. */
export function idTokenClaims(input: {
  nowSeconds: number;
  iss?: string;
  aud?: string | string[];
  sub?: string;
  email?: string;
  nonce?: string;
  extra?: Record<string, unknown>;
}): Record<string, unknown> {
  return {
    iss: input.iss ?? 'https://accounts.google.com',
    aud: input.aud ?? 'test-client-id',
    sub: input.sub ?? 'user-123',
    ...(input.email === undefined ? {} : { email: input.email }),
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
    iat: Math.floor(input.nowSeconds),
    exp: Math.floor(input.nowSeconds) + 600,
    ...input.extra,
  };
}

/** A signing key for real tokens and its JWKS. */
export interface OidcSigner {
  jwks: { keys: Record<string, unknown>[] };
  sign: (claims: Record<string, unknown>, header?: Record<string, unknown>) => Promise<string>;
}

/** Creates an RS256 or ES256 signer with key id `kid`. */
export async function createOidcSigner(
  alg: 'RS256' | 'ES256',
  kid = 'test-key',
): Promise<OidcSigner> {
  const params =
    alg === 'RS256'
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: Uint8Array.of(1, 0, 1),
          hash: 'SHA-256',
        }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const signParams =
    alg === 'RS256' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
  return {
    jwks: { keys: [{ ...publicJwk, kid, alg, use: 'sig', key_ops: undefined, ext: undefined }] },
    sign: async (claims, header = { alg, typ: 'JWT', kid }) => {
      const input = `${segment(header)}.${segment(claims)}`;
      const signature = new Uint8Array(
        await crypto.subtle.sign(signParams, pair.privateKey, utf8(input).slice()),
      );
      return `${input}.${toBase64url(signature)}`;
    },
  };
}
