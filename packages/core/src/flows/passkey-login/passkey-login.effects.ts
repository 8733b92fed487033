/**
 * The I/O of the passkey sign-in (`passkey-login.ts`), loaded on first use (the on-demand chunk):
 * a fresh client key and the PASSKEY challenge, the WebAuthn `get()`, verify with `Request-Id`,
 * then the sealed session key opened and adopted.
 */

import { createClientKey } from '../../crypto/client-key.js';
import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import { getPasskeyAssertion } from '../../webauthn/get-passkey-assertion.js';
import type { WebAuthnPort } from '../../webauthn/webauthn-port.js';
import { adoptVerifiedSession } from '../adopt-verified-session.js';
import type { PasskeyLoginEffect, PasskeyLoginEvent } from './passkey-login.machine.js';

function parseExpiresAt(value: unknown): number {
  const parsed = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(parsed)) {
    throw new WalletAuthError('PROTOCOL_ERROR', 'The passkey challenge has no valid expiresAt.');
  }
  return parsed;
}

/**
 * Runs the passkey sign-in's effects with `client` and the WebAuthn port.
 * @param client - The kit's client.
 * @param webauthn - The WebAuthn ceremonies.
 * @param options - The relying-party ID passed to `get()`.
 */
export function passkeyLoginEffects(
  client: WalletAuthClient,
  webauthn: WebAuthnPort,
  options: { rpId?: string | undefined },
): EffectRunner<PasskeyLoginEvent, PasskeyLoginEffect> {
  const { clock } = client;
  return async (effect, context) => {
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
          const { webauthnCredentialId } = effect.challenge;
          const assertion = await getPasskeyAssertion(
            webauthn,
            {
              challenge: effect.challenge.challenge,
              webauthnCredentialId,
              rpId: options.rpId,
              timeoutMs: effect.timeoutMs,
            },
            context.signal,
            effect.mediation,
          );
          // Autofill lists every passkey of this site: one that is not the challenged
          // credential's cannot pass verify, and would count as a failed attempt there.
          if (
            effect.mediation === 'conditional' &&
            webauthnCredentialId !== undefined &&
            assertion.credentialId !== webauthnCredentialId
          ) {
            throw new WalletAuthError(
              'UNAUTHORIZED',
              'The passkey picked from autofill is not the challenged credential.',
              { details: { passkeyProblem: 'otherPasskey' } },
            );
          }
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
          await adoptVerifiedSession(client, {
            session,
            clientKey: effect.challenge.clientKey,
            credentialId: effect.credentialId,
            signal: context.signal,
            onAdopted: () => context.send({ type: 'VERIFIED', session }),
          });
        } catch (error) {
          context.send({
            type: 'VERIFY_FAILED',
            error: toWalletAuthError(error, 'Passkey sign-in failed.'),
            now: clock.now(),
          });
        }
        return;
      }
      case 'schedule': {
        // Timers are run by the interpreter, never here.
        return;
      }
      default: {
        return effect satisfies never;
      }
    }
  };
}
