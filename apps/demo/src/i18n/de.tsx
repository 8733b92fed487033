import type { DemoMessages } from './en.js';

/** The demo's own words in German. */
export const de: DemoMessages = {
  brand: { name: 'Demo-Wallet', sub: 'Wallet Auth Kit · Sandbox' },
  controls: {
    language: 'Sprache',
    darkTheme: 'Dunkles Design',
    lightTheme: 'Helles Design',
    switchUser: 'Demo-Nutzer wechseln',
    loading: 'Wird geladen…',
  },
  signUp: {
    title: 'Erstellen Sie Ihre Wallet',
    intro:
      'Geben Sie eine E-Mail-Adresse ein, um ein Konto zu eröffnen. Sie erhalten eine selbstverwahrte Wallet, gesichert durch Schlüssel, die diesen Browser nie verlassen.',
    email: 'E-Mail',
    submit: 'Weiter',
    pending: 'Ihre Wallet wird erstellt…',
    failed: 'Die Registrierung ist fehlgeschlagen. Versuchen Sie es erneut.',
    offline: 'Sie sind offline. Ihre Wallet wird erstellt, sobald die Verbindung wieder da ist.',
    unreachable:
      'Der Demo-Server ist nicht erreichbar. Prüfen Sie, ob er läuft, und versuchen Sie es erneut.',
    invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    retry: 'Erneut versuchen',
    loadFailed:
      'Ihr Demo-Konto konnte nicht geladen werden: Der Server ist nicht erreichbar. Es wird geladen, sobald die Verbindung wieder da ist.',
  },
  signIn: {
    title: 'Willkommen zurück',
    intro: (email) => (
      <>
        Bei der Demo angemeldet als {email}. Ihre Wallet hat eine eigene Anmeldung: Wählen Sie unten
        eine Methode.
      </>
    ),
    hint: (code) => <>Sandbox: Es wird keine E-Mail gesendet. Der Code ist immer {code}.</>,
    identityProvider: 'Demo Identity',
    titleNew: 'Öffnen Sie Ihre Wallet',
    oauthMode: 'Demo Identity öffnet sich in',
    oauthPopup: 'einem Pop-up-Fenster',
    oauthRedirect: 'diesem Tab',
    passkeyAutofill: 'Passkeys im automatischen Ausfüllen anbieten',
  },
  wallet: {
    title: 'Ihre Wallet',
    addFunds: '100 USDC Testguthaben hinzufügen',
    addingFunds: 'Testguthaben wird hinzugefügt…',
    fundsAdded: 'Testguthaben hinzugefügt.',
    fundsFailed: 'Testguthaben konnte nicht hinzugefügt werden. Versuchen Sie es erneut.',
    payTitle: 'Im Demo-Shop bezahlen',
    payIntro:
      'Eine Überweisung in derselben Währung aus Ihrer Wallet, signiert mit dem Sitzungsschlüssel dieses Geräts.',
    amount: 'Betrag (USDC)',
    send: 'Senden',
    sent: (amount, destination) => `${amount} an ${destination} gesendet.`,
    shopName: 'den Demo-Shop',
    overBalance: (balance) =>
      `Ihr Wallet enthält ${balance}, weniger als dieser Betrag. Fügen Sie Testguthaben hinzu oder geben Sie einen kleineren Betrag ein.`,
    changeAmount: 'Betrag ändern',
    cashOutTitle: 'Auf Ihr USD-Konto auszahlen',
    cashOutIntro:
      'Überträgt USDC aus Ihrem Wallet auf Ihr eigenes USD-Konto, umgerechnet zum Kurs des Angebots. Die Genehmigung zeigt, was abgeht, was ankommt und den Kurs.',
    cashOut: 'Auszahlen',
    cashedOut: (sent, received) => `${sent} ausgezahlt: ${received} gehen auf Ihrem USD-Konto ein.`,
    noUsdAccount: 'Ihr USD-Konto ist noch nicht bereit.',
    privacyKept: (enabled) =>
      `Ihre Sitzung endete, bevor das Wallet ${enabled ? 'privat' : 'öffentlich'} wurde, daher hat sich nichts geändert.`,
    privacyRepeat: (enabled) =>
      enabled ? 'Wallet jetzt privat machen' : 'Wallet jetzt öffentlich machen',
    dismiss: 'Schließen',
    orderDescription: 'Bestellung im Demo-Shop',
    accountsTitle: 'Alle Ihre Konten',
    loadingAccounts: 'Konten werden geladen…',
    accountNames: {
      EMBEDDED_WALLET: 'Wallet (selbstverwahrt)',
      INTERNAL_FIAT: 'Geldkonto',
      INTERNAL_CRYPTO: 'Kryptokonto',
      RULE_BASED: 'Sammelkonto',
    },
    privacyTitle: 'Privatsphäre',
    privacySwitch: 'Private Wallet (Guthaben in den geteilten Ansichten der Plattform ausblenden)',
    progress: {
      awaitingApproval: 'Warten auf Ihre Genehmigung…',
      sending: 'Wird gesendet…',
      signing: 'Wird mit dem Schlüssel dieses Geräts signiert…',
      processing: 'Wird noch mit dem Wallet-Anbieter abgewickelt…',
      rateLimited: 'Zu viele Anfragen; gleich neuer Versuch…',
    },
  },
  startFailed: (reason) =>
    `Die Demo konnte nicht starten: ${reason}. Läuft der Demo-Server? Starten Sie ihn mit npm run demo.`,
};
