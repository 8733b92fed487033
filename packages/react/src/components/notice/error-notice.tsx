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
   * and the action is one of `handles`; otherwise it is shown as advice text.
   */
  onAction?: (action: ErrorNextAction) => void;
  /** The actions `onAction` performs. @defaultValue ['retry', 'checkConnection'] */
  handles?: readonly ErrorNextAction[];
  /** Overrides the catalogue of `WalletAuthLocaleProvider`. */
  messages?: WalletAuthSignInMessages;
}

/**
 * Explains an error in the person's words with its next action (catalogue UI-07, UI-10): an
 * `alert` region, the catalogue's sentence, the service's `reason` as plain text (UI-01) and one
 * action button. Data attributes: `data-error-code`, `data-error-case` (e.g. `quoteExpired`),
 * `data-action`.
 */
export const ErrorNotice = forwardRef<HTMLDivElement, ErrorNoticeProps>(function ErrorNotice(
  { error, onAction, handles = DEFAULT_HANDLES, messages: messagesProp, ...props },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  const description = describeError(error, messages);
  return (
    <div
      role="alert"
      data-error-notice=""
      data-error-code={description.code}
      data-error-case={description.errorCase}
      data-action={description.action}
      {...props}
      ref={ref}
    >
      <p>{description.message}</p>
      {description.reason === undefined ? null : (
        <p data-reason="">
          {messages.common.details}: {description.reason}
        </p>
      )}
      {description.action === 'none' ? null : onAction !== undefined &&
        handles.includes(description.action) ? (
        <button type="button" data-action-button="" onClick={() => onAction(description.action)}>
          {description.actionLabel}
        </button>
      ) : (
        <p data-advice="">{description.actionLabel}</p>
      )}
    </div>
  );
});
