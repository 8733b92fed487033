/**
 * PASSKEY sign-in: the machine of `passkey-login.machine.ts` run with the client's API, key
 * handling, session manager and a WebAuthn port.
 */
import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { createClientKey, resolveSessionKey } from '../../crypto/client-key.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import { toWalletAuthError } from '../../wallet/session-signed.js';
import { createBrowserWebAuthn } from '../../webauthn/browser-webauthn.js';
import { getPasskeyAssertion } from '../../webauthn/get-passkey-assertion.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import { createFlow, type Flow } from '../flow.js';
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
}

function parseExpiresAt(value: unknown): number {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(parsed)) {
    throw new WalletAuthError('PROTOCOL_ERROR', 'The passkey challenge has no valid expiresAt.');
  }
  return parsed;
}

/**
 * Creates a passkey sign-in flow (service interface "Wallet sessions" rule 6): a fresh client key
 * (`client.sessionKeyMode`, wire-format §15), the PASSKEY challenge, the browser's `get()` over
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
    async (effect, context) => {
      switch (effect.type) {
        case 'requestChallenge': {
          try {
            // No challenge is spent on a browser that cannot answer it.
            if (!(await webauthn.isSupported())) {
              throw new WalletAuthError('PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys.');
            }
            const clientKey = await createClientKey(client.sessionKeyMode);
            const answer = await client.api.challengePasskey(
              effect.credentialId,
              clientKey.clientPublicKey,
              context.signal,
            );
            context.send({
              type: 'CHALLENGE_ISSUED',
              challenge: {
                clientKey,
                challenge: answer.challenge,
                requestId: answer.requestId,
                expiresAt: parseExpiresAt(answer.expiresAt),
                webauthnCredentialId:
                  typeof answer.credentialId === 'string' ? answer.credentialId : undefined,
              },
              now: clock.now(),
            });
          } catch (error) {
            context.send({
              type: 'CHALLENGE_FAILED',
              error: toWalletAuthError(error, 'The passkey challenge failed.'),
              now: clock.now(),
            });
          }
          return;
        }
        case 'getAssertion': {
          try {
            const assertion = await getPasskeyAssertion(
              webauthn,
              {
                challenge: effect.challenge.challenge,
                webauthnCredentialId: effect.challenge.webauthnCredentialId,
                rpId: options.rpId,
                timeoutMs: effect.timeoutMs,
              },
              context.signal,
            );
            context.send({ type: 'ASSERTION_CREATED', assertion });
          } catch (error) {
            context.send({
              type: 'CEREMONY_FAILED',
              error: toWalletAuthError(error, 'The passkey ceremony failed.'),
              now: clock.now(),
            });
          }
          return;
        }
        case 'verify': {
          try {
            // A lost answer cannot be reconciled (§11.3, catalogue SR-12): the session key was
            // sealed inside it and no list carries it. The verify is not resent either (its
            // Request-Id is single use), so it fails NETWORK_ERROR and the person signs in again.
            const session = await client.api.verifyPasskey(
              effect.credentialId,
              effect.challenge.requestId,
              { type: 'PASSKEY', assertion: effect.assertion },
              context.signal,
            );
            const keyPair = await resolveSessionKey({
              clientKey: effect.challenge.clientKey,
              encryptedSessionSigningKey: session.encryptedSessionSigningKey,
            });
            if (context.signal.aborted) {
              return;
            }
            await client.sessions.adopt({ session, keyPair, credentialId: effect.credentialId });
            context.send({ type: 'VERIFIED', session });
          } catch (error) {
            context.send({
              type: 'VERIFY_FAILED',
              error: toWalletAuthError(error, 'Passkey sign-in failed.'),
              now: clock.now(),
            });
          }
          return;
        }
        default: {
          return effect satisfies never;
        }
      }
    },
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
    start: (credentialId) => flow.send({ type: 'START', credentialId }),
    reauthenticate,
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
    isSupported: () => webauthn.isSupported(),
  };
}
