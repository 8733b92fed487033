import type {
  AuthSession,
  IdTokenRequest,
  OAuthMode,
  WalletAuthClient,
  WalletAuthError,
} from '@wallet-auth/core';
import { type ButtonHTMLAttributes, forwardRef, type ReactNode, type Ref, useEffect } from 'react';
import { useCountdown } from '../../hooks/use-countdown.js';
import { type UseOAuthLoginResult, useOAuthLogin } from '../../hooks/use-oauth-login.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { flowDataState } from '../flow-data-state.js';
import { ProviderMark } from './provider-mark.js';

export type { OAuthMode } from '@wallet-auth/core';

/**
 * Obtains an ID token for `OAuthButton`: the core's `GetIdToken`, told the attempt's `mode` and
 * `state` (in `redirect` mode, navigate to the provider and leave the promise pending).
 */
export type OAuthGetIdToken = (request: IdTokenRequest) => Promise<string | null>;

/** Props of `OAuthButton`. */
export interface OAuthButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** The OAUTH credential to sign in with (`AuthMethod:<uuid>`). */
  credentialId: string;
  /** The provider's name as the person knows it, e.g. "Google". */
  provider: string;
  /**
   * `popup` keeps the page (`getIdToken` resolves with the token); `redirect` has `getIdToken`
   * navigate to the provider, and the sign-in completes when the page loads again with the
   * answer (`useOAuthLogin`). A blocked popup falls back to a redirect when `getIdToken` rejects
   * with a `PopupBlockedError`. @defaultValue 'popup'
   */
  mode?: OAuthMode;
  /** Your identity-provider code: return a fresh ID token whose `nonce` is `request.nonce`. */
  getIdToken?: OAuthGetIdToken;
  /** A flow from `useOAuthLogin` to drive instead of the button's own. */
  login?: UseOAuthLoginResult;
  /** Use this client instead of the nearest `WalletAuthProvider`'s. */
  client?: WalletAuthClient;
  /** Called with the new session (own flow only; with `login`, pass it to the hook). */
  onSuccess?: (session: AuthSession) => void;
  /** Called when sign-in fails (own flow only). */
  onError?: (error: WalletAuthError) => void;
  /** Render the consumer's element instead of a `button`. @defaultValue false */
  asChild?: boolean;
  /**
   * The decorative mark before the label, or `false` for none. @defaultValue the provider's mark
   * (Google, Apple, Microsoft, GitHub; a neutral one otherwise) when the kit writes the label,
   * none with your own `children`
   */
  mark?: ReactNode | false;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthSignInMessages;
  /** The label. @defaultValue "Continue with <provider>" in the current language */
  children?: ReactNode;
}

type ViewProps = Omit<OAuthButtonProps, 'getIdToken' | 'onSuccess' | 'onError' | 'login'> & {
  login: UseOAuthLoginResult;
};

const OAuthButtonView = forwardRef<HTMLButtonElement, ViewProps>(function OAuthButtonView(
  {
    credentialId,
    provider,
    mode = 'popup',
    login,
    client: clientProp,
    asChild = false,
    mark,
    messages: messagesProp,
    children,
    disabled,
    onClick,
    ...props
  },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  const client = useWalletAuthClient(clientProp, 'OAuthButton');
  const { status } = login.state;
  const pending =
    status === 'obtainingToken' ||
    status === 'redirecting' ||
    status === 'returning' ||
    status === 'verifying';
  const waiting =
    useCountdown(login.state.status === 'failed' ? login.state.retryAt : undefined, client.clock) >
    0;
  const blocked = disabled || pending || waiting;
  const label = pending ? messages.oauth.pending(provider) : messages.oauth.continueWith(provider);
  const { prepare } = login;
  useEffect(() => {
    // The next attempt's key is made before the click, so the click opens the provider's popup
    // without waiting on WebCrypto, which WebKit requires (catalogue OIDC-13).
    if (!pending) {
      void prepare();
    }
  }, [pending, prepare]);
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-oauth-button=""
      data-provider={provider}
      data-mode={mode}
      data-state={flowDataState(status)}
      data-disabled={blocked ? '' : undefined}
      aria-busy={pending || undefined}
      disabled={blocked}
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => login.start(credentialId, { mode }))}
    >
      {asChild ? (
        (children ?? label)
      ) : (
        <>
          {mark === false
            ? null
            : (mark ?? (children === undefined ? <ProviderMark provider={provider} /> : null))}
          {children ?? label}
        </>
      )}
    </Component>
  );
});

const OAuthButtonWithFlow = forwardRef<HTMLButtonElement, OAuthButtonProps>(
  function OAuthButtonWithFlow({ getIdToken, onSuccess, onError, mode = 'popup', ...props }, ref) {
    const login = useOAuthLogin({
      getIdToken: (request) =>
        getIdToken === undefined ? Promise.resolve(null) : getIdToken(request),
      mode,
      ...(props.client ? { client: props.client } : {}),
      ...(onSuccess ? { onSuccess } : {}),
      ...(onError ? { onError } : {}),
    });
    return <OAuthButtonView {...props} mode={mode} login={login} ref={ref} />;
  },
);

/**
 * Signs in with an OAuth credential: one `button` with `provider` and `mode` (docs/contributing.md
 * §2.6.6). The kit never talks to the provider: your `getIdToken` gets the nonce and returns a
 * fresh ID token, used once and never stored (catalogue OIDC-12). `data-state` as every flow part;
 * `data-provider`, `data-mode`; the provider's mark is a decorative `svg[data-provider-mark]`.
 *
 * @example
 * <OAuthButton credentialId={google.id} provider="Google" getIdToken={({ nonce }) => googlePopup(nonce)} />
 */
export const OAuthButton = forwardRef<HTMLButtonElement, OAuthButtonProps>(function OAuthButton(
  { login, ...props },
  ref,
) {
  if (login !== undefined) {
    const { getIdToken: _g, onSuccess: _s, onError: _e, ...rest } = props;
    return <OAuthButtonView {...rest} login={login} ref={ref} />;
  }
  return <OAuthButtonWithFlow {...props} ref={ref} />;
});
