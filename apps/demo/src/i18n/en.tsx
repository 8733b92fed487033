import type { ReactNode } from 'react';

/**
 * The demo's own words in English, the reference shape of its catalogues (`DemoMessages`). The
 * kit's components bring their own catalogues (`@wallet-auth/react/locales`).
 */
export const en = {
  brand: { name: 'Demo wallet', sub: 'Wallet Auth Kit · sandbox' },
  controls: {
    language: 'Language',
    darkTheme: 'Dark theme',
    lightTheme: 'Light theme',
    switchUser: 'Switch demo user',
    loading: 'Loading…',
  },
  signUp: {
    title: 'Create your wallet',
    intro:
      'Enter an email to open an account. A self-custodial wallet is provisioned for you, secured by keys that never leave this browser.',
    email: 'Email',
    submit: 'Continue',
    pending: 'Creating your wallet…',
    failed: 'Sign-up failed. Try again.',
    offline: "You're offline. Your wallet will be created as soon as the connection is back.",
    unreachable: "The demo server can't be reached. Check that it's running, then try again.",
    invalidEmail: 'Enter a valid email address, like name@example.com.',
    retry: 'Try again',
    loadFailed:
      "Your demo account couldn't be loaded: the server can't be reached. It will load again when the connection is back.",
  },
  signIn: {
    title: 'Welcome back',
    intro: (email: ReactNode): ReactNode => (
      <>Signed in to the demo as {email}. Your wallet has its own sign-in: pick a method below.</>
    ),
    hint: (code: ReactNode): ReactNode => (
      <>Sandbox: no email is sent. The code is always {code}.</>
    ),
    identityProvider: 'Demo Identity',
    titleNew: 'Open your wallet',
    oauthMode: 'Demo Identity opens in',
    oauthPopup: 'A pop-up window',
    oauthRedirect: 'This tab',
    passkeyAutofill: 'Offer passkeys in autofill',
  },
  wallet: {
    title: 'Your wallet',
    addFunds: 'Add 100 USDC of test funds',
    addingFunds: 'Adding test funds…',
    fundsAdded: 'Test funds added.',
    fundsFailed: 'Could not add test funds. Try again.',
    payTitle: 'Pay the demo shop',
    payIntro: 'A same-currency transfer from your wallet, signed by this device’s session key.',
    amount: 'Amount (USDC)',
    send: 'Send',
    sent: (amount: string, destination: string) => `Sent ${amount} to ${destination}.`,
    shopName: 'the demo shop',
    overBalance: (balance: string) =>
      `Your wallet holds ${balance}, less than this amount. Add test funds or enter a smaller amount.`,
    changeAmount: 'Change the amount',
    cashOutTitle: 'Cash out to your USD account',
    cashOutIntro:
      'Moves USDC from your wallet to your own USD account, converted at the quoted rate. The approval shows what leaves, what arrives and the rate.',
    cashOut: 'Cash out',
    cashedOut: (sent: string, received: string) =>
      `Cashed out ${sent}: ${received} arrives in your USD account.`,
    noUsdAccount: 'Your USD account is not ready yet.',
    privacyKept: (enabled: boolean) =>
      `Your session ended before the wallet was made ${enabled ? 'private' : 'public'}, so nothing changed.`,
    privacyRepeat: (enabled: boolean): string =>
      enabled ? 'Make the wallet private now' : 'Make the wallet public now',
    dismiss: 'Dismiss',
    orderDescription: 'Demo shop order',
    accountsTitle: 'All your accounts',
    loadingAccounts: 'Loading accounts…',
    accountNames: {
      EMBEDDED_WALLET: 'Wallet (self-custodial)',
      INTERNAL_FIAT: 'Cash account',
      INTERNAL_CRYPTO: 'Crypto account',
      RULE_BASED: 'Collection account',
    } as Record<string, string>,
    privacyTitle: 'Privacy',
    privacySwitch: 'Private wallet (hide balances from the platform’s shared views)',
    progress: {
      awaitingApproval: 'Waiting for your approval…',
      sending: 'Sending…',
      signing: 'Signing with this device’s key…',
      processing: 'Still settling with the wallet provider…',
      rateLimited: 'Too many requests; retrying shortly…',
    } as Record<string, string>,
  },
  startFailed: (reason: string) =>
    `The demo could not start: ${reason}. Is the demo server running? Start it with npm run demo.`,
};

/** A complete catalogue of the demo's own words. */
export type DemoMessages = typeof en;
