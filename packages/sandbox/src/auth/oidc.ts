/**
 * OIDC ID-token checks of docs/protocol.md §10, in table order: structure and issuer (400), the
 * optional `oidcJwks` signature check (401), then `aud`/`sub`, `iat` window, `exp`, and on verify
 * the credential's identity and the nonce of the exact `clientPublicKey` string (401 + reason).
 */
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { authFailure, invalidField } from '../api-error.js';
import type { SandboxContext } from '../context.js';
import { fromBase64url, fromUtf8, isJsonObject, parseJson } from '../crypto/encoding.js';
import { sha256Hex } from '../crypto/sha256.js';
import {
  DEFAULT_OIDC_ISSUERS,
  OIDC_IAT_MAX_AGE_SECONDS,
  OIDC_IAT_MAX_FUTURE_SECONDS,
} from '../magic-values.js';

/** The identity a token proves, as stored on an OAUTH credential. */
export interface OidcIdentity {
  iss: string;
  aud: string;
  sub: string;
  /** The `email` claim when it is a non-empty string (credential nickname, §10). */
  email: string | undefined;
}

/** What a verify additionally checks. */
export interface OidcVerifyExpectation {
  identity: { iss: string; aud: string; sub: string };
  /** `clientPublicKey` exactly as sent; the nonce is hex SHA-256 of its UTF-8 bytes. */
  clientPublicKey: string;
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  const bytes = segment.length === 0 ? undefined : fromBase64url(segment);
  const text = bytes === undefined ? undefined : fromUtf8(bytes);
  const value = text === undefined ? undefined : parseJson(text);
  return isJsonObject(value) ? value : undefined;
}

function malformed(): never {
  throw invalidField(
    'oidcToken',
    'Must be a JWT: three base64url segments with JSON header and payload',
  );
}

/** Runs the §10 checks; `expect` is given on verify only. Throws the first failure. */
export async function checkOidcToken(
  ctx: SandboxContext,
  token: string,
  expect?: OidcVerifyExpectation,
): Promise<OidcIdentity> {
  const segments = token.split('.');
  if (
    segments.length !== 3 ||
    segments[2]!.length === 0 ||
    fromBase64url(segments[2]!) === undefined
  ) {
    malformed();
  }
  const header = decodeSegment(segments[0]!);
  const claims = decodeSegment(segments[1]!);
  if (header === undefined || claims === undefined) {
    malformed();
  }
  const issuer = claims.iss;
  if (
    typeof issuer !== 'string' ||
    ![...DEFAULT_OIDC_ISSUERS, ...ctx.options.oidcIssuers].includes(issuer)
  ) {
    throw invalidField('oidcToken', 'Unsupported token issuer');
  }
  const jwks = ctx.options.oidcJwks[issuer];
  if (jwks !== undefined) {
    try {
      // Keys come only from the option; `jku`/`x5u` in a token are never fetched.
      await compactVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
        algorithms: ['RS256', 'ES256'],
      });
    } catch {
      throw authFailure('OIDC signature invalid');
    }
  }
  const aud = Array.isArray(claims.aud) && claims.aud.length === 1 ? claims.aud[0] : claims.aud;
  if (
    typeof aud !== 'string' ||
    aud.length === 0 ||
    typeof claims.sub !== 'string' ||
    claims.sub.length === 0
  ) {
    throw authFailure('OIDC claims invalid');
  }
  const now = ctx.state.now() / 1000;
  const iat = claims.iat;
  if (
    typeof iat !== 'number' ||
    !Number.isFinite(iat) ||
    !(iat >= now - OIDC_IAT_MAX_AGE_SECONDS && iat <= now + OIDC_IAT_MAX_FUTURE_SECONDS)
  ) {
    throw authFailure('OIDC iat outside the allowed window');
  }
  const exp = claims.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || !(exp > now)) {
    throw authFailure('OIDC token expired');
  }
  const identity: OidcIdentity = {
    iss: issuer,
    aud,
    sub: claims.sub,
    email: typeof claims.email === 'string' && claims.email.length > 0 ? claims.email : undefined,
  };
  if (expect !== undefined) {
    const want = expect.identity;
    if (identity.iss !== want.iss || identity.aud !== want.aud || identity.sub !== want.sub) {
      throw authFailure('OIDC identity does not match credential');
    }
    if (claims.nonce !== sha256Hex(expect.clientPublicKey)) {
      throw authFailure('OIDC nonce mismatch');
    }
  }
  return identity;
}
