/**
 * The I/O of passkey registration (`passkey-registration.ts`).
 */

import { createRegistrationChallenge } from '../../crypto/passkey-challenge.js';
import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import { observeSignedProgress, withSessionStamp } from '../../session/signed-action.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { createPasskeyAttestation } from '../../webauthn/create-passkey-attestation.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import type {
  PasskeyRegistrationEffect,
  PasskeyRegistrationEvent,
} from './passkey-registration.machine.js';

/** The relying party, user and timeout of a passkey registration's ceremony. */
export interface PasskeyRegistrationSettings {
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

/**
 * Runs the effects of one passkey registration: the challenge and ceremony options, the WebAuthn
 * ceremony, then the add as a signed retry stamped by this device's session.
 * @param client - The kit's client.
 * @param options - Relying party, user and timeout.
 * @param webauthn - The WebAuthn ceremonies.
 */
export function passkeyRegistrationEffects(
  client: WalletAuthClient,
  options: PasskeyRegistrationSettings,
  webauthn: WebAuthnPort,
): EffectRunner<PasskeyRegistrationEvent, PasskeyRegistrationEffect> {
  const { clock } = client;
  return async (effect, context) => {
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
  };
}
