/**
 * The demo's languages: the same six as the kit, each with the demo's own words. The kit's
 * catalogue of the chosen language is fetched with `loadMessages` (`@wallet-auth/react/locales`).
 */
import type { WalletAuthLocale } from '@wallet-auth/react/locales';
import { de } from './de.js';
import { type DemoMessages, en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ptBR } from './pt-br.js';

export type { DemoMessages } from './en.js';

/** The language picker's choices, each named in its own language. */
export const DEMO_LANGUAGES: readonly { tag: WalletAuthLocale; name: string }[] = [
  { tag: 'en', name: 'English' },
  { tag: 'fr', name: 'Français' },
  { tag: 'es', name: 'Español' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'ja', name: '日本語' },
];

/** The demo's words in each language. */
export const DEMO_MESSAGES: Record<WalletAuthLocale, DemoMessages> = {
  en,
  fr,
  es,
  de,
  'pt-BR': ptBR,
  ja,
};
