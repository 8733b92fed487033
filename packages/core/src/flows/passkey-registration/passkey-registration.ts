/**
 * PASSKEY registration: the machine of `passkey-registration.machine.ts` run with the client's
 * API, this device's session and a WebAuthn port.
 */
import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { createRegistrationChallenge } from '../../crypto/passkey-challenge.js';
import { WalletAuthError } from '../../errors/wallet-auth-error.js';
import {
  observeSignedProgress,
  toWalletAuthError,
  withSessionStamp,
} from '../../wallet/session-signed.js';
import { createBrowserWebAuthn } from '../../webauthn/browser-webauthn.js';
import { createPasskeyAttestation } from '../../webauthn/create-passkey-attestation.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import { createFlow, type Flow } from '../flow.js';
import {
  createPasskeyRegistrationMachine,
  type PasskeyRegistrationEffect,
  type PasskeyRegistrationEvent,
  type PasskeyRegistrationState,
} from './passkey-registration.machine.js';

/** Options of `createPasskeyRegistrationFlow`. */
export interface PasskeyRegistrationFlowOptions {
  /** The WebAuthn ceremonies. @defaultValue `createBrowserWebAuthn()` */
  webauthn?: WebAuthnPort;
  /** The relying party. @defaultValue `{ name: rp.id ?? location.hostname }`, id = the page's domain */
  rp?: { id?: string; name?: string };
  /**
   * The WebAuthn user shown in the passkey picker. @defaultValue name and display name = the
   * session's nickname (the email of an EMAIL_OTP session), id = the account id's UTF-8 bytes
   */
  user?: { id?: string; name?: string; displayName?: string };
  /** Ceremony timeout in ms. @defaultValue 300000 */
  timeoutMs?: number;
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
 * Creates a passkey registration flow (wire-format §9): needs an active session
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
  >(
    machine,
    async (effect, context) => {
      switch (effect.type) {
        case 'prepare': {
          try {
            const { session } = await client.sessions.requireStamper();
            if (!(await webauthn.isSupported())) {
              throw new WalletAuthError('PASSKEY_UNSUPPORTED', 'This browser cannot use passkeys.');
            }
            const { data } = await client.api.listCredentials(session.accountId, context.signal);
            const excludeCredentialIds = data.flatMap((credential) =>
              credential.type === 'PASSKEY' && typeof credential.credentialId === 'string'
                ? [credential.credentialId]
                : [],
            );
            context.send({
              type: 'PREPARED',
              plan: {
                accountId: session.accountId,
                challenge: createRegistrationChallenge().challenge,
                excludeCredentialIds,
                userName: session.nickname === '' ? session.accountId : session.nickname,
              },
            });
          } catch (error) {
            context.send({
              type: 'PREPARE_FAILED',
              error: toWalletAuthError(error, 'Could not prepare the passkey registration.'),
              now: clock.now(),
            });
          }
          return;
        }
        case 'createPasskey': {
          const { plan } = effect;
          try {
            const rpId = options.rp?.id;
            const attestation = await createPasskeyAttestation(
              webauthn,
              {
                challenge: plan.challenge,
                rp: {
                  id: rpId,
                  name: options.rp?.name ?? rpId ?? globalThis.location?.hostname ?? 'Wallet',
                },
                user: {
                  id: options.user?.id,
                  name: options.user?.name ?? plan.userName,
                  displayName: options.user?.displayName ?? options.user?.name ?? plan.userName,
                },
                accountId: plan.accountId,
                excludeCredentialIds: plan.excludeCredentialIds,
                timeoutMs: options.timeoutMs ?? 300_000,
              },
              context.signal,
            );
            context.send({ type: 'ATTESTATION_CREATED', attestation });
          } catch (error) {
            context.send({
              type: 'CEREMONY_FAILED',
              error: toWalletAuthError(error, 'The passkey ceremony failed.'),
              now: clock.now(),
            });
          }
          return;
        }
        case 'register': {
          try {
            const credential = await withSessionStamp(client, ({ stamp }) =>
              client.api.addCredential(effect.body, {
                stamp,
                signal: context.signal,
                onFlow: observeSignedProgress((progress) =>
                  context.send({ type: 'REGISTER_PROGRESS', progress }),
                ),
              }),
            );
            context.send({ type: 'REGISTERED', credential });
          } catch (error) {
            context.send({
              type: 'REGISTER_FAILED',
              error: toWalletAuthError(error, 'The passkey could not be added.'),
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
  return {
    ...flow,
    register: (nickname) => flow.send({ type: 'START', nickname }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
    isSupported: () => webauthn.isSupported(),
  };
}
