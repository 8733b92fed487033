import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { CountdownNotice } from '../notice/countdown-notice.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { progressText } from '../notice/progress-text.js';
import {
  type CredentialManagerContextValue,
  useCredentialManager,
} from './credential-manager-context.js';

/** What the status line says now: polite text, an error with its action, or a countdown. */
type StatusContent =
  | { text: string }
  | { error: unknown; onAction?: () => void }
  | { until: number }
  | undefined;

function describeStatus(context: CredentialManagerContextValue): StatusContent {
  const { query, removal, registration, addition, activity, messages } = context;
  if (query.isError) {
    return { error: query.error, onAction: () => void query.refetch() };
  }
  if (query.isPending) {
    return { text: messages.common.loading };
  }
  if (activity === 'remove') {
    const state = removal.state;
    switch (state.status) {
      case 'checking':
        return { text: messages.credentials.removing };
      case 'removing':
        return state.progress.kind === 'rateLimited'
          ? { until: state.progress.retryAt }
          : { text: progressText(state.progress, messages.credentials.removing, messages) };
      case 'needsOtherSession':
        return { text: messages.credentials.inUseHint };
      case 'failed':
        if (state.lastCredential) {
          return { text: messages.credentials.lastOne };
        }
        return state.retryAt === undefined
          ? { error: state.error, onAction: removal.retry }
          : { until: state.retryAt };
      default:
        return undefined;
    }
  }
  if (activity === 'register') {
    const state = registration.state;
    switch (state.status) {
      case 'preparing':
        return { text: messages.passkey.adding };
      case 'awaitingPasskey':
        return { text: messages.passkey.pending };
      case 'registering':
        return state.progress.kind === 'rateLimited'
          ? { until: state.progress.retryAt }
          : { text: progressText(state.progress, messages.passkey.adding, messages) };
      case 'registered':
        return { text: messages.passkey.added };
      case 'cancelled':
        return { text: messages.passkey.cancelled };
      case 'failed':
        return state.retryAt === undefined
          ? { error: state.error, ...(state.retryable ? { onAction: registration.retry } : {}) }
          : { until: state.retryAt };
      default:
        return undefined;
    }
  }
  const state = addition.state;
  switch (state.status) {
    case 'obtainingToken':
    case 'adding':
      return { text: messages.common.loading };
    case 'added':
      return { text: messages.common.done };
    case 'cancelled':
      return { text: messages.oauth.cancelled };
    case 'needsFreshToken':
      return { error: state.error, onAction: addition.retry };
    case 'failed':
      return state.retryAt === undefined
        ? { error: state.error, ...(state.retryable ? { onAction: addition.retry } : {}) }
        : { until: state.retryAt };
    default:
      return undefined;
  }
}

/**
 * What the manager is doing or what went wrong, worded for the person: a polite `status` region
 * for progress (and PROCESSING), an `alert` with its next action for errors, a countdown for
 * rate limits. It reports the flow the person started last, and says why a passkey cannot be
 * added where the browser has no passkeys (the add button's description, catalogue PK-17).
 */
export const CredentialManagerStatus = forwardRef<
  HTMLDivElement,
  Omit<ComponentPropsWithoutRef<'div'>, 'children'>
>(function CredentialManagerStatus(props, ref) {
  const context = useCredentialManager('Status');
  const content = describeStatus(context);
  let body: ReactNode = null;
  if (content !== undefined && 'error' in content) {
    body = (
      <ErrorNotice
        error={content.error}
        messages={context.messages}
        {...(content.onAction ? { onAction: content.onAction } : {})}
      />
    );
  } else if (content !== undefined && 'until' in content) {
    body = (
      <CountdownNotice
        until={content.until}
        clock={context.client.clock}
        messages={context.messages}
      />
    );
  }
  return (
    <div data-credential-status="" {...props} ref={ref}>
      <p role="status">{content !== undefined && 'text' in content ? content.text : ''}</p>
      {body}
      {context.passkeysSupported === false && context.unsupportedPasskeys === 'explain' ? (
        <p id={context.passkeyNoteId} data-passkey-unsupported="">
          {context.messages.passkey.unsupportedAdd}
        </p>
      ) : null}
    </div>
  );
});
