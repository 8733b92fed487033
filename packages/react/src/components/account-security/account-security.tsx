import type { QueryClient } from '@tanstack/react-query';
import type {
  GetIdToken,
  PasskeyRegistrationFlowOptions,
  WalletAuthClient,
  WebAuthnPort,
} from '@wallet-auth/core';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import type { UnsupportedPasskeys } from '../../hooks/use-passkey-support.js';
import { useSession } from '../../hooks/use-session.js';
import { useSignOut } from '../../hooks/use-session-mutations.js';
import type { WalletAuthMessages } from '../../i18n/en.js';
import { formatDateTime } from '../../i18n/format.js';
import { useMessages } from '../../i18n/locale-provider.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { CredentialManager } from '../credential-manager/credential-manager.js';
import { ExportWallet } from '../export-wallet/export-wallet.js';
import { OfflineNotice } from '../notice/offline-notice.js';
import { SessionList } from '../session-list/session-list.js';
import type { WalletAuthTheme } from '../sign-in/sign-in.js';

/** Props of `AccountSecurity`. */
export interface AccountSecurityProps
  extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** WebAuthn port for adding passkeys. @defaultValue the browser's */
  webauthn?: WebAuthnPort;
  /** Relying party and user shown in the passkey prompt. */
  passkeyOptions?: Omit<PasskeyRegistrationFlowOptions, 'webauthn'>;
  /** Your identity-provider code; "link an account" is offered only with it. */
  getIdToken?: GetIdToken;
  /** The provider named on the link button, e.g. "Google". */
  oauthProvider?: string;
  /**
   * Where this browser cannot use passkeys (no WebAuthn): `explain` shows "Add a passkey"
   * disabled with the reason; `hide` leaves it out (catalogue PK-17). @defaultValue 'explain'
   */
  unsupportedPasskeys?: UnsupportedPasskeys;
  /** Show the recovery-phrase export. @defaultValue true */
  showExport?: boolean;
  /**
   * Show the exact payload and ask the person to approve it before the session key signs each
   * change made here (adding or removing a sign-in method, the recovery-phrase export). `false`
   * signs at once: only for a UI that asks in its own way first. @defaultValue true
   */
  confirm?: boolean;
  /** Called when the session is gone and the person must sign in (e.g. show `SignIn`). */
  onSignInRequired?: () => void;
  /** @defaultValue 'system' */
  theme?: WalletAuthTheme;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthMessages;
}

/**
 * The account's security page, built only from the public parts: sign-in methods (add a passkey
 * or an OAuth account, remove one, never the last), where the account is signed in (this device
 * marked, sign out the others), the recovery-phrase export and signing out. Without an active
 * session it explains why and offers to sign in; with a session kept in memory only (IndexedDB
 * blocked or absent) it says the session ends with the page.
 */
export const AccountSecurity = forwardRef<HTMLElement, AccountSecurityProps>(
  function AccountSecurity(
    {
      webauthn,
      passkeyOptions,
      getIdToken,
      oauthProvider = 'Google',
      unsupportedPasskeys = 'explain',
      showExport = true,
      confirm = true,
      onSignInRequired,
      theme = 'system',
      client: clientProp,
      queryClient,
      messages: messagesProp,
      ...props
    },
    ref,
  ) {
    const messages = useMessages(messagesProp);
    const client = useWalletAuthClient(clientProp, 'AccountSecurity');
    const titleId = useId();
    const credentialsTitleId = useId();
    const sessionsTitleId = useId();
    const session = useSession(undefined, { client });
    const signOut = useSignOut({ client, ...(queryClient ? { queryClient } : {}) });
    const shared = { client, messages, ...(queryClient ? { queryClient } : {}) };
    return (
      <section
        aria-labelledby={titleId}
        data-wallet-auth={theme === 'unstyled' ? undefined : ''}
        data-theme={theme === 'unstyled' ? undefined : theme}
        data-account-security=""
        data-state={session.status}
        {...props}
        ref={ref}
      >
        <h2 id={titleId}>{messages.accountSecurity.title}</h2>
        <OfflineNotice messages={messages} />
        {session.status === 'loading' ? (
          <p role="status">{messages.common.loading}</p>
        ) : session.status !== 'active' ? (
          <div role="alert" data-session-notice={session.status}>
            <p>
              {session.status === 'expired'
                ? messages.signIn.expired
                : session.reason === 'revoked'
                  ? messages.signIn.revoked
                  : session.reason === 'keyMissing' || session.reason === 'keyMismatch'
                    ? messages.signIn.keyMissing
                    : messages.accountSecurity.signedOut}
            </p>
            {session.status === 'signedOut' &&
            signOut.data?.serverSessionExpiresAt !== undefined ? (
              <p data-signed-out-offline="">
                {messages.session.signedOutOffline(
                  formatDateTime(signOut.data.serverSessionExpiresAt, messages.locale),
                )}
              </p>
            ) : null}
            {onSignInRequired ? (
              <button type="button" data-action-button="" onClick={onSignInRequired}>
                {messages.actions.signIn}
              </button>
            ) : null}
          </div>
        ) : (
          <>
            {session.persistence === 'memory' ? (
              // The key lives in memory only (IndexedDB blocked or absent): catalogue KEY-03.
              <p role="note" data-session-persistence="memory">
                {messages.session.notKept}
              </p>
            ) : null}
            <section aria-labelledby={credentialsTitleId}>
              <h3 id={credentialsTitleId}>{messages.credentials.title}</h3>
              <CredentialManager.Root
                {...shared}
                confirm={confirm}
                unsupportedPasskeys={unsupportedPasskeys}
                {...(webauthn ? { webauthn } : {})}
                {...(passkeyOptions ? { passkeyOptions } : {})}
                {...(getIdToken ? { getIdToken } : {})}
              >
                <CredentialManager.List />
                <div data-actions="">
                  <CredentialManager.AddPasskeyButton />
                  {getIdToken ? (
                    <CredentialManager.AddOAuthButton provider={oauthProvider} />
                  ) : null}
                </div>
                <CredentialManager.Status />
                <CredentialManager.Confirm />
              </CredentialManager.Root>
            </section>
            <section aria-labelledby={sessionsTitleId}>
              <h3 id={sessionsTitleId}>{messages.sessions.title}</h3>
              <SessionList.Root {...shared} />
            </section>
            {showExport ? (
              <ExportWallet.Root client={client} messages={messages} confirm={confirm} />
            ) : null}
            <button
              type="button"
              data-sign-out=""
              aria-busy={signOut.isPending || undefined}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              {signOut.isPending ? messages.session.signingOut : messages.session.signOut}
            </button>
          </>
        )}
      </section>
    );
  },
);
