import type {
  AuthSession,
  WalletAuthClient,
  WalletAuthError,
  WebAuthnPort,
} from '@wallet-auth/core';
import { type ButtonHTMLAttributes, forwardRef, type ReactNode, type Ref } from 'react';
import { useCountdown } from '../../hooks/use-countdown.js';
import { type UsePasskeyLoginResult, usePasskeyLogin } from '../../hooks/use-passkey-login.js';
import { usePasskeySupport } from '../../hooks/use-passkey-support.js';
import type { WalletAuthSignInMessages } from '../../i18n/en.js';
import { useSignInMessages } from '../../i18n/messages-context.js';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { Slot } from '../../primitives/slot.js';
import { useWalletAuthClient } from '../../provider/use-wallet-auth-client.js';
import { flowDataState } from '../flow-data-state.js';

/** Props of `PasskeyButton`. */
export interface PasskeyButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onError'> {
  /** The PASSKEY credential to sign in with (`AuthMethod:<uuid>`). */
  credentialId: string;
  /**
   * A passkey flow from `usePasskeyLogin` to drive, so its state can be shown elsewhere (the
   * assembled `SignIn` does this). Without it the button runs its own flow.
   */
  login?: UsePasskeyLoginResult;
  /** The WebAuthn port for the button's own flow. @defaultValue the browser's */
  webauthn?: WebAuthnPort;
  /** Use this client instead of the provider's. */
  client?: WalletAuthClient;
  /** Called with the new session (own flow only; with `login`, pass it to the hook). */
  onSuccess?: (session: AuthSession) => void;
  /** Called when sign-in fails (own flow only). */
  onError?: (error: WalletAuthError) => void;
  /** Render the consumer's element instead of a `button`. @defaultValue false */
  asChild?: boolean;
  /** The texts (e.g. `fr`). @defaultValue the nearest `WalletAuthLocaleProvider`'s, else English */
  messages?: WalletAuthSignInMessages;
  /** The label. @defaultValue "Sign in with a passkey" in the current language */
  children?: ReactNode;
}

interface ViewProps
  extends Omit<PasskeyButtonProps, 'webauthn' | 'onSuccess' | 'onError' | 'login'> {
  login: UsePasskeyLoginResult;
}

const PasskeyButtonView = forwardRef<HTMLButtonElement, ViewProps>(function PasskeyButtonView(
  {
    credentialId,
    login,
    client: clientProp,
    asChild = false,
    messages: messagesProp,
    children,
    disabled,
    onClick,
    ...props
  },
  ref,
) {
  const messages = useSignInMessages(messagesProp);
  const client = useWalletAuthClient(clientProp, 'PasskeyButton');
  const unsupported = usePasskeySupport(login.isSupported) === false;
  const { status } = login.state;
  const pending =
    status === 'requestingChallenge' || status === 'awaitingPasskey' || status === 'verifying';
  // A 429's Retry-After keeps the button disabled until the wait is over (catalogue UI-06).
  const waiting =
    useCountdown(login.state.status === 'failed' ? login.state.retryAt : undefined, client.clock) >
    0;
  const blocked = disabled || pending || unsupported || waiting;
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type="button"
      data-passkey-button=""
      data-state={flowDataState(status)}
      data-unsupported={unsupported ? '' : undefined}
      data-disabled={blocked ? '' : undefined}
      aria-busy={pending || undefined}
      disabled={blocked}
      {...props}
      ref={ref as Ref<HTMLButtonElement & HTMLElement>}
      onClick={composeEventHandlers(onClick, () => login.start(credentialId))}
    >
      {children ?? (pending ? messages.passkey.pending : messages.passkey.signIn)}
    </Component>
  );
});

const PasskeyButtonWithFlow = forwardRef<HTMLButtonElement, PasskeyButtonProps>(
  function PasskeyButtonWithFlow({ webauthn, onSuccess, onError, ...props }, ref) {
    const login = usePasskeyLogin({
      ...(props.client ? { client: props.client } : {}),
      ...(webauthn ? { webauthn } : {}),
      ...(onSuccess ? { onSuccess } : {}),
      ...(onError ? { onError } : {}),
    });
    return <PasskeyButtonView {...props} login={login} ref={ref} />;
  },
);

/**
 * Signs in with a passkey: one `button`, disabled while the prompt is open. `data-state` is
 * `idle` · `pending` · `success` · `error` (docs/contributing.md §2.6), `aria-busy` while pending,
 * `data-unsupported` when the browser has no passkeys. After a dismissed prompt a click asks
 * again with a fresh challenge.
 *
 * @example
 * <PasskeyButton credentialId={passkey.id} onSuccess={() => navigate('/wallet')} />
 */
export const PasskeyButton = forwardRef<HTMLButtonElement, PasskeyButtonProps>(
  function PasskeyButton({ login, ...props }, ref) {
    if (login !== undefined) {
      const { webauthn: _w, onSuccess: _s, onError: _e, ...rest } = props;
      return <PasskeyButtonView {...rest} login={login} ref={ref} />;
    }
    return <PasskeyButtonWithFlow {...props} ref={ref} />;
  },
);
