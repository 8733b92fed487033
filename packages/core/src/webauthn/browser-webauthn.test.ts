import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { createBrowserWebAuthn } from './browser-webauthn.js';

type Library = typeof import('@simplewebauthn/browser');

/** A stand-in for the library module: the port's own logic is what is under test here. */
function library(overrides: Partial<Library>) {
  let cancelled = 0;
  const module = {
    browserSupportsWebAuthn: () => true,
    WebAuthnAbortService: {
      createNewAbortSignal: () => new AbortController().signal,
      cancelCeremony: () => {
        cancelled += 1;
      },
    },
    ...overrides,
  } as unknown as Library;
  return { module, cancelled: () => cancelled };
}

const requestOptions = {
  challenge: 'AAAA',
  allowCredentials: [],
  userVerification: 'required' as const,
};

describe('createBrowserWebAuthn', () => {
  it('given SSR (no browser), should load nothing at creation and report unsupported', async () => {
    let loads = 0;
    const port = createBrowserWebAuthn({
      load: async () => {
        loads += 1;
        return (await import('@simplewebauthn/browser')) as Library;
      },
    });
    expect(loads).toBe(0);
    // Node has no PublicKeyCredential: the real library says no.
    await expect(port.isSupported()).resolves.toBe(false);
    await expect(port.get(requestOptions)).rejects.toMatchObject({ code: 'PASSKEY_UNSUPPORTED' });
    expect(loads).toBe(1);
  });

  it('given an abort of the signal, should cancel the ceremony and reject ABORTED', async () => {
    const controller = new AbortController();
    const fake = library({
      startAuthentication: () =>
        new Promise((_, reject) => {
          controller.signal.addEventListener('abort', () =>
            reject(
              new WebAuthnError({
                message: 'aborted',
                code: 'ERROR_CEREMONY_ABORTED',
                cause: new DOMException('aborted', 'AbortError'),
              }),
            ),
          );
        }),
    });
    const port = createBrowserWebAuthn({ load: async () => fake.module });
    const pending = port.get(requestOptions, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
    expect(fake.cancelled()).toBe(1);
  });

  it('given the user dismissing the prompt, should reject PASSKEY_CANCELLED', async () => {
    const fake = library({
      startRegistration: () =>
        Promise.reject(
          new WebAuthnError({
            message: 'not allowed',
            code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
            cause: new DOMException('not allowed', 'NotAllowedError'),
          }),
        ),
    });
    const port = createBrowserWebAuthn({ load: async () => fake.module });
    await expect(
      port.create({
        rp: { name: 'Wallet' },
        user: { id: 'AQID', name: 'a', displayName: 'a' },
        challenge: 'AAAA',
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      }),
    ).rejects.toMatchObject({ code: 'PASSKEY_CANCELLED' });
  });

  it('given an insecure page, should refuse INSECURE_CONTEXT without loading the library', async () => {
    let loads = 0;
    const port = createBrowserWebAuthn({
      load: async () => {
        loads += 1;
        return library({}).module;
      },
    });
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
    Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true });
    try {
      await expect(port.isSupported()).resolves.toBe(false);
      await expect(port.get(requestOptions)).rejects.toMatchObject({ code: 'INSECURE_CONTEXT' });
    } finally {
      if (descriptor) {
        Object.defineProperty(globalThis, 'isSecureContext', descriptor);
      } else {
        delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
      }
    }
    expect(loads).toBe(0);
  });

  it('given an answer, should resolve the library JSON unchanged in shape', async () => {
    const answer = {
      id: 'AQID',
      rawId: 'AQID',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
      clientExtensionResults: {},
    };
    const fake = library({ startAuthentication: async () => answer as never });
    const port = createBrowserWebAuthn({ load: async () => fake.module });
    await expect(port.get(requestOptions)).resolves.toMatchObject(answer);
  });
});
