import type { AuthMethod, Clock } from '@wallet-auth/core';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { UseOtpLoginResult } from '../../hooks/use-otp-login.js';
import { useReconnect } from '../../hooks/use-reconnect.js';
import { type ReadSmsCode, useWebOtp } from '../../hooks/use-web-otp.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { focusAndSelect, useFocusStep } from '../../primitives/focus-step.js';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { OtpInput } from '../otp-input/otp-input.js';
import { SIGN_IN_ACTIONS } from './sign-in-actions.js';

/** Props of the OTP step of `SignIn`. */
export interface OtpSignInProps {
  credential: AuthMethod;
  otp: UseOtpLoginResult;
  codeLength: number;
  clock: Clock;
  messages: WalletAuthSignInMessages;
  /** Leaves the code step for the list of methods. */
  onBack: () => void;
  /** Reads the code of a text message (WebOTP), or `false` for never. */
  readSmsCode?: ReadSmsCode | false | undefined;
  /** The sign-in part, whose focus the step may move. */
  scope: RefObject<HTMLElement | null>;
}

/**
 * The code step of `SignIn`, built from `OtpInput` and the notices: every state of the OTP flow
 * (sending, awaiting the code, verifying, PROCESSING, rate limited or locked, wrong, expired or
 * unchecked code, failed, signed in) in words, each next step a button.
 *
 * - Focus: the code field takes focus when the step appears and keeps it while the code is
 *   checked (read-only, not disabled); after every failure the field is focused with its content
 *   selected (catalogue UI-13). Other steps focus their first control.
 * - The typed code is cleared once the service has refused it and on unmount (UI-02); a code that
 *   could not be checked for want of a connection stays, and is sent again when the browser is
 *   back online, as is a code request the connection interrupted (UI-14).
 * - For a text-message credential the browser may read the code from the SMS (WebOTP), aborted
 *   when the step ends.
 */
export function OtpSignIn({
  credential,
  otp,
  codeLength,
  clock,
  messages,
  onBack,
  readSmsCode,
  scope,
}: OtpSignInProps) {
  const [code, setCode] = useState('');
  const labelId = useId();
  const problemId = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { state } = otp;
  const destination = credential.nickname;
  useEffect(() => () => setCode(''), []);

  // Each step focuses its first field: the code field, the failure's next step, else the step
  // itself while it only reports (sending, a countdown).
  const codeStep = state.status === 'awaitingCode' || state.status === 'verifying';
  useFocusStep(root, codeStep ? 'code' : state.status, {
    scope,
    target: codeStep
      ? '[data-otp-input]'
      : state.status === 'failed'
        ? '[data-action-button], [data-retry]'
        : null,
  });

  const problem = state.status === 'awaitingCode' ? state.problem : undefined;
  useEffect(() => {
    if (problem === undefined) {
      return;
    }
    if (problem.kind !== 'networkError') {
      // The service has answered about this code: it is of no further use (catalogue UI-02).
      setCode('');
    }
    // After every failure the next code goes straight into the field (catalogue UI-13).
    focusAndSelect(input.current, scope.current);
  }, [problem, scope]);

  // What the connection interrupted resumes when it is back (catalogue UI-14).
  useReconnect(() => {
    if (problem?.kind === 'networkError' && code.length === codeLength) {
      otp.submitCode(code);
    } else if (
      state.status === 'failed' &&
      state.retryable &&
      state.error.code === 'NETWORK_ERROR'
    ) {
      otp.retry();
    }
  });

  useWebOtp(
    credential.type === 'SMS_OTP' && state.status === 'awaitingCode',
    (received) => {
      setCode(received);
      otp.submitCode(received);
    },
    readSmsCode,
  );

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
      body = (
        <>
          <p id={labelId}>{messages.otp.enterCode(codeLength, destination)}</p>
          <OtpInput.Root
            ref={input}
            aria-labelledby={labelId}
            aria-describedby={problem ? problemId : undefined}
            aria-busy={verifying || undefined}
            maxLength={codeLength}
            value={code}
            onValueChange={setCode}
            onComplete={otp.submitCode}
            invalid={problem !== undefined && problem.kind !== 'networkError'}
            readOnly={verifying}
          >
            <OtpInput.Group data-otp-boxes="">
              {Array.from({ length: codeLength }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional
                <OtpInput.Slot key={index} index={index} />
              ))}
            </OtpInput.Group>
          </OtpInput.Root>
          {problem === undefined ? null : (
            <div role="alert" id={problemId} data-otp-problem={problem.kind}>
              <p>
                {problem.kind === 'wrongCode'
                  ? messages.otp.wrongCode(problem.attemptsLeft)
                  : problem.kind === 'codeExpired'
                    ? messages.otp.codeExpired
                    : messages.otp.notChecked}
              </p>
              {problem.kind === 'networkError' && code.length === codeLength ? (
                <button type="button" data-check-again="" onClick={() => otp.submitCode(code)}>
                  {messages.otp.checkAgain}
                </button>
              ) : null}
            </div>
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
      // The retry stays disabled until Retry-After, or the lock, has passed (catalogue UI-06).
      body = (
        <>
          <CountdownNotice
            until={state.retryAt}
            clock={clock}
            messages={messages}
            {...(state.reason === 'wrongCodes' ? { children: messages.otp.locked } : {})}
          />
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
            handles={SIGN_IN_ACTIONS}
            fallbackAction="useAnotherMethod"
            onAction={(action) => {
              if (action === 'useAnotherMethod') {
                otp.cancel();
                onBack();
              } else if (state.retryable) {
                otp.retry();
              } else if (state.credentialId !== undefined) {
                otp.start(state.credentialId);
              }
            }}
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
    <div data-otp-sign-in="" data-state={state.status} ref={root} tabIndex={-1}>
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
