/**
 * PASSKEY registration: the machine of `passkey-registration.machine.ts` run with the client's
 * API, this device's session and a WebAuthn port.
 */

import { createFlow, type Flow } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createBrowserWebAuthn } from '../../webauthn/browser-webauthn.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import {
  type PasskeyRegistrationSettings,
  passkeyRegistrationEffects,
} from './passkey-registration.effects.js';
import {
  createPasskeyRegistrationMachine,
  type PasskeyRegistrationEffect,
  type PasskeyRegistrationEvent,
  type PasskeyRegistrationState,
} from './passkey-registration.machine.js';

/** Options of `createPasskeyRegistrationFlow`. */
export interface PasskeyRegistrationFlowOptions extends PasskeyRegistrationSettings {
  /** The WebAuthn ceremonies. @defaultValue `createBrowserWebAuthn()` */
  webauthn?: WebAuthnPort;
}

/** A passkey registration flow: the observable state plus its intents. */
export interface PasskeyRegistrationFlow
  extends Flow<PasskeyRegistrationState, PasskeyRegistrationEvent> {
  /** Registers a new passkey under `nickname` for the account of this device's session. */
  register(nickname: string): void;
  retry(): void;
  cancel(): void;
  /** Whether this browser can use passkeys at all. */
  isSupported(): Promise<boolean>;
}

/**
 * Creates a passkey registration flow (docs/protocol.md §9): needs an active session
 * (`SESSION_EXPIRED` / `SESSION_KEY_MISSING` otherwise, before any network call); the
 * challenge is 32 random bytes sent as b64url and passed to `create()` as bytes; algorithms −7
 * then −257, `attestation: "none"`, user verification required, the account's passkeys
 * excluded; the add is a signed retry stamped by the session.
 *
 * @param client - The kit's client.
 * @param options - WebAuthn port, relying party, user and timeout.
 * @example
 * const flow = createPasskeyRegistrationFlow(client, { rp: { name: 'Acme Wallet' } });
 * flow.register('My laptop');
 */
export function createPasskeyRegistrationFlow(
  client: WalletAuthClient,
  options: PasskeyRegistrationFlowOptions = {},
): PasskeyRegistrationFlow {
  const machine = createPasskeyRegistrationMachine();
  const webauthn = options.webauthn ?? createBrowserWebAuthn();
  const { clock } = client;
  const flow = createFlow<
    PasskeyRegistrationState,
    PasskeyRegistrationEvent,
    PasskeyRegistrationEffect
  >(machine, passkeyRegistrationEffects(client, options, webauthn), { clock });
  return {
    ...flow,
    register: (nickname) => flow.send({ type: 'START', nickname }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
    isSupported: () => webauthn.isSupported(),
  };
}
