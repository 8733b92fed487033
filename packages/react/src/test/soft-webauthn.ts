/**
 * WebAuthn ports for tests and stories (house style §2.7: inject the port, never replace
 * `navigator.credentials`): the software authenticator of `@wallet-auth/test-utils` behind the
 * kit's JSON port, a port whose prompt the person dismisses, one with no passkeys, and one whose
 * prompt stays open.
 */
import type { WebAuthnPort } from '@wallet-auth/core';
import { base64UrlToBytes } from '@wallet-auth/core/primitives';
import { createSoftAuthenticator, type SoftAuthenticator } from '@wallet-auth/test-utils';

/** A port backed by a software authenticator for `rpId` at `origin`. */
export function createSoftWebAuthn(
  origin: string,
  rpId = 'localhost',
): WebAuthnPort & { authenticator: SoftAuthenticator } {
  const authenticator = createSoftAuthenticator({ rpId, origin });
  return {
    authenticator,
    isSupported: async () => true,
    create: (options) =>
      authenticator.create({
        challenge: base64UrlToBytes(options.challenge),
        rp: options.rp,
        user: { ...options.user, id: base64UrlToBytes(options.user.id) },
      }),
    get: (options) => {
      const allow = options.allowCredentials ?? [];
      return authenticator.get({
        challenge: base64UrlToBytes(options.challenge),
        ...(options.rpId === undefined ? {} : { rpId: options.rpId }),
        ...(allow.length === 0
          ? {}
          : {
              allowCredentials: allow.map((credential) => ({
                type: 'public-key' as const,
                id: base64UrlToBytes(credential.id),
              })),
            }),
      });
    },
  };
}

/** The person closes the passkey prompt: `NotAllowedError`, as the browser reports it. */
export function createCancellingWebAuthn(): WebAuthnPort {
  const cancelled = () =>
    Promise.reject(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
  return { isSupported: async () => true, create: cancelled, get: cancelled };
}

/** A browser without passkeys. */
export function createUnsupportedWebAuthn(): WebAuthnPort {
  const unsupported = () => Promise.reject(new DOMException('No WebAuthn', 'NotSupportedError'));
  return { isSupported: async () => false, create: unsupported, get: unsupported };
}

/** A prompt that stays open until the ceremony is aborted. */
export function createPendingWebAuthn(): WebAuthnPort {
  const pending = (_options: unknown, ceremony?: { signal?: AbortSignal }) =>
    new Promise<never>((_resolve, reject) => {
      ceremony?.signal?.addEventListener('abort', () =>
        reject(new DOMException('Aborted', 'AbortError')),
      );
    });
  return { isSupported: async () => true, create: pending, get: pending };
}
