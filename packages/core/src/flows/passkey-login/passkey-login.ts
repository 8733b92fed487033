/**
 * PASSKEY sign-in: the machine of `passkey-login.machine.ts` run with the client's API, key
 * handling, session manager and a WebAuthn port.
 */

import { createFlow, type Flow } from '../../internal/flow.js';
import { runOnDemand } from '../../internal/load-chunk.js';
import { loadOnDemand } from '../../on-demand/on-demand.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createBrowserWebAuthn } from '../../webauthn/browser-webauthn.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import {
  createPasskeyLoginMachine,
  type PasskeyLoginEffect,
  type PasskeyLoginEvent,
  type PasskeyLoginState,
} from './passkey-login.machine.js';

/** Options of `createPasskeyLoginFlow`. */
export interface PasskeyLoginFlowOptions {
  /** The WebAuthn ceremonies. @defaultValue `createBrowserWebAuthn()` */
  webauthn?: WebAuthnPort;
  /** Relying-party ID passed to `get()`. @defaultValue the page's effective domain */
  rpId?: string;
}

/** A passkey sign-in flow: the observable state plus its intents. */
export interface PasskeyLoginFlow extends Flow<PasskeyLoginState, PasskeyLoginEvent> {
  /** Signs in with the PASSKEY credential `credentialId` (`AuthMethod:<uuid>`). */
  start(credentialId: string): void;
  /**
   * Re-authenticates with the passkey that issued this device's current or expired session
   * (rule 7). Returns false, and does nothing, when that session did not come from a passkey.
   */
  reauthenticate(): boolean;
  /** Asks again after a dismissed prompt or a retryable failure. */
  retry(): void;
  cancel(): void;
  /** Whether this browser can use passkeys at all (for `data-unsupported`). */
  isSupported(): Promise<boolean>;
  /**
   * Offers the passkey of `credentialId` in the autofill of an input whose `autocomplete` ends in
   * `webauthn` (conditional mediation, catalogue PK-18), quietly: a failure returns to `idle`,
   * and `start()` for the same credential takes over its challenge with a prompt. Does nothing
   * unless the flow is idle.
   */
  startAutofill(credentialId: string): void;
  /** Whether this browser can offer passkeys in autofill (false when the port cannot say). */
  isAutofillAvailable(): Promise<boolean>;
}

/**
 * Creates a passkey sign-in flow (docs/service-api.md "Wallet sessions" rule 6): a fresh client key
 * (`client.sessionKeyMode`, docs/protocol.md §15), the PASSKEY challenge, the browser's `get()` over
 * the challenge's UTF-8 bytes with user verification required (§9), verify with `Request-Id`,
 * then the sealed session key is opened and adopted as this device's session.
 *
 * @param client - The kit's client.
 * @param options - The WebAuthn port and RP ID.
 * @example
 * const flow = createPasskeyLoginFlow(client);
 * flow.subscribe(() => render(flow.getSnapshot()));
 * flow.start(passkeyCredentialId);
 */
export function createPasskeyLoginFlow(
  client: WalletAuthClient,
  options: PasskeyLoginFlowOptions = {},
): PasskeyLoginFlow {
  const machine = createPasskeyLoginMachine();
  const webauthn = options.webauthn ?? createBrowserWebAuthn();
  const { clock } = client;
  const flow = createFlow<PasskeyLoginState, PasskeyLoginEvent, PasskeyLoginEffect>(
    machine,
    runOnDemand(
      async () => (await loadOnDemand()).passkeyLoginEffects(client, webauthn, options),
      (effect, error) => ({
        type:
          effect.type === 'requestChallenge'
            ? 'CHALLENGE_FAILED'
            : effect.type === 'verify'
              ? 'VERIFY_FAILED'
              : 'CEREMONY_FAILED',
        error,
        now: clock.now(),
      }),
    ),
    { clock },
  );

  function reauthenticate(): boolean {
    const state = client.sessions.getSnapshot();
    if (
      (state.status === 'active' || state.status === 'expired') &&
      state.session.type === 'PASSKEY' &&
      state.session.credentialId !== undefined
    ) {
      flow.send({ type: 'START', credentialId: state.session.credentialId });
      return true;
    }
    return false;
  }

  return {
    ...flow,
    start: (credentialId) => flow.send({ type: 'START', credentialId, now: clock.now() }),
    startAutofill: (credentialId) => flow.send({ type: 'START_AUTOFILL', credentialId }),
    isAutofillAvailable: async () => {
      try {
        return (await webauthn.isConditionalMediationAvailable?.()) === true;
      } catch {
        return false;
      }
    },
    reauthenticate,
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
    isSupported: () => webauthn.isSupported(),
  };
}
