import type { QueryClient } from '@tanstack/react-query';
import type {
  AuthMethod,
  GetIdToken,
  PasskeyRegistrationFlowOptions,
  WalletAuthClient,
  WebAuthnPort,
} from '@wallet-auth/core';
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactElement,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from 'react';
import {
  useAddCredential,
  usePasskeyRegistration,
  useRemoveCredential,
} from '../../hooks/use-credential-flows.js';
import { useCredentials } from '../../hooks/use-credentials.js';
import { type UnsupportedPasskeys, usePasskeySupport } from '../../hooks/use-passkey-support.js';
import { useSession } from '../../hooks/use-session.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatDateTime } from '../../i18n/format.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { useStampConfirmation } from '../../signed-action/use-stamp-confirmation.js';
import { SignedActionConfirmRoot } from '../signed-action-confirm/signed-action-confirm.js';
import {
  CredentialManagerAddOAuthButton,
  CredentialManagerAddPasskeyButton,
} from './credential-manager-add.js';
import {
  type CredentialActivity,
  CredentialItemContext,
  type CredentialManagerButtonProps,
  CredentialManagerContext,
  type CredentialManagerContextValue,
  useCredentialItem,
  useCredentialManager,
} from './credential-manager-context.js';
import { CredentialManagerStatus } from './credential-manager-status.js';
import { isDistinctNickname } from './method-name.js';

// ----------------------------------------------------------------------------------------------
// Root

/** Props of `CredentialManager.Root`. */
export interface CredentialManagerRootProps extends ComponentPropsWithoutRef<'div'> {
  /** The wallet account. @defaultValue the account of this device's session */
  accountId?: string;
  /**
   * Show the exact payload and ask for approval (`CredentialManager.Confirm`) before the session
   * key signs an add or a removal; `false` signs at once. @defaultValue true
   */
  confirm?: boolean;
  /** WebAuthn port for adding passkeys. @defaultValue the browser's */
  webauthn?: WebAuthnPort;
  /** Relying party and user shown in the passkey prompt. */
  passkeyOptions?: Omit<PasskeyRegistrationFlowOptions, 'webauthn'>;
  /** Your identity-provider code, for linking an OAuth account. */
  getIdToken?: GetIdToken;
  /**
   * Where this browser cannot use passkeys (no WebAuthn): `explain` shows the add-passkey button
   * disabled and the status line says why; `hide` leaves the button out (catalogue PK-17).
   * @defaultValue 'explain'
   */
  unsupportedPasskeys?: UnsupportedPasskeys;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
  /** @defaultValue the list, the status line and the confirmation */
  children?: ReactNode;
}

/**
 * Lists the account's sign-in methods and lets the person add a passkey or an OAuth account and
 * remove one (docs/contributing.md §2.6). The remove control is disabled for the last credential (the
 * service refuses it) and for the credential of this device's session (the revoke must be signed
 * by another credential's session), with the reason shown beside it (catalogue SES-07).
 * `data-state` is `loading` · `ready` · `error`.
 */
export const CredentialManagerRoot = forwardRef<HTMLDivElement, CredentialManagerRootProps>(
  function CredentialManagerRoot(
    {
      accountId,
      confirm = true,
      webauthn,
      passkeyOptions,
      getIdToken,
      unsupportedPasskeys = 'explain',
      client: clientProp,
      queryClient,
      messages: messagesProp,
      children,
      ...props
    },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const client = useWalletAuthClient(clientProp, 'CredentialManager');
    const passkeyNoteId = useId();
    const stamps = useStampConfirmation(client, confirm);
    const flowOptions = { client: stamps.client, ...(queryClient ? { queryClient } : {}) };
    const query = useCredentials({
      client,
      ...(accountId ? { accountId } : {}),
      ...(queryClient ? { queryClient } : {}),
    });
    const sessionCredentialId = useSession(
      (state) => (state.status === 'active' ? state.session.credentialId : undefined),
      { client },
    );
    const removal = useRemoveCredential(flowOptions);
    const registration = usePasskeyRegistration({
      ...flowOptions,
      ...passkeyOptions,
      ...(webauthn ? { webauthn } : {}),
    });
    const passkeysSupported = usePasskeySupport(registration.isSupported);
    const addition = useAddCredential({ ...flowOptions, ...(getIdToken ? { getIdToken } : {}) });
    const [activity, setActivity] = useState<CredentialActivity>('remove');
    const value: CredentialManagerContextValue = {
      client,
      actionClient: stamps.client,
      query,
      sessionCredentialId,
      removal,
      registration,
      addition,
      activity,
      setActivity,
      confirmation: stamps.confirmation,
      messages,
      passkeysSupported,
      unsupportedPasskeys,
      passkeyNoteId,
    };
    return (
      <CredentialManagerContext.Provider value={value}>
        <div
          data-credential-manager=""
          data-state={query.isError ? 'error' : query.isPending ? 'loading' : 'ready'}
          aria-busy={query.isFetching || undefined}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <CredentialManagerList />
              <CredentialManagerStatus />
              <CredentialManagerConfirm />
            </>
          )}
        </div>
      </CredentialManagerContext.Provider>
    );
  },
);

// ----------------------------------------------------------------------------------------------
// List and items

/** Props of `CredentialManager.List`. */
export interface CredentialManagerListProps
  extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  /** Renders one credential; @defaultValue `<CredentialManager.Item credential={credential} />` */
  children?: (credential: AuthMethod) => ReactNode;
}

