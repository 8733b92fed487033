/**
 * The add buttons of `CredentialManager`: a passkey (registration) and an OAuth account. Their
 * flows live in the root, so its status line reports them.
 */
import { forwardRef, type Ref } from 'react';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { ProviderMark } from '../oauth-button/provider-mark.js';
import { deviceLabel } from '../session-list/describe-device.js';
import {
  type CredentialManagerButtonProps,
  useCredentialManager,
} from './credential-manager-context.js';

/** Props of `CredentialManager.AddPasskeyButton`. */
export interface CredentialManagerAddPasskeyButtonProps extends CredentialManagerButtonProps {
  /**
   * The passkey's name in the list. @defaultValue this device's browser and system, e.g.
   * "Chrome on macOS" (so passkeys and their sessions are told apart by device)
   */
  nickname?: string;
}

/**
 * Registers a new passkey for the account (needs an active session). Where the browser cannot use
 * passkeys it is disabled, described by the status line's reason (`data-unsupported`), or absent
 * with `unsupportedPasskeys="hide"` on the root (catalogue PK-17).
 */
export const CredentialManagerAddPasskeyButton = forwardRef<
  HTMLButtonElement,
  CredentialManagerAddPasskeyButtonProps
>(function CredentialManagerAddPasskeyButton(
  { nickname, asChild = false, children, disabled, onClick, ...props },
  ref,
) {
  const {
    registration,
    messages,
    setActivity,
    passkeysSupported,
    unsupportedPasskeys,
    passkeyNoteId,
  } = useCredentialManager('AddPasskeyButton');
  const status = registration.state.status;
  const busy = status === 'preparing' || status === 'awaitingPasskey' || status === 'registering';
  const unsupported = passkeysSupported === false;
  if (unsupported && unsupportedPasskeys === 'hide') {
    return null;
  }
  const blocked = disabled || busy || unsupported;
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-add-passkey=""
      data-unsupported={unsupported ? '' : undefined}
      data-disabled={blocked ? '' : undefined}
      aria-busy={busy || undefined}
      aria-describedby={unsupported ? passkeyNoteId : undefined}
      disabled={blocked}
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => {
        setActivity('register');
        registration.register(nickname ?? deviceLabel(messages));
      })}
    >
      {children ?? (busy ? messages.passkey.adding : messages.passkey.add)}
    </Component>
  );
});

/** Props of `CredentialManager.AddOAuthButton`. */
export interface CredentialManagerAddOAuthButtonProps extends CredentialManagerButtonProps {
  /** The provider's name, e.g. "Google". */
  provider: string;
}

/** Links an OAuth account (needs `getIdToken` on the root and an active session). */
export const CredentialManagerAddOAuthButton = forwardRef<
  HTMLButtonElement,
  CredentialManagerAddOAuthButtonProps
>(function CredentialManagerAddOAuthButton(
  { provider, asChild = false, children, disabled, onClick, ...props },
  ref,
) {
  const { addition, messages, setActivity } = useCredentialManager('AddOAuthButton');
  const status = addition.state.status;
  const busy = status === 'obtainingToken' || status === 'adding';
  const label = busy ? messages.oauth.pending(provider) : messages.oauth.add(provider);
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-add-oauth=""
      data-provider={provider}
      data-disabled={disabled || busy ? '' : undefined}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => {
        setActivity('add');
        addition.add('OAUTH');
      })}
    >
      {asChild || children !== undefined ? (
        (children ?? label)
      ) : (
        <>
          <ProviderMark provider={provider} />
          {label}
        </>
      )}
    </Component>
  );
});
