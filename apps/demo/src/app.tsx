import { en, fr, useSession, useSignOut, WalletAuthLocaleProvider } from '@wallet-auth/react';
import { useEffect, useState } from 'react';
import { type DemoUser, getUser, type SandboxInfo, signOutOfDemo } from './api.js';
import type { ProtocolLog } from './protocol-log.js';
import { ProtocolPanel } from './protocol-panel.js';
import { SignInScreen } from './screens/sign-in-screen.js';
import { SignUpScreen } from './screens/sign-up-screen.js';
import { WalletHome } from './screens/wallet-home.js';

type Theme = 'light' | 'dark';
type Locale = 'en' | 'fr';

function initialTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export interface AppProps {
  info: SandboxInfo;
  protocolLog: ProtocolLog;
}

/** The demo wallet: sign up → wallet sign-in → wallet home, with the protocol panel beside it. */
export function App({ info, protocolLog }: AppProps) {
  const [user, setUser] = useState<DemoUser | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [locale, setLocale] = useState<Locale>('en');
  const session = useSession();
  const signOut = useSignOut();

  useEffect(() => {
    getUser().then(setUser, (error: Error) => setLoadError(error.message));
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.lang = locale;
  }, [theme, locale]);

  // A session of another demo user on this browser is not this user's session.
  const signedIn =
    user && session.status === 'active' && session.session.accountId === user.accountId;

  async function leaveDemo() {
    // The wallet session first: revoked at the service and its key deleted from this browser
    // (the key is deleted even when the revoke cannot reach the service).
    await signOut.mutateAsync().catch(() => undefined);
    await signOutOfDemo();
    setUser(null);
  }

  return (
    <WalletAuthLocaleProvider messages={locale === 'fr' ? fr : en}>
      <div className="layout">
        <header className="topbar">
          <div className="brand">
            <span aria-hidden="true" className="logo">
              ◆
            </span>
            <div>
              <p className="brand-name">Demo wallet</p>
              <p className="brand-sub">Wallet Auth Kit · sandbox</p>
            </div>
          </div>
          <div className="topbar-controls">
            <label className="select">
              <span>Language</span>
              <select value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
                <option value="en">English</option>
                <option value="fr">Français</option>
              </select>
            </label>
            <button
              type="button"
              className="ghost"
              aria-pressed={theme === 'dark'}
              onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            >
              {theme === 'dark' ? 'Light theme' : 'Dark theme'}
            </button>
            {user && (
              <button type="button" className="ghost" onClick={leaveDemo}>
                Switch demo user
              </button>
            )}
          </div>
        </header>
        <main className="content" id="main">
          {loadError !== undefined && (
            <p role="alert" className="banner banner-error">
              {loadError}
            </p>
          )}
          {user === undefined && loadError === undefined && (
            <p aria-busy="true" className="muted">
              Loading…
            </p>
          )}
          {user === null && <SignUpScreen onSignedUp={setUser} />}
          {user && !signedIn && <SignInScreen user={user} info={info} theme={theme} />}
          {user && signedIn && <WalletHome user={user} info={info} theme={theme} locale={locale} />}
        </main>
        <ProtocolPanel log={protocolLog} />
      </div>
    </WalletAuthLocaleProvider>
  );
}
