/**
 * EMAIL_OTP / SMS_OTP sign-in: the machine of `otp-login.machine.ts` run with the client's API,
 * crypto and session manager.
 */

import { preloadHpke } from '../../crypto/hpke-loader.js';
import { createFlow, type Flow } from '../../internal/flow.js';
import { runOnDemand } from '../../internal/load-chunk.js';
import { loadOnDemand } from '../../on-demand/on-demand.js';
import type { WalletAuthClient } from '../../wallet-auth-client.types.js';
import {
  createOtpLoginMachine,
  type OtpCredentialType,
  type OtpLoginEffect,
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

/**
 * Creates an OTP sign-in flow (docs/service-api.md "Wallet sessions" rule 4): the code is sealed to
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
  const effects = runOnDemand<OtpLoginEvent, OtpLoginEffect>(
    async () => (await loadOnDemand()).otpLoginEffects(client, credentialType),
    (effect, error) =>
      effect.type === 'requestCode'
        ? { type: 'CHALLENGE_FAILED', error, now: clock.now() }
        : { type: 'VERIFY_FAILED', error, now: clock.now() },
  );
  const flow = createFlow<
    OtpLoginState,
    OtpLoginEvent,
    ReturnType<typeof machine.transition>[1][number]
  >(
    machine,
    (effect, context) => {
      if (effect.type === 'requestCode') {
        // The code will be sealed with HPKE: fetch that code while the user reads the email.
        preloadHpke();
      }
      return effects(effect, context);
    },
    { clock },
  );

  return {
    ...flow,
    start: (credentialId) => flow.send({ type: 'START', credentialId, now: clock.now() }),
    submitCode: (code) => flow.send({ type: 'SUBMIT_CODE', code }),
    resend: () => flow.send({ type: 'RESEND_CODE', now: clock.now() }),
    retry: () => flow.send({ type: 'RETRY', now: clock.now() }),
    cancel: () => flow.send({ type: 'CANCEL' }),
  };
}
