/**
 * @wallet-auth/react/locales — language negotiation and the catalogues fetched on demand.
 * Kept out of the main entry so the components' first load never carries a loader for languages
 * an app does not use. Each catalogue is also its own entry for apps that bundle a language up
 * front: `import { de } from '@wallet-auth/react/locales/de'` (`en`, `fr`, `es`, `de`, `pt-BR`,
 * `ja`); `en` is exported from `@wallet-auth/react` too.
 */

export type { WalletAuthLocale } from './i18n/load-messages.js';
export { loadMessages, matchLocale, WALLET_AUTH_LOCALES } from './i18n/load-messages.js';
