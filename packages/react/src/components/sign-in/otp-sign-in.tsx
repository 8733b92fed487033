import type { AuthMethod, Clock } from '@wallet-auth/core';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { UseOtpLoginResult } from '../../hooks/use-otp-login.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { OtpInput } from '../otp-input/otp-input.js';

/** Props of the OTP step of `SignIn`. */
export interface OtpSignInProps {
  credential: AuthMethod;
  otp: UseOtpLoginResult;
  codeLength: number;
  clock: Clock;
  messages: WalletAuthSignInMessages;
  /** Leaves the code step for the list of methods. */
  onBack: () => void;
}

/**
 * The code step of `SignIn`, built from `OtpInput` and the notices: every state of the OTP flow
 * (sending, awaiting the code, verifying, PROCESSING, rate limited, wrong or expired code,
 * failed, signed in) in words. The typed code is cleared after each submit and on unmount
 * (catalogue UI-02).
 */
export function OtpSignIn({
  credential,
  otp,
  codeLength,
  clock,
  messages,
  onBack,
}: OtpSignInProps) {
  const [code, setCode] = useState('');
  const labelId = useId();
  const problemId = useId();
  const { state } = otp;
  const destination = credential.nickname;
  useEffect(() => () => setCode(''), []);

  const submit = (value: string) => {
    setCode('');
    otp.submitCode(value);
  };

  let body: ReactNode = null;
  switch (state.status) {
    case 'idle':
      return null;
    case 'requestingCode':
      body = (
        <p role="status">
          {state.resend ? messages.otp.resending(destination) : messages.otp.sending(destination)}
        </p>
      );
      break;
    case 'awaitingCode':
    case 'verifying': {
      const verifying = state.status === 'verifying';
      const problem = state.status === 'awaitingCode' ? state.problem : undefined;
      body = (
        <>
          <p id={labelId}>{messages.otp.enterCode(codeLength, destination)}</p>
          <OtpInput.Root
            aria-labelledby={labelId}
            aria-describedby={problem ? problemId : undefined}
            maxLength={codeLength}
            value={code}
            onValueChange={setCode}
            onComplete={submit}
            invalid={problem !== undefined}
            disabled={verifying}
            autoFocus
          >
            <OtpInput.Group data-otp-boxes="">
              {Array.from({ length: codeLength }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional
                <OtpInput.Slot key={index} index={index} />
              ))}
            </OtpInput.Group>
          </OtpInput.Root>
          {problem === undefined ? null : (
            <p role="alert" id={problemId} data-otp-problem={problem.kind}>
              {problem.kind === 'wrongCode'
                ? messages.otp.wrongCode(problem.attemptsLeft)
                : messages.otp.codeExpired}
            </p>
          )}
          {verifying && state.progress.kind === 'rateLimited' ? (
            <CountdownNotice until={state.progress.retryAt} clock={clock} messages={messages} />
          ) : (
            <p role="status">
              {verifying
                ? state.progress.kind === 'processing'
                  ? messages.common.processing
                  : messages.otp.verifying
                : ''}
            </p>
          )}
          {state.status === 'awaitingCode' ? (
            state.resendAvailable ? (
              <button type="button" data-resend="" onClick={otp.resend}>
                {messages.otp.resend}
              </button>
            ) : (
              <CountdownNotice
                until={state.resendAvailableAt}
                clock={clock}
                overText=""
                messages={messages}
              >
                {messages.otp.resendIn}
              </CountdownNotice>
            )
          ) : null}
        </>
      );
      break;
    }
    case 'rateLimited':
      // The retry stays disabled until Retry-After has passed (catalogue UI-06).
      body = (
        <>
          <CountdownNotice until={state.retryAt} clock={clock} messages={messages} />
          <button type="button" data-retry="" disabled>
            {messages.common.retry}
          </button>
        </>
      );
      break;
    case 'failed':
      body =
        state.error.code === 'RATE_LIMITED' && state.retryable ? (
          <>
            <p role="status">{messages.rateLimit.over}</p>
            <button type="button" data-retry="" onClick={otp.retry}>
              {messages.common.retry}
            </button>
          </>
        ) : (
          <ErrorNotice
            error={state.error}
            messages={messages}
            {...(state.retryable ? { onAction: otp.retry } : {})}
          />
        );
      break;
    case 'authenticated':
      body = <p role="status">{messages.otp.signedIn}</p>;
      break;
    default:
      return state satisfies never;
  }
  return (
    <div data-otp-sign-in="" data-state={state.status}>
      {body}
      {state.status === 'authenticated' ? null : (
        <button
          type="button"
          data-back=""
          onClick={() => {
            otp.cancel();
            onBack();
          }}
        >
          {messages.otp.useAnotherCode}
        </button>
      )}
    </div>
  );
}
