import type { Clock, WalletAuthError } from '@wallet-auth/core';
import { type ReactNode, useRef } from 'react';
import type { UseOAuthLoginResult } from '../../hooks/use-oauth-login.js';
import type { UsePasskeyLoginResult } from '../../hooks/use-passkey-login.js';
import { usePasskeySupport } from '../../hooks/use-passkey-support.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';

/** Props of the passkey and OAuth status line of `SignIn`. */
export interface FlowNoticeProps {
  passkey: UsePasskeyLoginResult;
  oauth: UseOAuthLoginResult;
  /** Whether the account has a passkey (to say when this browser cannot use it). */
  hasPasskey: boolean;
  clock: Clock;
  messages: WalletAuthSignInMessages;
}

function failure(
  error: WalletAuthError,
  retryAt: number | undefined,
  retry: (() => void) | undefined,
  clock: Clock,
  messages: WalletAuthSignInMessages,
): ReactNode {
  if (retryAt !== undefined) {
    return <CountdownNotice until={retryAt} clock={clock} messages={messages} />;
  }
  return <ErrorNotice error={error} messages={messages} {...(retry ? { onAction: retry } : {})} />;
}

/**
 * Says what the passkey or OAuth sign-in started last is doing: waiting for the passkey or the
 * provider, signing in, a dismissed prompt, an unsupported browser, a rate limit with its
 * countdown, or an error with its next action.
 */
export function FlowNotice({ passkey, oauth, hasPasskey, clock, messages }: FlowNoticeProps) {
  const unsupported = usePasskeySupport(passkey.isSupported, hasPasskey) === false && hasPasskey;

  // The flow whose state changed last is the one the person is looking at.
  const latest = useRef<'passkey' | 'oauth'>('passkey');
  const seen = useRef({ passkey: passkey.state, oauth: oauth.state });
  if (seen.current.oauth !== oauth.state) {
    latest.current = 'oauth';
  }
  if (seen.current.passkey !== passkey.state) {
    latest.current = 'passkey';
  }
  seen.current = { passkey: passkey.state, oauth: oauth.state };

  let text = '';
  let extra: ReactNode = null;
  if (latest.current === 'passkey') {
    const state = passkey.state;
    switch (state.status) {
      case 'requestingChallenge':
      case 'awaitingPasskey':
        text = messages.passkey.pending;
        break;
      case 'verifying':
        text = messages.signIn.signingIn;
        break;
      case 'authenticated':
        text = messages.signIn.success;
        break;
      case 'cancelled':
        text = messages.passkey.cancelled;
        break;
      case 'failed':
        extra = failure(
          state.error,
          state.retryAt,
          state.retryable ? passkey.retry : undefined,
          clock,
          messages,
        );
        break;
      default:
        text = unsupported ? messages.passkey.unsupported : '';
    }
  } else {
    const state = oauth.state;
    switch (state.status) {
      case 'obtainingToken':
      case 'verifying':
        text = messages.signIn.signingIn;
        break;
      case 'authenticated':
        text = messages.signIn.success;
        break;
      case 'cancelled':
        text = messages.oauth.cancelled;
        break;
      case 'needsFreshToken':
        extra = <ErrorNotice error={state.error} messages={messages} onAction={oauth.retry} />;
        break;
      case 'failed':
        extra = failure(
          state.error,
          state.retryAt,
          state.retryable ? oauth.retry : undefined,
          clock,
          messages,
        );
        break;
      default:
        text = '';
    }
  }
  return (
    <div data-flow-notice="">
      <p role="status">{text}</p>
      {extra}
    </div>
  );
}
