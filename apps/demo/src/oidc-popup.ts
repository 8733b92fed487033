import type { GetIdToken } from '@wallet-auth/core';

/**
 * The integrator's `getIdToken` for the demo: opens the demo identity provider in a popup with the
 * kit's nonce and waits for the ID token it posts back (checked: same origin, same `state`).
 * Resolves `null` when the person closes the popup (a cancel, not an error).
 */
export const getDemoIdToken: GetIdToken = ({ nonce, signal }) =>
  new Promise((resolve, reject) => {
    const state = Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    const url = `/__sandbox/oidc/authorize?nonce=${encodeURIComponent(nonce)}&state=${state}`;
    const popup = window.open(url, 'demo-identity', 'popup,width=460,height=620');
    if (popup === null) {
      reject(
        new DOMException(
          'The sign-in window was blocked. Allow pop-ups for this site and try again.',
          'NotAllowedError',
        ),
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
