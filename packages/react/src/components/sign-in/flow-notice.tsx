import type { Clock, WalletAuthError } from '@wallet-auth/core';
import { type ReactNode, type RefObject, useRef } from 'react';
import type { UseOAuthLoginResult } from '../../hooks/use-oauth-login.js';
import type { UsePasskeyLoginResult } from '../../hooks/use-passkey-login.js';
import { usePasskeySupport } from '../../hooks/use-passkey-support.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useFocusStep } from '../../primitives/focus-step.js';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { SIGN_IN_ACTIONS } from './sign-in-actions.js';

/** Props of the passkey and OAuth status line of `SignIn`. */
export interface FlowNoticeProps {
  passkey: UsePasskeyLoginResult;
  oauth: UseOAuthLoginResult;
  /** Whether the account has a passkey (to say when this browser cannot use it). */
  hasPasskey: boolean;
  /** The credential of this device's current or last session, whose passkey is known to be here. */
  deviceCredentialId: string | undefined;
  /** The name of an OAuth credential's provider, as its button shows it. */
  providerName: (credentialId: string) => string;
  /** Whether a method other than `credentialId` is offered (for "Use another method"). */
  hasOtherMethod: (credentialId: string) => boolean;
  /** Stops the flow and puts focus on another method. */
  onUseAnotherMethod: (credentialId: string) => void;
  clock: Clock;
  messages: WalletAuthSignInMessages;
  /** The sign-in part, whose focus the notice may move. */
  scope: RefObject<HTMLElement | null>;
}

/** A stopped flow's next steps: try again (a fresh attempt) and, where one exists, another method. */
function Steps({
  onRetry,
  onOther,
  messages,
}: {
  onRetry: () => void;
  onOther: (() => void) | undefined;
  messages: WalletAuthSignInMessages;
}) {
  return (
    <div data-steps="">
      <button type="button" data-action-button="" onClick={onRetry}>
        {messages.common.retry}
      </button>
      {onOther === undefined ? null : (
        <button type="button" data-use-another="" onClick={onOther}>
          {messages.actions.useAnotherMethod}
        </button>
      )}
    </div>
  );
}

/**
 * Says what the passkey or OAuth sign-in started last is doing, once (the buttons keep their
 * labels): waiting for the passkey or the provider, signing in, a dismissed prompt, an
 * unsupported browser, a rate limit with its countdown, or an error, each with its next steps as
 * buttons. A dismissed passkey prompt for a passkey not known to be on this device says the
 * passkey may be elsewhere (browsers report both as `NotAllowedError`, WebAuthn Level 3 §5.1.4).
 * The first step of a failure takes focus when focus was lost with the disabled button.
 */
export function FlowNotice({
  passkey,
  oauth,
  hasPasskey,
  deviceCredentialId,
  providerName,
  hasOtherMethod,
  onUseAnotherMethod,
  clock,
  messages,
  scope,
}: FlowNoticeProps) {
  const unsupported = usePasskeySupport(passkey.isSupported, hasPasskey) === false && hasPasskey;
  const root = useRef<HTMLDivElement>(null);

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

  const failure = (
    error: WalletAuthError,
    retryAt: number | undefined,
    again: () => void,
    credentialId: string | undefined,
  ): ReactNode => {
    if (retryAt !== undefined) {
      return <CountdownNotice until={retryAt} clock={clock} messages={messages} />;
    }
    const other = credentialId === undefined || hasOtherMethod(credentialId);
    return (
      <ErrorNotice
        error={error}
        messages={messages}
        handles={SIGN_IN_ACTIONS}
        {...(other ? { fallbackAction: 'useAnotherMethod' as const } : {})}
        onAction={(action) =>
          action === 'useAnotherMethod' ? onUseAnotherMethod(credentialId ?? '') : again()
        }
      />
    );
  };
  const other = (credentialId: string) =>
    hasOtherMethod(credentialId) ? () => onUseAnotherMethod(credentialId) : undefined;

  let text = '';
  let extra: ReactNode = null;
  let stopped: string | undefined;
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
      case 'cancelled': {
        // Only a passkey this device used before is known to be here.
        text =
          state.credentialId === deviceCredentialId
            ? messages.passkey.cancelled
            : messages.passkey.notOnDevice;
        extra = (
          <Steps onRetry={passkey.retry} onOther={other(state.credentialId)} messages={messages} />
        );
        stopped = 'passkey:cancelled';
        break;
      }
      case 'failed': {
        const { credentialId } = state;
        extra = failure(
          state.error,
          state.retryAt,
          state.retryable ? passkey.retry : () => passkey.start(credentialId),
          credentialId,
        );
        stopped = 'passkey:failed';
        break;
      }
      default:
        text = unsupported ? messages.passkey.unsupported : '';
    }
  } else {
    const state = oauth.state;
    switch (state.status) {
      case 'obtainingToken':
        text = messages.oauth.pending(providerName(state.credentialId));
        break;
      case 'redirecting':
        text = messages.oauth.redirecting(providerName(state.credentialId));
        break;
      case 'returning':
      case 'verifying':
        text = messages.signIn.signingIn;
        break;
      case 'authenticated':
        text = messages.signIn.success;
        break;
      case 'cancelled':
        text = messages.oauth.cancelled;
        extra = (
          <Steps onRetry={oauth.retry} onOther={other(state.credentialId)} messages={messages} />
        );
        stopped = 'oauth:cancelled';
        break;
      case 'needsFreshToken':
      case 'failed': {
        const { credentialId } = state;
        // OAuth always starts over with a fresh key, so "try again" is a new attempt. A redirect's
        // answer that matched no attempt names no credential: the person picks a method again.
        extra = failure(
          state.error,
          state.status === 'failed' ? state.retryAt : undefined,
          () => (credentialId === undefined ? onUseAnotherMethod('') : oauth.start(credentialId)),
          credentialId,
        );
        stopped = `oauth:${state.status}`;
        break;
      }
      default:
        text = '';
    }
  }
  useFocusStep(root, stopped, { scope, target: '[data-action-button], [data-use-another]' });
  return (
    <div data-flow-notice="" ref={root}>
      <p role="status">{text}</p>
      {extra}
    </div>
  );
}
