import type { GetIdToken } from '@wallet-auth/core';

/**
 * The integrator's `getIdToken` for the demo identity provider, in both of the kit's modes:
 *
 * - `popup`: opens the provider in a popup with the kit's nonce and state and waits for the ID
 *   token it posts back (checked: same origin, same `state`). Resolves `null` when the person
 *   closes the popup (a cancel, not an error); rejects with a `PopupBlockedError` when the browser
 *   blocks it, so the kit goes on by redirect.
 * - `redirect`: sends this tab to the provider, which comes back to this page with the answer in
 *   the URL's fragment (`response_mode=fragment`); the promise stays pending as the page leaves.
 */
export const getDemoIdToken: GetIdToken = ({ nonce, state, mode, signal }) => {
  const query = new URLSearchParams({ nonce, state });
  if (mode === 'redirect') {
    query.set('redirect_uri', `${window.location.origin}${window.location.pathname}`);
    query.set('response_mode', 'fragment');
    window.location.assign(`/__sandbox/oidc/authorize?${query}`);
    return new Promise<never>(() => undefined);
  }
  return new Promise((resolve, reject) => {
    const popup = window.open(
      `/__sandbox/oidc/authorize?${query}`,
      'demo-identity',
      'popup,width=460,height=620',
    );
    if (popup === null) {
      reject(
        Object.assign(new Error('The browser blocked the sign-in window.'), {
          name: 'PopupBlockedError',
        }),
      );
      return;
    }
    const finish = (value: string | null) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; state?: unknown; idToken?: unknown } | null;
      if (
        event.origin !== window.location.origin ||
        data?.type !== 'demo-oidc' ||
        data.state !== state
      ) {
        return;
      }
      // The opener closes the popup once it has the token: a popup closing itself could be seen
      // as "closed" by the poll below before its message is dispatched.
      popup.close();
      finish(typeof data.idToken === 'string' ? data.idToken : null);
    };
    const onAbort = () => {
      popup.close();
      finish(null);
    };
    const watch = setInterval(() => {
      if (popup.closed) {
        finish(null);
      }
    }, 400);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort, { once: true });
  });
};
