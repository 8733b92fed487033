/**
 * The English message catalogue, the reference shape of every catalogue (`WalletAuthMessages`):
 * the sign-in texts of `en-sign-in.ts` plus the texts of the account parts (sign-in methods,
 * sessions, approvals, wallet, recovery phrase), which load with those parts. Entries that depend
 * on a number or a name are functions; numbers, amounts and durations arrive already formatted
 * with `Intl` in the active locale (see `format.ts`).
 */
import { enSignIn } from './en-sign-in.js';

export const en = {
  ...enSignIn,
  credentialTypes: {
    PASSKEY: 'Passkey',
    OAUTH: 'Social sign-in',
    EMAIL_OTP: 'Email code',
    SMS_OTP: 'Text message code',
  },
  session: {
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    expiresAt: (time: string) => `Expires ${time}`,
    refreshing: 'Renewing your session…',
    notKept:
      "You'll need to sign in again after closing or reloading this page: this browser can't keep your session key (private browsing or blocked storage).",
    signedOutOffline: (time: string) =>
      `You're signed out on this device. Because you're offline, the session stays valid on the server until ${time}.`,
  },
  credentials: {
    title: 'Sign-in methods',
    empty: 'No sign-in methods.',
    added: (date: string) => `Added ${date}`,
    remove: (name: string) => `Remove ${name}`,
    removing: 'Removing…',
    lastOne: "This is your only sign-in method, so it can't be removed. Add another one first.",
    inUse: 'Used for this session',
    inUseHint: 'Sign in with another method to remove this one.',
  },
  sessions: {
    title: "Where you're signed in",
    empty: 'No active sessions.',
    started: (date: string) => `Signed in ${date}`,
    revoke: (name: string) => `Sign out ${name}`,
    revoking: 'Signing out…',
    revokeOthers: 'Sign out all other sessions',
    revokedOthers: 'Other sessions signed out.',
    device: (browser: string, system: string) => `${browser} on ${system}`,
    unknownBrowser: 'Web browser',
    unknownSystem: 'an unknown system',
    otherDevice: 'Another device or browser',
    earlierSession: 'An earlier session of this browser',
    signedInWith: (method: string) => `Signed in with ${method}`,
    lastActive: (date: string) => `Last active ${date}`,
    activeNow: 'Active now',
    signOutThisDevice: 'Sign out of this device',
  },
  confirm: {
    title: 'Confirm with your session key',
    intro: 'You are about to approve:',
    approve: 'Approve',
    reject: 'Cancel',
    expiresIn: (duration: string) => `This request expires in ${duration}.`,
    actions: {
      addCredential: 'Add a sign-in method',
      removeCredential: 'Remove a sign-in method',
      refreshSession: 'Renew this session',
      revokeSession: 'Sign out a session',
      exportWallet: 'Export the wallet’s recovery phrase',
      updatePrivacy: 'Change wallet privacy',
      updateContact: 'Change your email or phone number',
      transfer: 'Send funds from your wallet',
      unknown: 'An action on your wallet',
    },
    approved: 'Approved.',
    summaryHidden:
      "Nothing was approved: the details of this request aren't visible on the page. Make sure you can read what you're approving, or contact the site.",
    facts: { email: 'New email address', phone: 'New phone number' },
    transfer: {
      send: 'You send',
      receive: 'Recipient gets',
      rate: 'Exchange rate',
      fees: 'Fees included',
      to: 'To',
      ownAccount: (currency: string) => `Your ${currency} account`,
      otherAccount: (ending: string) => `Account ending ${ending}`,
      expired:
        "This quote has expired, so it can't be approved. Nothing was sent: cancel and start the payment again.",
    },
  },
  accountSecurity: {
    title: 'Account security',
    signedOut: "You're signed out. Sign in to manage your account's security.",
  },
  wallet: {
    title: 'Wallet',
    balance: 'Balance',
    total: 'Total, including pending',
    noWallet: 'No wallet yet.',
    status: {
      PENDING: 'Being set up',
      ACTIVE: 'Active',
      CLOSED: 'Closed',
      FROZEN: 'Frozen',
      FAILED: 'Setup failed',
    },
    transaction: {
      label: 'Payment status',
      checking: 'Checking the payment…',
      status: {
        PENDING: 'Pending',
        PROCESSING: 'Processing',
        COMPLETED: 'Completed',
        FAILED: 'Failed',
      },
      amounts: (sent: string, received: string) => `${sent} sent, ${received} received`,
      settled: (date: string) => `Settled ${date}`,
    },
  },
  exportWallet: {
    title: 'Recovery phrase',
    warning:
      'Anyone who sees this phrase can take everything in your wallet. Never share it, never type it into a website, and make sure nobody is watching your screen.',
    reveal: 'Show recovery phrase',
    revealing: 'Preparing your recovery phrase…',
    hide: 'Hide recovery phrase',
    hidden: 'The recovery phrase is hidden.',
    phraseLabel: 'Your recovery phrase',
  },
};

/** A complete message catalogue: every entry of the English one, in another language. */
export type WalletAuthMessages = typeof en;

/**
 * The groups of a catalogue that the sign-in parts and the notices read (`SignIn`,
 * `PasskeyButton`, `OAuthButton`, `ErrorNotice`…). Every complete catalogue has them; a catalogue
 * made only for a sign-in page may stop here.
 */
export type WalletAuthSignInMessages = Pick<
  WalletAuthMessages,
  | 'locale'
  | 'common'
  | 'otp'
  | 'rateLimit'
  | 'passkey'
  | 'oauth'
  | 'signIn'
  | 'actions'
  | 'errorCases'
  | 'errors'
>;
