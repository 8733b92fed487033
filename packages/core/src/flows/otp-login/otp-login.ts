/**
 * EMAIL_OTP / SMS_OTP sign-in: the machine of `otp-login.machine.ts` run with the client's API,
 * crypto and session manager.
 */
import type { WalletAuthClient } from '../../client/create-wallet-auth-client.js';
import { reconcileNewSession } from '../../client/reconcile-on-demand.js';
import { encryptOtpCode } from '../../crypto/encrypt-otp-code.js';
import { preloadHpke } from '../../crypto/hpke.js';
import { createStamp } from '../../crypto/stamp.js';
import { isWalletAuthError, WalletAuthError } from '../../errors/wallet-auth-error.js';
import type { SigningKeyPair } from '../../keys/key-pair.js';
import type { AuthMethod, AuthSession } from '../../types.js';
import { createFlow, type Flow } from '../flow.js';
import {
  createOtpLoginMachine,
  type OtpCredentialType,
  type OtpLoginEvent,
  type OtpLoginMachineOptions,
  type OtpLoginState,
} from './otp-login.machine.js';

export interface OtpLoginFlowOptions extends OtpLoginMachineOptions {
  /** @defaultValue 'EMAIL_OTP' */
  credentialType?: OtpCredentialType;
}

/** An OTP sign-in flow: the observable state plus its intents. */
export interface OtpLoginFlow extends Flow<OtpLoginState, OtpLoginEvent> {
  /** Sends a code to the credential's email or phone. */
  start(credentialId: string): void;
  submitCode(code: string): void;
  resend(): void;
  retry(): void;
  cancel(): void;
}

function asError(error: unknown): WalletAuthError {
  return isWalletAuthError(error)
    ? error
    : new WalletAuthError('UNKNOWN', 'Sign-in failed.', { cause: error });
}

/**
 * Creates an OTP sign-in flow (service interface "Wallet sessions" rule 4): the code is sealed to
 * the enclave's target key with a fresh TEK; the TEK stamps the verification token and becomes the
 * session key, saved non-extractable in the key store.
 *
 * @example
 * const flow = createOtpLoginFlow(client);
 * flow.subscribe(() => render(flow.getSnapshot()));
 * flow.start(emailCredentialId);
 */
export function createOtpLoginFlow(
  client: WalletAuthClient,
  options: OtpLoginFlowOptions = {},
): OtpLoginFlow {
  const credentialType = options.credentialType ?? 'EMAIL_OTP';
  const machine = createOtpLoginMachine(options);
  const { clock } = client;
  // The credential as the last challenge answered it (account, nickname): what a lost verify
  // answer is reconciled against. Effect-runner memory, not machine state: only I/O reads it.
  let challenged: Pick<AuthMethod, 'id' | 'accountId' | 'type' | 'nickname'> | undefined;
  const flow = createFlow<
    OtpLoginState,
    OtpLoginEvent,
    ReturnType<typeof machine.transition>[1][number]
  >(
    machine,
    async (effect, context) => {
      switch (effect.type) {
        case 'requestCode': {
          // The code will be sealed with HPKE: fetch that code while the user reads the email.
          preloadHpke();
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
            context.send({ type: 'CHALLENGE_FAILED', error: asError(error), now: clock.now() });
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
                onFlow: (retry) =>
                  retry.subscribe(() => {
                    const state = retry.getSnapshot();
                    if (state.status === 'processing') {
                      context.send({ type: 'VERIFY_PROGRESS', progress: { kind: 'processing' } });
                    } else if (state.status === 'rateLimited') {
                      context.send({
                        type: 'VERIFY_PROGRESS',
                        progress: { kind: 'rateLimited', retryAt: state.retryAt },
                      });
                    }
                  }),
              },
            );
            await client.sessions.adopt({
              session,
              keyPair: tek,
              credentialId: effect.credentialId,
            });
            context.send({ type: 'VERIFIED', session });
          } catch (error) {
            context.send({ type: 'VERIFY_FAILED', error: asError(error), now: clock.now() });
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
    },
    { clock },
  );
  /**
   * After a lost verify answer (catalogue SR-12) the session is found in the list: the TEK that
   * stamped the verification token is its key (wire-format §6). Without the challenge's account
   * there is nothing to read, and the exchange fails REQUEST_ID_CONSUMED as before.
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

  return {
    ...flow,
    start: (credentialId) => flow.send({ type: 'START', credentialId, now: clock.now() }),
    submitCode: (code) => flow.send({ type: 'SUBMIT_CODE', code }),
    resend: () => flow.send({ type: 'RESEND_CODE', now: clock.now() }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
