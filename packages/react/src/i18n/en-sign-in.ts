/**
 * The English texts of the sign-in parts (`SignIn`, `OtpInput`, `PasskeyButton`, `OAuthButton`)
 * and of the notices every part uses (errors with their next actions, rate limits, offline). The
 * sign-in parts fall back to these alone when no catalogue is given, so a page that signs people
 * in does not load the texts of the account parts; `en.ts` adds those to make the whole English
 * catalogue. Numbers, amounts and durations arrive already formatted with `Intl` (see
 * `format.ts`); counts pick their form with `selectPlural` (`Intl.PluralRules`).
 */
import type { WalletAuthErrorCode } from '@wallet-auth/core';
import { selectPlural } from './format.js';

export const enSignIn = {
  locale: 'en',
  common: {
    processing: 'Still confirming with the wallet service. This can take a few seconds.',
    loading: 'Loading…',
    retry: 'Try again',
    cancel: 'Cancel',
    offline: "You're offline. We'll carry on when the connection is back.",
    thisDevice: 'This device',
    details: 'Details',
    done: 'Done',
  },
  otp: {
    codeLabel: 'Verification code',
    sendEmail: 'Email me a code',
    sendSms: 'Text me a code',
    sending: (destination: string) => `Sending a code to ${destination}…`,
    resending: (destination: string) => `Sending a new code to ${destination}…`,
    enterCode: (length: number, destination: string) =>
      `Enter the ${length}-digit code we sent to ${destination}.`,
    verifying: 'Checking the code…',
    wrongCode: (attemptsLeft: number | undefined) =>
      attemptsLeft === undefined
        ? "That code isn't right. Check it and try again."
        : selectPlural('en', attemptsLeft, {
            '=1': "That code isn't right. 1 attempt left before a short lock.",
            other: `That code isn't right. ${attemptsLeft} attempts left.`,
          }),
    codeExpired: 'This code has expired. Ask for a new one.',
    resend: 'Send a new code',
    resendIn: (duration: string) => `You can ask for a new code in ${duration}.`,
    signedIn: "You're signed in.",
    useAnotherCode: 'Use another method',
    locked: (duration: string) =>
      `Too many wrong codes. For your security, you can try again in ${duration}.`,
    notChecked:
      "The connection dropped before the code could be checked. It will be checked as soon as you're back online.",
    checkAgain: 'Check the code again',
  },
  rateLimit: {
    wait: (duration: string) => `Too many attempts. You can try again in ${duration}.`,
    over: 'You can try again now.',
  },
  passkey: {
    signIn: 'Sign in with a passkey',
    signInWith: (name: string) => `Sign in with passkey “${name}”`,
    pending: 'Waiting for your passkey…',
    cancelled: 'The passkey prompt was closed. Try again when you’re ready.',
    unsupported: "This browser can't use passkeys. Choose another way to sign in.",
    unsupportedAdd: "This browser can't use passkeys, so you can't add one here.",
    add: 'Add a passkey',
    adding: 'Creating your passkey…',
    added: 'Passkey added.',
    defaultNickname: 'Passkey',
    notOnDevice:
      'No passkey was used. If your passkey is on another device, use that device, or choose another way to sign in.',
    otherAccount:
      "That passkey belongs to another account. Choose this account's passkey, or another way to sign in.",
    autofillLabel: 'Saved passkey',
    autofillHint: 'Choose one of the passkeys your browser offers for this site.',
  },
  oauth: {
    continueWith: (provider: string) => `Continue with ${provider}`,
    pending: (provider: string) => `Waiting for ${provider}…`,
    cancelled: 'The sign-in window was closed. Try again when you’re ready.',
    add: (provider: string) => `Link ${provider}`,
    redirecting: (provider: string) => `Taking you to ${provider}…`,
  },
  signIn: {
    title: 'Sign in to your wallet',
    signingIn: 'Signing you in…',
    success: "You're signed in.",
    or: 'or',
    noMethods: 'This account has no sign-in method this device can use.',
    expired: 'Your session has expired. Sign in again to continue.',
    keyMissing:
      "This device's sign-in key is gone (site data may have been cleared). Sign in again.",
    revoked: 'This session was signed out from another device. Sign in again.',
  },
  actions: {
    retry: 'Try again',
    wait: 'Wait and try again',
    signIn: 'Sign in again',
    useAnotherMethod: 'Use another method',
    checkConnection: 'Check your connection',
    fixInput: 'Check what you entered',
    contactSupport: 'Contact support',
    none: 'OK',
  },
  errorCases: {
    insufficientFunds:
      "Your wallet doesn't hold enough for this payment, so nothing was sent. Add funds or send a smaller amount.",
    quoteExpired:
      'The price quote expired before the payment was approved, so nothing was sent. Start the payment again to get a new quote.',
    oauthIdentityMismatch:
      "This account at your identity provider isn't the one linked to this wallet. Sign in there with the linked account, or choose another way.",
    oauthNonceMismatch:
      "The identity provider's answer didn't match this sign-in, so it was refused. Try again.",
  },
  errors: {
    INVALID_INPUT: 'Something in the request was not accepted.',
    EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 'This account already has an email sign-in.',
    SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 'This account already has a text-message sign-in.',
    PASSKEY_CREDENTIAL_ALREADY_EXISTS: 'This passkey is already set up for this account.',
    EMAIL_OTP_EMAIL_ALREADY_EXISTS: 'Another account already uses this email address.',
    EMAIL_OTP_CREDENTIAL_SET_CHANGED:
      'Your sign-in methods changed meanwhile. Reload and try again.',
    EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 'The email address could not be updated everywhere.',
    UNAUTHORIZED: "We couldn't confirm it's you.",
    INVALID_SIGNATURE: "We couldn't confirm it's you.",
    WALLET_SIGNATURE_MISSING: 'The approval was not sent. Try again.',
    WALLET_SIGNATURE_MALFORMED: 'The approval could not be read. Try again.',
    WALLET_SIGNATURE_BODY_MISMATCH: 'The request changed after it was approved. Try again.',
    WALLET_SIGNATURE_INVALID: 'Your session can no longer approve actions. Sign in again.',
    REQUEST_ID_MISSING: 'The approval was incomplete. Try again.',
    AMOUNT_OUT_OF_RANGE: 'The amount is more than the available balance.',
    CONFLICT: 'This was already done.',
    NOT_FOUND: 'It no longer exists. It may have been removed from another device.',
    RATE_LIMITED: 'Too many attempts. Wait a moment before trying again.',
    DAILY_VOLUME_LIMIT_EXCEEDED: "You've reached today's limit.",
    SERVICE_SWITCH_ERROR: 'The wallet service is busy. Try again shortly.',
    INTERNAL_ERROR: 'The wallet service had a problem. Try again shortly.',
    FORBIDDEN: "This isn't allowed for the account you're signed in with.",
    METHOD_NOT_ALLOWED: "This site's wallet service doesn't accept this request.",
    UPSTREAM_ERROR: "The wallet service can't be reached right now. Try again shortly.",
    UPSTREAM_TIMEOUT: 'The wallet service took too long to answer. Try again shortly.',
    SERVICE_UNAVAILABLE: 'The service is busy for a moment. Try again in a few seconds.',
    NETWORK_ERROR: "We couldn't reach the wallet service. Check your connection.",
    TIMEOUT: 'The wallet service took too long to answer.',
    ABORTED: 'Cancelled. Nothing was changed.',
    CHALLENGE_EXPIRED: 'The request expired before it was approved. Start again.',
    PROCESSING_TIMEOUT:
      'The wallet service is still working on it. Check again in a minute before retrying.',
    REQUEST_ID_CONSUMED: 'This approval was already used. Start again.',
    PASSKEY_UNSUPPORTED: "This browser can't use passkeys.",
    PASSKEY_CANCELLED: 'The passkey prompt was closed.',
    INSECURE_CONTEXT: 'Sign-in needs a secure (https) page.',
    CONFIGURATION_INVALID: 'Sign-in is not set up correctly on this site.',
    KEY_STORE_UNAVAILABLE:
      "This browser can't store a sign-in key (private mode or storage blocked).",
    KEY_STORE_CORRUPT: "This device's stored sign-in key is damaged. Sign in again.",
    KEY_EXTRACTABLE: 'The sign-in key is not protected as required.',
    KEY_USAGE_INVALID: 'The sign-in key cannot be used for this.',
    STORAGE_QUOTA: 'This browser is out of storage space for the sign-in key.',
    SESSION_KEY_MISSING: "This device isn't signed in any more. Sign in again.",
    SESSION_EXPIRED: 'Your session has expired. Sign in again.',
    ENCODING_INVALID: 'The wallet service sent data we could not read.',
    PUBLIC_KEY_INVALID: 'The wallet service sent a key we could not use.',
    OTP_CODE_INVALID: 'Codes contain digits only. Check the code.',
    BUNDLE_MALFORMED: 'The wallet service sent data we could not read.',
    BUNDLE_SIGNATURE_INVALID:
      "The wallet service's answer could not be verified, so nothing was sent. Contact support.",
    SEALED_KEY_MALFORMED: 'The session key from the wallet service could not be read.',
    DECRYPT_FAILED: 'The data from the wallet service could not be decrypted.',
    PAYLOAD_INTENT_MISMATCH:
      'The wallet service asked to approve something other than what you requested, so nothing was approved.',
    PROTOCOL_ERROR: 'The wallet service answered in an unexpected way.',
    OAUTH_CALLBACK_INVALID:
      "This sign-in response can't be used: it expired, was already used or belongs to another attempt. Start the sign-in again.",
    UNKNOWN: 'Something went wrong.',
  } satisfies Record<WalletAuthErrorCode, string> as Record<WalletAuthErrorCode, string>,
};
