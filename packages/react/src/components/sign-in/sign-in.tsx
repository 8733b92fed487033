import type { QueryClient } from '@tanstack/react-query';
import type {
  AuthMethod,
  AuthSession,
  GetIdToken,
  OAuthMode,
  SessionState,
  WalletAuthClient,
  WebAuthnPort,
} from '@wallet-auth/core';
import { type ComponentPropsWithoutRef, forwardRef, useId, useRef, useState } from 'react';
import { useCredentials } from '../../hooks/use-credentials.js';
import { useOAuthLogin } from '../../hooks/use-oauth-login.js';
import { useOtpLogin } from '../../hooks/use-otp-login.js';
import { usePasskeyLogin } from '../../hooks/use-passkey-login.js';
import { type UnsupportedPasskeys, usePasskeySupport } from '../../hooks/use-passkey-support.js';
import { useSession } from '../../hooks/use-session.js';
import type { ReadSmsCode } from '../../hooks/use-web-otp.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';
import { composeRefs } from '../../primitives/compose-refs.js';
import { useFocusStep } from '../../primitives/focus-step.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { Divider } from '../divider/divider.js';
import { ErrorNotice } from '../notice/error-notice.js';
import { OfflineNotice } from '../notice/offline-notice.js';
import { OAuthButton } from '../oauth-button/oauth-button.js';
import { ProviderMark } from '../oauth-button/provider-mark.js';
import { PasskeyButton } from '../passkey-button/passkey-button.js';
import { FlowNotice } from './flow-notice.js';
import { orderCredentials } from './order-credentials.js';
import { OtpSignIn } from './otp-sign-in.js';
import { PasskeyAutofill } from './passkey-autofill.js';

/** The look of an assembled component: the opt-in stylesheet's themes, or none. */
export type WalletAuthTheme = 'light' | 'dark' | 'system' | 'unstyled';

/** Props of `SignIn`. */
export interface SignInProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** The wallet account to sign in to (`InternalAccount:<uuid>`). */
  accountId: string;
  /**
   * Called once per successful sign-in, as the session is saved on this device: also when the
   * app unmounts `SignIn` because `useSession().status` became `active`. An error it throws is
   * rethrown outside the flow (an uncaught error) and never undoes the sign-in.
   */
  onSuccess?: (session: AuthSession) => void;
  /** WebAuthn port for passkeys. @defaultValue the browser's */
  webauthn?: WebAuthnPort;
  /** Your identity-provider code; OAuth credentials are offered only with it. */
  getIdToken?: GetIdToken;
  /** The provider's name on an OAuth button. @defaultValue the credential's nickname */
  oauthProvider?: (credential: AuthMethod) => string;
  /**
   * How the identity provider is shown: `popup`, or `redirect` (your `getIdToken` navigates to
   * the provider; the sign-in completes when this component mounts again with the answer in the
   * page's URL). A blocked popup falls back to a redirect when `getIdToken` rejects with a
   * `PopupBlockedError`. @defaultValue 'popup'
   */
  oauthMode?: OAuthMode;
  /** Code length of email and text codes (docs/protocol.md §5). @defaultValue 6 */
  codeLength?: number;
  /** Seconds before a new code may be requested. @defaultValue 30 */
  resendCooldownSeconds?: number;
  /**
   * Reads the code of a text message for an SMS credential, or `false` never to. @defaultValue
   * the browser's WebOTP (`navigator.credentials.get({ otp })`) where it exists
   */
  readSmsCode?: ReadSmsCode | false;
  /**
   * Where this browser cannot use passkeys (no WebAuthn): `explain` shows the passkey buttons
   * disabled and says why; `hide` leaves them out while another method is offered (catalogue
   * PK-17). @defaultValue 'explain'
   */
  unsupportedPasskeys?: UnsupportedPasskeys;
  /**
   * Offer the account's passkey in the browser's autofill too (a field with
   * `autocomplete="username webauthn"` and conditional mediation), where the browser can; silent
   * when it cannot, and the passkey button stays (catalogue PK-18). @defaultValue true
   */
  passkeyAutofill?: boolean;
  /** `light`, `dark`, `system` (follows the OS) or `unstyled`. @defaultValue 'system' */
  theme?: WalletAuthTheme;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Use this TanStack Query client instead of the nearest `QueryClientProvider`'s. */
  queryClient?: QueryClient;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthSignInMessages;
}

