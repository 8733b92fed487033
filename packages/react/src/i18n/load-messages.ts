/**
 * Language negotiation and on-demand catalogues (`@wallet-auth/react/locales`). Only English
 * ships with the components; every other catalogue is its own chunk, fetched when
 * `loadMessages` asks for it, so the sign-in screen's first load does not grow with the number
 * of languages.
 */
import { en, type WalletAuthMessages } from './en.js';

/** The languages the kit has a catalogue for (BCP 47). */
export type WalletAuthLocale = 'en' | 'fr' | 'es' | 'de' | 'pt-BR' | 'ja';

/** Every language of the kit with its name in that language, for a language picker. */
export const WALLET_AUTH_LOCALES: readonly { tag: WalletAuthLocale; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'fr', name: 'Français' },
  { tag: 'es', name: 'Español' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'ja', name: '日本語' },
];

const LOCALES = WALLET_AUTH_LOCALES.map((locale) => locale.tag);

/** The language subtag of a canonical tag ("pt-BR" → "pt"). */
function languageOf(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? '';
}

/**
 * Picks the kit's best language for the person's preferences, in their order: an exact tag
 * first ("pt-BR"), then the same language ("es-MX" → "es", "pt-PT" → "pt-BR"), else English.
 * Tags that are not valid BCP 47 are skipped.
 *
 * @param requested - One tag or a list, e.g. `navigator.languages`.
 * @example
 * matchLocale(['de-AT', 'en']); // "de"
 */
export function matchLocale(requested: string | readonly string[]): WalletAuthLocale {
  const tags = typeof requested === 'string' ? [requested] : requested;
  for (const raw of tags) {
    let tag: string;
    try {
      [tag = ''] = Intl.getCanonicalLocales(raw);
    } catch {
      continue;
    }
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    const sameLanguage = LOCALES.find((locale) => languageOf(locale) === languageOf(tag));
    const match = exact ?? sameLanguage;
    if (match !== undefined) {
      return match;
    }
  }
  return 'en';
}

/**
 * Loads the catalogue of the kit's best language for `requested` (see `matchLocale`). English
 * resolves at once; the others are fetched on first use. Pass the result to
 * `WalletAuthLocaleProvider`.
 *
 * @param requested - One tag or a list, e.g. `navigator.languages`.
 * @throws Rejects only when the chunk of a catalogue cannot be fetched (offline).
 * @example
 * const messages = await loadMessages(navigator.languages);
 * root.render(<WalletAuthLocaleProvider messages={messages}>…</WalletAuthLocaleProvider>);
 */
export function loadMessages(requested: string | readonly string[]): Promise<WalletAuthMessages> {
  const locale = matchLocale(requested);
  switch (locale) {
    case 'en':
      return Promise.resolve(en);
    case 'fr':
      return import('./fr.js').then((module) => module.fr);
    case 'es':
      return import('./es.js').then((module) => module.es);
    case 'de':
      return import('./de.js').then((module) => module.de);
    case 'pt-BR':
      return import('./pt-br.js').then((module) => module.ptBR);
    case 'ja':
      return import('./ja.js').then((module) => module.ja);
    default:
      return locale satisfies never;
  }
}