/** The credentials as a `ul`, in the service's order. Empty while loading. */
export const CredentialManagerList = forwardRef<HTMLUListElement, CredentialManagerListProps>(
  function CredentialManagerList({ children, ...props }, ref) {
    const { query, messages } = useCredentialManager('List');
    const credentials = query.data ?? [];
    return (
      <ul data-credential-list="" aria-label={messages.credentials.title} {...props} ref={ref}>
        {credentials.map((credential) =>
          children ? (
            children(credential)
          ) : (
            <CredentialManagerItem key={credential.id} credential={credential} />
          ),
        )}
      </ul>
    );
  },
);

/** Props of `CredentialManager.Item`. */
export interface CredentialManagerItemProps extends ComponentPropsWithoutRef<'li'> {
  /** The credential this item shows and offers to remove. */
  credential: AuthMethod;
  /** @defaultValue the type, nickname, date, remove button and its hint */
  children?: ReactNode;
}

/**
 * One credential as an `li`. `data-type` is the credential type; `data-current` marks the one
 * that issued this device's session.
 */
export const CredentialManagerItem = forwardRef<HTMLLIElement, CredentialManagerItemProps>(
  function CredentialManagerItem({ credential, children, ...props }, ref) {
    const { query, sessionCredentialId, messages } = useCredentialManager('Item');
    const hintId = useId();
    const count = query.data?.length ?? 0;
    const current = sessionCredentialId === credential.id;
    const blocked = count <= 1 ? 'lastOne' : current ? 'inUse' : undefined;
    return (
      <CredentialItemContext.Provider value={{ credential, hintId, blocked }}>
        <li
          data-credential-item=""
          data-type={credential.type}
          data-current={current ? '' : undefined}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              {isDistinctNickname(credential.type, credential.nickname, messages) ? (
                <>
                  <span data-credential-type="">{messages.credentialTypes[credential.type]}</span>
                  <span data-credential-name="">{credential.nickname}</span>
                </>
              ) : (
                // A nickname that only repeats the type ("Passkey") is not shown twice.
                <span data-credential-name="">{messages.credentialTypes[credential.type]}</span>
              )}
              <span data-credential-date="">
                {messages.credentials.added(formatDateTime(credential.createdAt, messages.locale))}
              </span>
              {current ? (
                <span data-credential-current="">{messages.credentials.inUse}</span>
              ) : null}
              <CredentialManagerRemoveButton />
              <CredentialManagerItemHint />
            </>
          )}
        </li>
      </CredentialItemContext.Provider>
    );
  },
);

/** Why the item cannot be removed (a `p` referenced by its remove button), or nothing. */
export const CredentialManagerItemHint = forwardRef<
  HTMLParagraphElement,
  Omit<ComponentPropsWithoutRef<'p'>, 'children'>
>(function CredentialManagerItemHint(props, ref) {
  const { messages } = useCredentialManager('ItemHint');
  const { hintId, blocked } = useCredentialItem('ItemHint');
  if (blocked === undefined) {
    return null;
  }
  return (
    <p data-credential-hint="" {...props} id={hintId} ref={ref}>
      {blocked === 'lastOne' ? messages.credentials.lastOne : messages.credentials.inUseHint}
    </p>
  );
});

/** Props of the manager's buttons. */
/**
 * Removes the item's credential. Disabled, with `aria-describedby` pointing at the hint, for the
 * last credential and for the session's own; `aria-busy` while that credential is being removed.
 */
export const CredentialManagerRemoveButton = forwardRef<
  HTMLButtonElement,
  CredentialManagerButtonProps
>(function CredentialManagerRemoveButton(
  { asChild = false, children, disabled, onClick, ...props },
  ref,
) {
  const { removal, messages, setActivity } = useCredentialManager('RemoveButton');
  const { credential, hintId, blocked } = useCredentialItem('RemoveButton');
  const busy =
    (removal.state.status === 'checking' || removal.state.status === 'removing') &&
    removal.state.credentialId === credential.id;
  const anyBusy = removal.state.status === 'checking' || removal.state.status === 'removing';
  const off = disabled || blocked !== undefined || anyBusy;
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-remove-credential=""
      data-disabled={off ? '' : undefined}
      aria-busy={busy || undefined}
      aria-describedby={blocked === undefined ? undefined : hintId}
      disabled={off}
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => {
        setActivity('remove');
        removal.remove(credential.id);
      })}
    >
      {children ??
        (busy
          ? messages.credentials.removing
          : messages.credentials.remove(
              isDistinctNickname(credential.type, credential.nickname, messages)
                ? credential.nickname
                : messages.credentialTypes[credential.type],
            ))}
    </Component>
  );
});

/** The approval of a pending stamp (remove or add), when `confirm` is on. */
export const CredentialManagerConfirm = (): ReactElement => {
  const { confirmation, messages } = useCredentialManager('Confirm');
  return <SignedActionConfirmRoot confirmation={confirmation} messages={messages} />;
};

/** Compound parts of the credential manager. */
export const CredentialManager = {
  Root: CredentialManagerRoot,
  List: CredentialManagerList,
  Item: CredentialManagerItem,
  ItemHint: CredentialManagerItemHint,
  RemoveButton: CredentialManagerRemoveButton,
  AddPasskeyButton: CredentialManagerAddPasskeyButton,
  AddOAuthButton: CredentialManagerAddOAuthButton,
  Status: CredentialManagerStatus,
  Confirm: CredentialManagerConfirm,
};