function sessionMessage(
  state: SessionState,
  messages: WalletAuthSignInMessages,
): string | undefined {
  if (state.status === 'expired') {
    return messages.signIn.expired;
  }
  if (state.status === 'signedOut' && state.reason === 'revoked') {
    return messages.signIn.revoked;
  }
  if (
    state.status === 'signedOut' &&
    (state.reason === 'keyMissing' || state.reason === 'keyMismatch')
  ) {
    return messages.signIn.keyMissing;
  }
  return undefined;
}

/**
 * Signs a person in to their wallet with the account's own credentials, built only from the
 * public parts and hooks: this device's passkey first, then other passkeys, OAuth accounts, then
 * email and text codes. After an expired session, a revocation or a lost key it says why before
 * offering the methods again (re-authentication, docs/service-api.md "Wallet sessions" rule 7).
 * A `section` with `data-wallet-auth` and `data-theme` for the opt-in stylesheet.
 *
 * @example
 * <SignIn accountId={wallet.id} getIdToken={googleIdToken} onSuccess={() => navigate('/wallet')} />
 */
export const SignIn = forwardRef<HTMLElement, SignInProps>(function SignIn(
  {
    accountId,
    onSuccess,
    webauthn,
    getIdToken,
    oauthProvider,
    oauthMode = 'popup',
    codeLength = 6,
    resendCooldownSeconds,
    readSmsCode,
    unsupportedPasskeys = 'explain',
    passkeyAutofill = true,
    theme = 'system',
    client: clientProp,
    queryClient,
    messages: messagesProp,
    ...props
  },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  const client = useWalletAuthClient(clientProp, 'SignIn');
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const methods = useRef<HTMLDivElement>(null);
  const session = useSession(undefined, { client });
  const credentials = useCredentials({
    accountId,
    client,
    ...(queryClient ? { queryClient } : {}),
  });
  const callbacks = { client, ...(onSuccess ? { onSuccess } : {}) };
  const otpOptions = {
    ...callbacks,
    codeLength,
    ...(resendCooldownSeconds === undefined ? {} : { resendCooldownSeconds }),
  };
  const passkey = usePasskeyLogin({ ...callbacks, ...(webauthn ? { webauthn } : {}) });
  const oauth = useOAuthLogin({
    ...callbacks,
    mode: oauthMode,
    getIdToken: (request) => (getIdToken ? getIdToken(request) : Promise.resolve(null)),
  });
  const emailOtp = useOtpLogin({ ...otpOptions, credentialType: 'EMAIL_OTP' });
  const smsOtp = useOtpLogin({ ...otpOptions, credentialType: 'SMS_OTP' });
  const [otpCredential, setOtpCredential] = useState<AuthMethod | undefined>(undefined);

  const deviceCredentialId = 'session' in session ? session.session.credentialId : undefined;
  const usable = orderCredentials(credentials.data ?? [], deviceCredentialId).filter(
    (credential) => credential.type !== 'OAUTH' || getIdToken !== undefined,
  );
  const passkeysSupported = usePasskeySupport(
    passkey.isSupported,
    unsupportedPasskeys === 'hide' && usable.some((credential) => credential.type === 'PASSKEY'),
  );
  const offered =
    passkeysSupported === false && usable.some((credential) => credential.type !== 'PASSKEY')
      ? usable.filter((credential) => credential.type !== 'PASSKEY')
      : usable;
  const notice = sessionMessage(session, messages);
  const otp = otpCredential?.type === 'SMS_OTP' ? smsOtp : emailOtp;
  // Quick methods (passkeys, OAuth) above the "or", codes below. One primary action: the first
  // method that is not an OAuth provider's (provider buttons stay neutral, as their brands ask).
  const quick = offered.filter(
    (credential) => credential.type === 'PASSKEY' || credential.type === 'OAUTH',
  );
  const codes = offered.filter((credential) => !quick.includes(credential));

  const primaryId = offered.find((credential) => credential.type !== 'OAUTH')?.id;
  const variant = (credential: AuthMethod) =>
    credential.id === primaryId ? 'primary' : 'secondary';
  const providerName = (credential: AuthMethod) =>
    oauthProvider ? oauthProvider(credential) : credential.nickname;
  const passkeyCount = offered.filter((item) => item.type === 'PASSKEY').length;
  const autofillPasskey = offered.find((credential) => credential.type === 'PASSKEY');
  const autofill = usePasskeySupport(
    passkey.isAutofillAvailable,
    passkeyAutofill && autofillPasskey !== undefined && passkeysSupported !== false,
  );

  // Back from the code step (or away from a failed method), focus goes to the first method.
  const [methodsStep, setMethodsStep] = useState(0);
  useFocusStep(methods, otpCredential === undefined ? `methods:${methodsStep}` : undefined, {
    scope: section,
    onMount: false,
  });
  const backToMethods = () => {
    otp.cancel();
    setOtpCredential(undefined);
    setMethodsStep((step) => step + 1);
  };
  const chooseAnotherMethod = (credentialId: string) => {
    passkey.cancel();
    oauth.cancel();
    const others = methods.current?.querySelectorAll<HTMLButtonElement>(
      'li[data-credential-id] button:not([disabled])',
    );
    const next = Array.from(others ?? []).find(
      (button) => button.closest('li')?.getAttribute('data-credential-id') !== credentialId,
    );
    next?.focus();
  };

  // The buttons keep their labels while pending: the status line below says what is happening,
  // so the progress is written once.
  const renderMethod = (credential: AuthMethod) => (
    <li key={credential.id} data-type={credential.type} data-credential-id={credential.id}>
      {credential.type === 'PASSKEY' ? (
        <PasskeyButton
          data-variant={variant(credential)}
          credentialId={credential.id}
          login={passkey}
          client={client}
          messages={messages}
        >
          {passkeyCount > 1
            ? messages.passkey.signInWith(credential.nickname)
            : messages.passkey.signIn}
        </PasskeyButton>
      ) : credential.type === 'OAUTH' ? (
        <OAuthButton
          data-variant={variant(credential)}
          credentialId={credential.id}
          provider={providerName(credential)}
          mode={oauthMode}
          login={oauth}
          client={client}
          messages={messages}
          mark={<ProviderMark provider={providerName(credential)} />}
        >
          {messages.oauth.continueWith(providerName(credential))}
        </OAuthButton>
      ) : (
        <button
          type="button"
          data-otp-button=""
          data-variant={variant(credential)}
          data-type={credential.type}
          onClick={() => {
            setOtpCredential(credential);
            (credential.type === 'SMS_OTP' ? smsOtp : emailOtp).start(credential.id);
          }}
        >
          {credential.type === 'SMS_OTP' ? messages.otp.sendSms : messages.otp.sendEmail}
        </button>
      )}
    </li>
  );

  return (
    <section
      aria-labelledby={titleId}
      data-wallet-auth={theme === 'unstyled' ? undefined : ''}
      data-theme={theme === 'unstyled' ? undefined : theme}
      data-sign-in=""
      data-state={
        passkey.state.status === 'authenticated' ||
        oauth.state.status === 'authenticated' ||
        otp.state.status === 'authenticated'
          ? 'success'
          : credentials.isPending
            ? 'loading'
            : 'ready'
      }
      {...props}
      ref={composeRefs(ref, section)}
    >
      <h2 id={titleId}>{messages.signIn.title}</h2>
      <OfflineNotice messages={messages} />
      {notice === undefined ? null : (
        <p role="status" data-session-notice={session.status}>
          {notice}
        </p>
      )}
      {otpCredential !== undefined && otp.state.status !== 'idle' ? (
        <OtpSignIn
          credential={otpCredential}
          otp={otp}
          codeLength={codeLength}
          clock={client.clock}
          messages={messages}
          readSmsCode={readSmsCode}
          scope={section}
          onBack={backToMethods}
        />
      ) : (
        <div data-methods-step="" ref={methods}>
          {credentials.isError ? (
            <ErrorNotice
              error={credentials.error}
              messages={messages}
              onAction={() => void credentials.refetch()}
            />
          ) : credentials.isPending ? (
            <p role="status">{messages.common.loading}</p>
          ) : offered.length === 0 ? (
            <p role="status">{messages.signIn.noMethods}</p>
          ) : null}
          {autofill === true && autofillPasskey !== undefined ? (
            <PasskeyAutofill
              credentialId={autofillPasskey.id}
              login={passkey}
              messages={messages}
            />
          ) : null}
          {quick.length > 0 ? <ul data-methods="">{quick.map(renderMethod)}</ul> : null}
          {quick.length > 0 && codes.length > 0 ? <Divider messages={messages} /> : null}
          {codes.length > 0 ? <ul data-methods="">{codes.map(renderMethod)}</ul> : null}
          <FlowNotice
            passkey={passkey}
            oauth={oauth}
            hasPasskey={offered.some((credential) => credential.type === 'PASSKEY')}
            deviceCredentialId={deviceCredentialId}
            providerName={(credentialId) => {
              const credential = offered.find((item) => item.id === credentialId);
              return credential === undefined ? '' : providerName(credential);
            }}
            hasOtherMethod={(credentialId) => offered.some((item) => item.id !== credentialId)}
            onUseAnotherMethod={chooseAnotherMethod}
            clock={client.clock}
            messages={messages}
            scope={section}
          />
        </div>
      )}
    </section>
  );
});
