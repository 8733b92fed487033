import {
  en,
  useOnlineStatus,
  useSession,
  useSignOut,
  WalletAuthLocaleProvider,
  type WalletAuthMessages,
} from '@wallet-auth/react';
import { WalletAuthDevtools, type WalletAuthDevtoolsStore } from '@wallet-auth/react/devtools';
import {
  loadMessages,
  matchLocale,
  WALLET_AUTH_LOCALES,
  type WalletAuthLocale,
} from '@wallet-auth/react/locales';
import { useEffect, useState } from 'react';
import { type DemoUser, getUser, type SandboxInfo, signOutOfDemo } from './api.js';
import { DemoMessagesProvider } from './i18n/context.js';
import { DEMO_MESSAGES } from './i18n/index.js';
import { SignInScreen } from './screens/sign-in-screen.js';
import { SignUpScreen } from './screens/sign-up-screen.js';
import { WalletHome } from './screens/wallet-home.js';

type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export interface AppProps {
  info: SandboxInfo;
  /** The kit's devtools store, fed by the client's `onExchange`. */
  devtools: WalletAuthDevtoolsStore;
}

/** The demo wallet: sign up → wallet sign-in → wallet home, with the kit's devtools beside it. */
export function App({ info, devtools }: AppProps) {
  const [user, setUser] = useState<DemoUser | null | undefined>(undefined);
  // Whether the demo account was created in this visit (a new person is not welcomed back).
  const [isNew, setIsNew] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const online = useOnlineStatus();
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [locale, setLocale] = useState<WalletAuthLocale>(() => matchLocale(navigator.languages));
  // The kit's catalogue of the chosen language, fetched on demand; English until it arrives.
  const [kitMessages, setKitMessages] = useState<WalletAuthMessages>(en);
  const session = useSession();
  const signOut = useSignOut();
  const t = DEMO_MESSAGES[locale];

  // The demo account loads at start, and again when a lost connection comes back (never the
  // browser's raw error on the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadAttempt asks for another try
  useEffect(() => {
    if (!online || user !== undefined) {
      return;
    }
    let live = true;
    getUser().then(
      (loaded) => {
        if (live) {
          setLoadFailed(false);
          setUser(loaded);
        }
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [online, user, loadAttempt]);
  useEffect(() => {
    let live = true;
    loadMessages(locale).then(
      (messages) => live && setKitMessages(messages),
      // Offline: the previous language stays until the chunk can be fetched.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);
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
    <DemoMessagesProvider messages={t}>
      <WalletAuthLocaleProvider messages={kitMessages}>
        <div className="layout">
          <header className="topbar">
            <div className="brand">
              <span aria-hidden="true" className="logo">
                ◆
              </span>
              <div>
                <p className="brand-name">{t.brand.name}</p>
                <p className="brand-sub">{t.brand.sub}</p>
              </div>
            </div>
            <div className="topbar-controls">
              <label className="select">
                <span>{t.controls.language}</span>
                <select
                  value={locale}
                  onChange={(event) => setLocale(event.target.value as WalletAuthLocale)}
                >
                  {WALLET_AUTH_LOCALES.map((language) => (
                    <option key={language.tag} value={language.tag} lang={language.tag}>
                      {language.name}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="ghost"
                aria-pressed={theme === 'dark'}
                onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
              >
                {theme === 'dark' ? t.controls.lightTheme : t.controls.darkTheme}
              </button>
              {user && (
                <button type="button" className="ghost" onClick={leaveDemo}>
                  {t.controls.switchUser}
                </button>
              )}
            </div>
          </header>
          <main className="content" id="main">
            {loadFailed && user === undefined && (
              <div role="alert" className="banner banner-error">
                <p>{t.signUp.loadFailed}</p>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setLoadAttempt((count) => count + 1)}
                >
                  {t.signUp.retry}
                </button>
              </div>
            )}
            {user === undefined && !loadFailed && (
              <p aria-busy="true" className="muted">
                {t.controls.loading}
              </p>
            )}
            {user === null && (
              <SignUpScreen
                onSignedUp={(created) => {
                  setIsNew(true);
                  setUser(created);
                }}
              />
            )}
            {user && !signedIn && (
              <SignInScreen user={user} info={info} theme={theme} isNew={isNew} />
            )}
            {user && signedIn && (
              <WalletHome user={user} info={info} theme={theme} locale={kitMessages.locale} />
            )}
          </main>
          <WalletAuthDevtools store={devtools} className="devtools" />
        </div>
      </WalletAuthLocaleProvider>
    </DemoMessagesProvider>
  );
}
