/**
 * Reading an identity provider's answer to a redirect from the page's URL (OpenID Connect Core
 * 1.0 §3.2.2.5: with `response_mode=fragment` the answer is in the fragment, `id_token` and
 * `state`, or `error` and `state`). The fragment is removed at once, from the address bar and the
 * history entry, so the ID token is not kept (catalogue OIDC-12).
 */

/** A provider's answer to a redirect. */
export interface OAuthRedirectResult {
  /** The `state` the answer carries back; it must be the pending attempt's. */
  state: string;
  /** The ID token, when the person signed in. */
  idToken?: string;
  /** The provider's error code (e.g. `access_denied` when the person declined), when not. */
  error?: string;
}

/**
 * Reads a redirect's answer from `location.hash` and removes the fragment from the URL with
 * `history.replaceState`. Returns `null`, and leaves the URL alone, when the fragment is not such
 * an answer (no `state`, or neither `id_token` nor `error`) or there is no page (server rendering).
 */
export function readOAuthRedirectResult(): OAuthRedirectResult | null {
  if (typeof location === 'undefined' || location.hash.length < 2) {
    return null;
  }
  const params = new URLSearchParams(location.hash.slice(1));
  const state = params.get('state');
  const idToken = params.get('id_token');
  const error = params.get('error');
  if (state === null || (idToken === null && error === null)) {
    return null;
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return {
    state,
    ...(idToken === null ? {} : { idToken }),
    ...(error === null ? {} : { error }),
  };
}
