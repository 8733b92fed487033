/**
 * WebAuthn ports for tests and stories (docs/contributing.md §2.7: inject the port, never replace
 * `navigator.credentials`): the software authenticator of `@wallet-auth/test-utils` behind the
 * kit's JSON port, a port whose prompt the person dismisses, one with no passkeys, and one whose
 * prompt stays open.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  WebAuthnPort,
} from '@wallet-auth/core';
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

/** A conditional `get()` waiting for the person to pick a passkey from autofill. */
export interface PendingAutofill {
  options: PublicKeyCredentialRequestOptionsJSON;
  signal: AbortSignal | undefined;
}

/**
 * A port that also offers passkeys in autofill (conditional mediation), as Chromium and Safari
 * do: a conditional `get()` waits until the test "picks" a passkey (`pick`, optionally one of
 * another account, since autofill lists every passkey of the site) or rejects it (`decline`);
 * an abort rejects it with `AbortError`. Prompted ceremonies use the software authenticator.
 */
export function createAutofillWebAuthn(origin: string, base = createSoftWebAuthn(origin)) {
  const waiting: (PendingAutofill & {
    resolve: (value: AuthenticationResponseJSON) => void;
    reject: (error: unknown) => void;
  })[] = [];
  const conditional: PendingAutofill[] = [];
  const port: WebAuthnPort = {
    isSupported: base.isSupported,
    isConditionalMediationAvailable: async () => true,
    create: base.create,
    get: (options, ceremony = {}) => {
      if (ceremony.mediation !== 'conditional') {
        return base.get(options, ceremony);
      }
      conditional.push({ options, signal: ceremony.signal });
      return new Promise<AuthenticationResponseJSON>((resolve, reject) => {
        const entry = { options, signal: ceremony.signal, resolve, reject };
        waiting.push(entry);
        ceremony.signal?.addEventListener('abort', () =>
          reject(new DOMException('Aborted', 'AbortError')),
        );
      });
    },
  };
  return {
    port,
    authenticator: base.authenticator,
    /** Every conditional request made, in order. */
    conditional,
    /** Picks a passkey for the latest waiting request: the challenged one, or the one given. */
    async pick(webauthnCredentialId?: string) {
      const entry = waiting.pop();
      if (entry === undefined) {
        throw new Error('no autofill request is waiting');
      }
      const allow = webauthnCredentialId ?? entry.options.allowCredentials?.[0]?.id;
      entry.resolve(
        await base.get({
          ...entry.options,
          ...(allow === undefined ? {} : { allowCredentials: [{ type: 'public-key', id: allow }] }),
        }),
      );
    },
    /** The browser declines the autofill request (e.g. no passkey for this site). */
    decline() {
      waiting.pop()?.reject(new DOMException('Not allowed', 'NotAllowedError'));
    },
  };
}
