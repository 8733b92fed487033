/**
 * The default WebAuthn port: `@simplewebauthn/browser`, loaded on first use so importing the
 * core touches no browser global and server rendering never loads it (docs/contributing.md §2.8).
 */
import { WalletAuthError } from '../errors/wallet-auth-error.js';
import { identifyWebAuthnError } from '../on-demand/on-demand.js';
import type { WebAuthnCeremonyOptions, WebAuthnPort } from './webauthn-port.js';

/** The `@simplewebauthn/browser` module the port runs on. */
export type SimpleWebAuthnLibrary = typeof import('@simplewebauthn/browser');

/** Options of `createBrowserWebAuthn`. */
export interface BrowserWebAuthnOptions {
  /** Loads the library. @defaultValue a dynamic `import('@simplewebauthn/browser')` */
  load?: () => Promise<SimpleWebAuthnLibrary>;
}

function insecure(): WalletAuthError {
  return new WalletAuthError(
    'INSECURE_CONTEXT',
    'Passkeys need a secure page (https or localhost).',
  );
}

function unsupported(): WalletAuthError {
  return new WalletAuthError('PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys.');
}

/**
 * Creates the browser's WebAuthn port over `@simplewebauthn/browser` (`startRegistration`,
 * `startAuthentication`, `browserSupportsWebAuthn`). Aborting a ceremony's signal cancels the
 * prompt through the library's abort service; every rejection is translated by
 * `identifyWebAuthnError`.
 *
 * @param options - An alternative loader (tests).
 * @throws via the returned promises: `INSECURE_CONTEXT`, `PASSKEY_UNSUPPORTED`, `ABORTED` and the
 * codes of `identifyWebAuthnError`.
 * @example
 * const flow = createPasskeyLoginFlow(client, { webauthn: createBrowserWebAuthn() });
 */
export function createBrowserWebAuthn(options: BrowserWebAuthnOptions = {}): WebAuthnPort {
  let loading: Promise<SimpleWebAuthnLibrary> | undefined;
  const load = () => {
    loading ??= (options.load ?? (() => import('@simplewebauthn/browser')))();
    return loading;
  };

  async function ready(signal: AbortSignal | undefined): Promise<SimpleWebAuthnLibrary> {
    if (globalThis.isSecureContext === false) {
      throw insecure();
    }
    const library = await load();
    if (!library.browserSupportsWebAuthn()) {
      throw unsupported();
    }
    if (signal?.aborted) {
      throw new WalletAuthError('ABORTED', 'The passkey prompt was closed by the app.');
    }
    return library;
  }

  async function run<T>(
    ceremony: 'create' | 'get',
    { signal }: WebAuthnCeremonyOptions,
    start: (library: SimpleWebAuthnLibrary) => Promise<T>,
  ): Promise<T> {
    const library = await ready(signal);
    const onAbort = () => library.WebAuthnAbortService.cancelCeremony();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await start(library);
    } catch (error) {
      throw await identifyWebAuthnError(error, {
        ceremony,
        aborted: signal?.aborted === true,
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async isSupported() {
      if (globalThis.isSecureContext === false) {
        return false;
      }
      return (await load()).browserSupportsWebAuthn();
    },
    async isConditionalMediationAvailable() {
      if (globalThis.isSecureContext === false) {
        return false;
      }
      return (await load()).browserSupportsWebAuthnAutofill().catch(() => false);
    },
    create: (optionsJSON, ceremony = {}) =>
      run('create', ceremony, async (library) => {
        const response = await library.startRegistration({
          // Structurally the library's type; ours names only the members the kit sets.
          optionsJSON: optionsJSON as Parameters<
            SimpleWebAuthnLibrary['startRegistration']
          >[0]['optionsJSON'],
        });
        return {
          ...response,
          type: 'public-key' as const,
          response: { ...response.response },
        };
      }),
    get: (optionsJSON, ceremony = {}) =>
      run('get', ceremony, async (library) => {
        const response = await library.startAuthentication({
          optionsJSON: optionsJSON as Parameters<
            SimpleWebAuthnLibrary['startAuthentication']
          >[0]['optionsJSON'],
          // Autofill: the library asks with mediation 'conditional' and an empty allow list,
          // after checking the page has an input whose autocomplete ends in "webauthn".
          ...(ceremony.mediation === 'conditional' ? { useBrowserAutofill: true } : {}),
        });
        return { ...response, type: 'public-key' as const };
      }),
  };
}
