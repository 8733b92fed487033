import { describe, expect, it } from 'vitest';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { loadMessages, matchLocale, WALLET_AUTH_LOCALES } from './load-messages.js';
import { ptBR } from './pt-br.js';

describe('matchLocale', () => {
  it.each([
    ['en', 'en'],
    ['fr-CA', 'fr'],
    ['es-MX', 'es'],
    ['de-AT', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['PT-br', 'pt-BR'],
  ])('given "%s", should pick %s', (requested, expected) => {
    expect(matchLocale(requested)).toBe(expected);
  });

  it('given a list, should honour its order and skip languages the kit lacks', () => {
    expect(matchLocale(['nl-NL', 'de-CH', 'fr'])).toBe('de');
    expect(matchLocale(['zh-Hant', 'ko'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });

  it('given tags that are not BCP 47, should skip them instead of throwing', () => {
    expect(matchLocale(['not a tag!', '', 'ja'])).toBe('ja');
    expect(matchLocale('x'.repeat(300))).toBe('en');
  });
});

describe('loadMessages', () => {
  it('given each language, should resolve its catalogue', async () => {
    await expect(loadMessages('en-GB')).resolves.toBe(en);
    await expect(loadMessages('fr')).resolves.toBe(fr);
    await expect(loadMessages('es-419')).resolves.toBe(es);
    await expect(loadMessages(['de'])).resolves.toBe(de);
    await expect(loadMessages('pt')).resolves.toBe(ptBR);
    await expect(loadMessages(['ja-JP', 'en'])).resolves.toBe(ja);
  });

  it('given every listed language, should load a catalogue of that very tag', async () => {
    for (const { tag } of WALLET_AUTH_LOCALES) {
      await expect(loadMessages(tag)).resolves.toMatchObject({ locale: tag });
    }
  });

  it('given a language the kit lacks, should resolve English', async () => {
    await expect(loadMessages(['sv-SE'])).resolves.toBe(en);
  });
});
