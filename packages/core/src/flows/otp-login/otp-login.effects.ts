/**
 * The I/O of the OTP sign-in (`otp-login.ts`), loaded on first use (the on-demand chunk, fetched
 * with HPKE when the code is requested): the challenge, the sealed code and its verification with
 * the TEK's stamp, the session adopted, and a lost verify answer reconciled from the session list.
 */

import { encryptOtpCode } from '../../crypto/encrypt-otp-code.js';
import { createStamp } from '../../crypto/stamp.js';
import { toWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { EffectRunner } from '../../internal/flow.js';
import type { SigningKeyPair } from '../../keys/key-pair.js';
import { observeSignedProgress } from '../../session/signed-action.js';
import { reconcileNewSession } from '../../signed-retry/reconcile.js';
import type { AuthMethod, AuthSession } from '../../types.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import type { OtpCredentialType, OtpLoginEffect, OtpLoginEvent } from './otp-login.machine.js';

/**
 * Runs one OTP sign-in's effects (one runner per flow: it remembers the challenged credential).
 * @param client - The kit's client.
 * @param credentialType - EMAIL_OTP or SMS_OTP (the verify body's `type`).
 */
export function otpLoginEffects(
  client: WalletAuthClient,
  credentialType: OtpCredentialType,
): EffectRunner<OtpLoginEvent, OtpLoginEffect> {
  const { clock } = client;
  // The credential as the last challenge answered it (account, nickname): what a lost verify
  // answer is reconciled against. Effect-runner memory, not machine state: only I/O reads it.
  let challenged: Pick<AuthMethod, 'id' | 'accountId' | 'type' | 'nickname'> | undefined;

  /**
   * After a lost verify answer (catalogue SR-12) the session is found in the list: the TEK that
   * stamped the verification token is its key (docs/protocol.md §6). Without the challenge's account
   * there is nothing to read, and the exchange fails REQUEST_ID_CONSUMED.
   */
  function reconcileFor(credentialId: string) {
    if (challenged === undefined || challenged.id !== credentialId) {
      return {};
    }
    return {
      reconcile: reconcileNewSession(
        (accountId, signal) => client.api.listSessions(accountId, signal),
        {
          accountId: challenged.accountId,
          type: challenged.type,
          nickname: challenged.nickname,
          knownSessionIds: client.sessions.knownSessionIds(),
          terminalStatus: 200,
        },
      ),
    };
  }

  return async (effect, context) => {
    switch (effect.type) {
      case 'requestCode': {
        try {
          const method = await client.api.challengeOtp(effect.credentialId, context.signal);
          if (typeof method.otpEncryptionTargetBundle !== 'string') {
            throw new WalletAuthError(
              'PROTOCOL_ERROR',
              'The challenge answer has no otpEncryptionTargetBundle.',
            );
          }
          challenged = method;
          context.send({
            type: 'CODE_SENT',
            otpEncryptionTargetBundle: method.otpEncryptionTargetBundle,
            now: clock.now(),
          });
        } catch (error) {
          context.send({
            type: 'CHALLENGE_FAILED',
            error: toWalletAuthError(error, 'Sign-in failed.'),
            now: clock.now(),
          });
        }
        return;
      }
      case 'verifyCode': {
        let keyPair: SigningKeyPair | undefined;
        try {
          const encrypted = await encryptOtpCode({
            otpEncryptionTargetBundle: effect.otpEncryptionTargetBundle,
            otpCode: effect.code,
            environment: client.environment,
          });
          keyPair = encrypted.sessionKeyPair;
          const tek = keyPair;
          const session: AuthSession = await client.api.verifyOtp(
            effect.credentialId,
            { type: credentialType, encryptedOtpBundle: encrypted.encryptedOtpBundle },
            {
              stamp: (payload) => createStamp({ payload, keyPair: tek }),
              signal: context.signal,
              ...reconcileFor(effect.credentialId),
              onFlow: observeSignedProgress(
                (progress) => context.send({ type: 'VERIFY_PROGRESS', progress }),
                ['processing', 'rateLimited'],
              ),
            },
          );
          await client.sessions.adopt({
            session,
            keyPair: tek,
            credentialId: effect.credentialId,
            // Reported as the session is adopted: a UI that unmounts on the new session still hears it.
            onAdopted: () => context.send({ type: 'VERIFIED', session }),
          });
        } catch (error) {
          context.send({
            type: 'VERIFY_FAILED',
            error: toWalletAuthError(error, 'Sign-in failed.'),
            now: clock.now(),
          });
        }
        return;
      }
      case 'schedule': {
        return;
      }
      default: {
        return effect satisfies never;
      }
    }
  };
}
