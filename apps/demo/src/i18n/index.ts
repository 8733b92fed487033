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

/** The demo's words in each language. */
export const DEMO_MESSAGES: Record<WalletAuthLocale, DemoMessages> = {
  en,
  fr,
  es,
  de,
  'pt-BR': ptBR,
  ja,
};
