import { SignIn } from '@wallet-auth/react';
import type { DemoUser, SandboxInfo } from '../api.js';
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
  return (
    <section className="stack" aria-labelledby="wallet-signin-title">
      <h1 id="wallet-signin-title">Welcome back</h1>
      <p className="muted">
        Signed in to the demo as <strong>{user.email}</strong>. Your wallet has its own sign-in:
        pick a method below.
      </p>
      <p className="hint" id="otp-hint">
        Sandbox: no email is sent. The code is always <code>{info.otpHint}</code>.
      </p>
      <SignIn
        accountId={user.accountId}
        getIdToken={getDemoIdToken}
        oauthProvider={() => 'Demo Identity'}
        theme={theme}
        className="card"
      />
    </section>
  );
}
