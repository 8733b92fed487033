import {
  type AuthSession,
  createOtpLoginFlow,
  type OtpLoginFlow,
  type OtpLoginFlowOptions,
  type OtpLoginState,
  type WalletAuthClient,
  type WalletAuthError,
} from '@wallet-auth/core';
import { useFlowHook } from './use-flow-hook.js';

/** Options of `useOtpLogin`; read once, when the flow is created. */
export interface UseOtpLoginOptions extends OtpLoginFlowOptions {
  /** Use this client instead of the provider's. */
  client?: WalletAuthClient;
  /** Called once the session is verified and saved on this device. */
  onSuccess?: (session: AuthSession) => void;
  /** Called when the flow ends in `failed` (a wrong code returns to `awaitingCode` instead). */
  onError?: (error: WalletAuthError) => void;
}

/** The OTP flow's state plus its intents; narrow on `state.status`. */
export interface UseOtpLoginResult {
  state: OtpLoginState;
  /** Sends a code to the credential's email or phone. */
  start: OtpLoginFlow['start'];
  /** Verifies a complete code; shorter input is ignored by the flow. */
  submitCode: OtpLoginFlow['submitCode'];
  /** Asks for a new code once `resendAvailable` is true. */
  resend: OtpLoginFlow['resend'];
  /** Starts again after a retryable failure or when a rate limit is over. */
  retry: OtpLoginFlow['retry'];
  /** Abandons the attempt and returns to `idle`. */
  cancel: OtpLoginFlow['cancel'];
}

/**
 * Runs an EMAIL_OTP or SMS_OTP sign-in (docs/service-api.md "Wallet sessions" rule 4): `idle` →
 * `requestingCode` → `awaitingCode` → `verifying` → `authenticated`, with `rateLimited` and
 * `failed` on the way. Unmounting aborts the flow's requests and timers (catalogue UI-05).
 *
 * @param options - Flow options (`credentialType`, `codeLength`, `resendCooldownSeconds`), the
 * callbacks and an optional `client`.
 * @example
 * const otp = useOtpLogin({ onSuccess: () => navigate('/wallet') });
 * if (otp.state.status === 'idle') return <button onClick={() => otp.start(credentialId)}>Email me a code</button>;
 */
export function useOtpLogin(options: UseOtpLoginOptions = {}): UseOtpLoginResult {
  const { client, onSuccess: _onSuccess, onError: _onError, ...flowOptions } = options;
  const { flow, state } = useFlowHook<OtpLoginState, OtpLoginFlow>(
    'useOtpLogin',
    client,
    (resolved) => createOtpLoginFlow(resolved, flowOptions),
    (next) => {
      if (next.status === 'authenticated') {
        options.onSuccess?.(next.session);
      } else if (next.status === 'failed') {
        options.onError?.(next.error);
      }
    },
  );
  return {
    state,
    start: flow.start,
    submitCode: flow.submitCode,
    resend: flow.resend,
    retry: flow.retry,
    cancel: flow.cancel,
  };
}
