import { SignIn } from '@wallet-auth/react';
import type { DemoUser, SandboxInfo } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';
import { getDemoIdToken } from '../oidc-popup.js';

/** Step 2: sign in to the wallet with one of its credentials (email code first time). */
export function SignInScreen({
  user,
  info,
  theme,
}: {
  user: DemoUser;
  info: SandboxInfo;
  theme: 'light' | 'dark';
}) {
  const t = useDemoMessages().signIn;
  return (
    <section className="stack" aria-labelledby="wallet-signin-title">
      <h1 id="wallet-signin-title">{t.title}</h1>
      <p className="muted">{t.intro(<strong>{user.email}</strong>)}</p>
      <p className="hint" id="otp-hint">
        {t.hint(<code>{info.otpHint}</code>)}
      </p>
      <SignIn
        accountId={user.accountId}
        getIdToken={getDemoIdToken}
        oauthProvider={() => t.identityProvider}
        theme={theme}
        className="card"
      />
    </section>
  );
}
