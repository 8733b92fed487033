/**
 * Glue between the kit's flows and the bench: waiting for a flow state, and the test-utils
 * software authenticator behind the kit's WebAuthn port (JSON in, JSON out).
 */
import type { Subscribable, WebAuthnPort } from '@wallet-auth/core';
import { base64UrlToBytes } from '@wallet-auth/core/primitives';
import type { SoftAuthenticator } from '@wallet-auth/test-utils';

/** Resolves with the first snapshot matching `predicate`; rejects after `timeoutMs`. */
export function waitFor<T>(
  store: Subscribable<T>,
  predicate: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = store.getSnapshot();
      if (predicate(value)) {
        unsubscribe();
        clearTimeout(timer);
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out; last state: ${JSON.stringify(store.getSnapshot())}`));
    }, timeoutMs);
    const unsubscribe = store.subscribe(check);
    check();
  });
}

/** The software authenticator as the kit's WebAuthn port. */
export function softWebAuthn(authenticator: SoftAuthenticator): WebAuthnPort {
  return {
    isSupported: async () => true,
    create: async (options) =>
      authenticator.create({
        challenge: base64UrlToBytes(options.challenge),
        rp: options.rp,
        user: { ...options.user, id: base64UrlToBytes(options.user.id) },
      }),
    get: async (options) => {
      const allow = options.allowCredentials ?? [];
      return authenticator.get({
        challenge: base64UrlToBytes(options.challenge),
        ...(options.rpId === undefined ? {} : { rpId: options.rpId }),
        ...(allow.length === 0
          ? {}
          : {
              allowCredentials: allow.map((c) => ({
                type: 'public-key' as const,
                id: base64UrlToBytes(c.id),
              })),
            }),
      });
    },
  };
}
