import type { OAuthMode } from '@wallet-auth/react';
import { SignIn } from '@wallet-auth/react';
import { useId, useState } from 'react';
import type { DemoUser, SandboxInfo } from '../api.js';
import { useDemoMessages } from '../i18n/context.js';
import { getDemoIdToken } from '../oidc-popup.js';

/**
 * Step 2: sign in to the wallet with one of its credentials (email code first time). A person
 * who has just created the account is not welcomed back. Demo Identity opens in a popup or in
 * this tab (the kit's redirect mode); the kit completes a redirect's sign-in when this screen
 * mounts again. Offering the passkey in the browser's autofill is the integrator's choice too
 * (`passkeyAutofill`); the demo remembers it in this browser.
 */

/** Where the demo keeps the autofill choice (a person's setting, not a secret). */
const AUTOFILL_SETTING = 'wallet-auth-demo:passkey-autofill';

function readAutofillSetting(): boolean {
  try {
    return localStorage.getItem(AUTOFILL_SETTING) !== 'off';
  } catch {
    return true; // storage blocked: the kit's default
  }
}

function writeAutofillSetting(on: boolean): void {
  try {
    localStorage.setItem(AUTOFILL_SETTING, on ? 'on' : 'off');
  } catch {
    // Storage blocked: the choice lasts for this page.
  }
}
export function SignInScreen({
  user,
  info,
  theme,
  isNew,
}: {
  user: DemoUser;
  info: SandboxInfo;
  theme: 'light' | 'dark';
  /** The account was created in this visit. */
  isNew: boolean;
}) {
  const t = useDemoMessages().signIn;
  const [oauthMode, setOAuthMode] = useState<OAuthMode>('popup');
  const [autofill, setAutofill] = useState(readAutofillSetting);
  const modeId = useId();
  const autofillId = useId();
  return (
    <section className="stack" aria-labelledby="wallet-signin-title">
      <h1 id="wallet-signin-title">{isNew ? t.titleNew : t.title}</h1>
      <p className="muted">{t.intro(<strong>{user.email}</strong>)}</p>
      <p className="hint" id="otp-hint">
        {t.hint(<code>{info.otpHint}</code>)}
      </p>
      <div className="demo-option">
        <label htmlFor={modeId}>{t.oauthMode}</label>
        <select
          id={modeId}
          value={oauthMode}
          onChange={(event) => setOAuthMode(event.target.value as OAuthMode)}
        >
          <option value="popup">{t.oauthPopup}</option>
          <option value="redirect">{t.oauthRedirect}</option>
        </select>
      </div>
      <div className="demo-option">
        <input
          id={autofillId}
          type="checkbox"
          checked={autofill}
          onChange={(event) => {
            setAutofill(event.target.checked);
            writeAutofillSetting(event.target.checked);
          }}
        />
        <label htmlFor={autofillId}>{t.passkeyAutofill}</label>
      </div>
      <SignIn
        // The flow reads its mode when it is made: a new choice makes a new sign-in.
        key={`${oauthMode}:${autofill}`}
        accountId={user.accountId}
        getIdToken={getDemoIdToken}
        oauthProvider={() => t.identityProvider}
        oauthMode={oauthMode}
        passkeyAutofill={autofill}
        theme={theme}
        className="card"
      />
    </section>
  );
}
