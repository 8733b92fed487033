/**
 * The integrator's side of OAUTH (docs/protocol.md §10): the kit never talks to an identity provider;
 * it asks the integrator for a fresh ID token carrying the nonce it computed, and classifies the
 * service's answers about that token.
 */
import { hasServiceReason } from '../../errors/service-reasons.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';

/**
 * How the identity provider is shown: `popup` keeps the page (the token comes back to it);
 * `redirect` navigates the page to the provider, which sends the person back with the token in
 * the URL's fragment (OpenID Connect Core 1.0 §3.2.2.5).
 */
export type OAuthMode = 'popup' | 'redirect';

/** What the kit asks the integrator's identity-provider code for. */
export interface IdTokenRequest {
  /** Put this exact value in the IdP request's `nonce` (§10: hex SHA-256 of the `clientPublicKey`). */
  nonce: string;
  /**
   * Put this exact value in the IdP request's `state` (OAuth 2.0, RFC 6749 §10.12): a fresh random
   * value per attempt, which the redirect's answer must carry back.
   */
  state: string;
  /**
   * `popup`: resolve with the token. `redirect`: navigate the page to the provider (with a
   * `redirect_uri` of a page that renders the sign-in again, `response_type=id_token`,
   * `response_mode=fragment`) and leave the promise pending; the kit reads the answer when the
   * page loads again (`OAuthLoginFlow.completeRedirect`).
   */
  mode: OAuthMode;
  /** Sign-in binds the token to a session key; adding a credential only proves the identity. */
  purpose: 'signIn' | 'addCredential';
  /** Fires when the flow moves on (close the popup). */
  signal: AbortSignal;
}

/**
 * Obtains a fresh OIDC ID token, e.g. through a popup. Resolve `null` (or reject with an
 * `AbortError`/`NotAllowedError`) when the person closed the provider's window: the flow then
 * shows `cancelled`, not an error. Reject with an error named `PopupBlockedError` when the
 * browser blocked the popup (`window.open` returned `null`): a sign-in then asks again in
 * `redirect` mode. Never store the token (catalogue OIDC-12).
 */
export type GetIdToken = (request: IdTokenRequest) => Promise<string | null>;

/** The outcome of `requestIdToken`. */
export type IdTokenOutcome =
  | { kind: 'token'; oidcToken: string }
  | { kind: 'cancelled' }
  | { kind: 'popupBlocked' };

/**
 * Calls the integrator's `getIdToken` and normalises its answer.
 * @param getIdToken - The integrator's function.
 * @param request - Nonce, purpose and signal.
 * @throws WalletAuthError `CONFIGURATION_INVALID` when it resolves something other than a
 * non-empty string or `null`; `UNKNOWN` (with the cause) when it rejects otherwise.
 */
export async function requestIdToken(
  getIdToken: GetIdToken,
  request: IdTokenRequest,
): Promise<IdTokenOutcome> {
  let token: unknown;
  try {
    token = await getIdToken(request);
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (name === 'AbortError' || name === 'NotAllowedError') {
      return { kind: 'cancelled' };
    }
    if (name === 'PopupBlockedError') {
      return { kind: 'popupBlocked' };
    }
    if (error instanceof WalletAuthError) {
      throw error;
    }
    throw new WalletAuthError('UNKNOWN', 'The identity provider did not return an ID token.', {
      cause: error,
    });
  }
  if (token === null) {
    return { kind: 'cancelled' };
  }
  if (typeof token !== 'string' || token.length === 0) {
    throw new WalletAuthError(
      'CONFIGURATION_INVALID',
      'getIdToken must resolve an ID token or null.',
    );
  }
  return { kind: 'token', oidcToken: token };
}

/** What a rejected token means for the person. */
export type OidcTokenProblem = 'staleToken' | 'nonceMismatch' | 'identityMismatch';

/**
 * Classifies a 401 about an ID token by its `reason` (docs/protocol.md §10 table): an `iat` outside the
 * 60 s window or an expired token needs a fresh token; a nonce or identity mismatch does not go
 * away by asking again with the same account. Pure.
 * @param error - The failure of a verify or add.
 */
export function classifyOidcError(error: WalletAuthError): OidcTokenProblem | undefined {
  if (hasServiceReason(error, 'idTokenStale')) {
    return 'staleToken';
  }
  if (hasServiceReason(error, 'idTokenNonceMismatch')) {
    return 'nonceMismatch';
  }
  if (hasServiceReason(error, 'idTokenIdentityMismatch')) {
    return 'identityMismatch';
  }
  return undefined;
}
