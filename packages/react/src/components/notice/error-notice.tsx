import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { describeError, type ErrorNextAction } from '../../errors/describe-error.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';

const DEFAULT_HANDLES: readonly ErrorNextAction[] = ['retry', 'checkConnection'];

/** Props of `ErrorNotice`. */
export interface ErrorNoticeProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The error to explain; anything not a `WalletAuthError` reads as `UNKNOWN`. */
  error: unknown;
  /**
   * Called when the person takes the next action. The action is a button when this prop is set
   * and the action is one of `handles`; otherwise no step is offered beside the sentence, which
   * says what to do (a suggested step is always a real button, never plain text).
   */
  onAction?: (action: ErrorNextAction) => void;
  /** The actions `onAction` performs. @defaultValue ['retry', 'checkConnection'] */
  handles?: readonly ErrorNextAction[];
  /**
   * The step offered instead when the error's own next action is not one of `handles` (e.g.
   * `useAnotherMethod` on a sign-in screen for an error only the site's support can fix), so the
   * person gets a button rather than advice. @defaultValue none: no step is offered
   */
  fallbackAction?: ErrorNextAction;
  /** Overrides the catalogue of `WalletAuthLocaleProvider`. */
  messages?: WalletAuthSignInMessages;
}

/**
 * Explains an error in the person's words with its next action (catalogue UI-07, UI-10): an
 * `alert` region, the catalogue's sentence, the service's `reason` as plain text behind a closed
 * "Details" disclosure (UI-01), and one action button when the caller handles the action (issue
 * 21, defect 9: never a step as text). An `ABORTED` error (the app or the person stopped it) is
 * no failure: a polite `status` in neutral colours, without a step. Data attributes:
 * `data-error-code`, `data-error-case` (e.g. `quoteExpired`), `data-action`, `data-tone`
 * (`error` | `neutral`).
 */
export const ErrorNotice = forwardRef<HTMLDivElement, ErrorNoticeProps>(function ErrorNotice(
  { error, onAction, handles = DEFAULT_HANDLES, fallbackAction, messages: messagesProp, ...props },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  const description = describeError(error, messages);
  const neutral = description.code === 'ABORTED';
  const step: ErrorNextAction | undefined =
    onAction === undefined || description.action === 'none'
      ? undefined
      : handles.includes(description.action)
        ? description.action
        : fallbackAction !== undefined && handles.includes(fallbackAction)
          ? fallbackAction
          : undefined;
  return (
    <div
      role={neutral ? 'status' : 'alert'}
      data-error-notice=""
      data-tone={neutral ? 'neutral' : 'error'}
      data-error-code={description.code}
      data-error-case={description.errorCase}
      data-action={step ?? description.action}
      {...props}
      ref={ref}
    >
      <p>{description.message}</p>
      {description.reason === undefined ? null : (
        <details data-reason="">
          <summary>{messages.common.details}</summary>
          <p>{description.reason}</p>
        </details>
      )}
      {step === undefined ? null : (
        <button type="button" data-action-button="" onClick={() => onAction?.(step)}>
          {messages.actions[step]}
        </button>
      )}
    </div>
  );
});
