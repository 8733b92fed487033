import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '@wallet-auth/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { de } from './de.js';
import { en, type WalletAuthMessages } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { ptBR } from './pt-br.js';

// Records every plural choice the catalogues make, to check their forms against Intl.PluralRules.
const pluralCalls = vi.hoisted(
  () => [] as { locale: string; count: number; forms: Record<string, string> }[],
);
vi.mock('./format.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./format.js')>();
  return {
    ...original,
    selectPlural: (locale: string, count: number, forms: Record<string, string>) => {
      pluralCalls.push({ locale, count, forms });
      return original.selectPlural(locale, count, forms as never);
    },
  };
});

afterEach(() => {
  pluralCalls.length = 0;
});

const CATALOGUES: Record<string, WalletAuthMessages> = { en, fr, es, de, 'pt-BR': ptBR, ja };
const TRANSLATIONS = Object.entries(CATALOGUES).filter(([tag]) => tag !== 'en');

/** Sample arguments: two distinct words, a count, the exact count 1, and nothing. */
const SAMPLES: unknown[][] = [
  ['⟦a⟧', '⟦b⟧'],
  [37, '⟦b⟧'],
  [1, '⟦b⟧'],
  [undefined, '⟦b⟧'],
];

/** Every leaf of a catalogue, with functions called on each sample. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') {
    return [[path, value]];
  }
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => string;
    return SAMPLES.map((args) => [`${path}(${args.map(String).join(', ')})`, fn(...args)]);
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path === '' ? key : `${path}.${key}`),
  );
}

/** Every function of a catalogue with its path. */
function functions(value: unknown, path = ''): [string, (...args: unknown[]) => string][] {
  if (typeof value === 'function') {
    return [[path, value as (...args: unknown[]) => string]];
  }
  if (typeof value !== 'object' || value === null) {
    return [];
  }
  return Object.entries(value).flatMap(([key, child]) =>
    functions(child, path === '' ? key : `${path}.${key}`),
  );
}

/** The placeholders a message shows: which sample values made it into the text. */
function placeholders(text: string): string[] {
  return ['⟦a⟧', '⟦b⟧', '37'].filter((token) => text.includes(token));
}

/** Same-as-English entries that are right in the language (loanwords, the locale tag). */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  fr: ['actions.none'],
  es: [],
  de: ['common.details', 'credentialTypes.PASSKEY', 'passkey.defaultNickname', 'wallet.title'],
  'pt-BR': [],
  ja: [],
};

describe('message catalogues', () => {
  it.each(TRANSLATIONS)(
    'given the %s catalogue, should have exactly the English entries, none empty',
    (_tag, catalogue) => {
      const english = leaves(en).map(([path]) => path);
      const translated = leaves(catalogue);
      const paths = translated.map(([path]) => path);
      // Missing and extra entries, each named.
      expect(english.filter((path) => !paths.includes(path))).toEqual([]);
      expect(paths.filter((path) => !english.includes(path))).toEqual([]);
      for (const [path, text] of translated) {
        expect(text.trim(), path).not.toBe('');
      }
    },
  );

  it.each(TRANSLATIONS)(
    'given the %s catalogue, should take the same arguments and show the same placeholders',
    (_tag, catalogue) => {
      const english = new Map(functions(en));
      for (const [path, fn] of functions(catalogue)) {
        expect(fn.length, `${path} arity`).toBe(english.get(path)?.length);
        for (const args of SAMPLES) {
          const reference = english.get(path)?.(...args) ?? '';
          expect(placeholders(fn(...args)), `${path}(${args.map(String).join(', ')})`).toEqual(
            placeholders(reference),
          );
        }
      }
    },
  );

  it.each(TRANSLATIONS)(
    'given the %s catalogue, should translate rather than copy the English text',
    (tag, catalogue) => {
      const english = new Map(leaves(en));
      const same = leaves(catalogue)
        .filter(([path, text]) => english.get(path) === text)
        .map(([path]) => path.replace(/\(.*$/, ''))
        .filter((path) => !SAME_AS_ENGLISH[tag]?.includes(path));
      expect([...new Set(same)]).toEqual([]);
    },
  );

  it.each(Object.entries(CATALOGUES))(
    'given the %s catalogue, should carry its own canonical locale tag',
    (tag, catalogue) => {
      expect(catalogue.locale).toBe(tag);
      expect(Intl.getCanonicalLocales(catalogue.locale)).toEqual([tag]);
    },
  );

  it.each(Object.entries(CATALOGUES))(
    'UI-10: given every core error code, should have a sentence in %s',
    (_tag, catalogue) => {
      for (const code of [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]) {
        expect(catalogue.errors[code], code).toMatch(/\S/);
        // A sentence, not the bare code.
        expect(catalogue.errors[code]).not.toContain(code);
      }
    },
  );
});

describe('plural forms', () => {
  /** The plural category of each count from 0 to 200 that no exact form covers. */
  function reachedCategories(locale: string, forms: Record<string, string>): Set<string> {
    const rules = new Intl.PluralRules(locale);
    const reached = new Set<string>();
    for (let count = 0; count <= 200; count++) {
      if (forms[`=${count}`] === undefined) {
        reached.add(rules.select(count));
      }
    }
    return reached;
  }

  it.each(Object.entries(CATALOGUES))(
    'given the %s catalogue, should give each count a form of the language’s own categories',
    (tag, catalogue) => {
      for (const [path, fn] of functions(catalogue)) {
        pluralCalls.length = 0;
        fn(3, '⟦b⟧');
        for (const call of pluralCalls) {
          expect(call.locale, `${path} locale`).toBe(tag);
          const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
          const keys = Object.keys(call.forms);
          // Only categories the language has (ja: `other` alone), exact `=n` forms, and `other`.
          expect(
            keys.filter((key) => !/^=\d+$/.test(key) && !categories.includes(key as never)),
            path,
          ).toEqual([]);
          expect(keys, path).toContain('other');
          // Every category a count from 0 to 200 falls in has its own form.
          const missing = [...reachedCategories(tag, call.forms)].filter(
            (category) => call.forms[category] === undefined,
          );
          expect(missing, `${path} in ${tag}`).toEqual([]);
        }
      }
    },
  );

  it('given attempts left, should follow each language’s rules, exact forms first', () => {
    expect(en.otp.wrongCode(1)).toContain('1 attempt left before a short lock');
    expect(en.otp.wrongCode(0)).toContain('0 attempts left');
    expect(en.otp.wrongCode(2)).toContain('2 attempts left');
    // French: 0 and 1 are singular.
    expect(fr.otp.wrongCode(0)).toContain('Encore 0 essai ');
    expect(fr.otp.wrongCode(2)).toContain('Encore 2 essais.');
    // Brazilian Portuguese: 0 and 1 are singular too.
    expect(ptBR.otp.wrongCode(0)).toContain('Resta 0 tentativa.');
    expect(ptBR.otp.wrongCode(3)).toContain('Restam 3 tentativas.');
    // Spanish and German: 0 is plural.
    expect(es.otp.wrongCode(0)).toContain('Te quedan 0 intentos.');
    expect(de.otp.wrongCode(0)).toContain('Noch 0 Versuche.');
    // Japanese: one form for every count.
    expect(ja.otp.wrongCode(2)).toContain('残り 2 回');
    expect(ja.otp.wrongCode(0)).toContain('残り 0 回');
  });

  it('given a code length, should agree the word for digits with it', () => {
    expect(fr.otp.enterCode(1, 'a@b.c')).toContain('à 1 chiffre envoyé');
    expect(fr.otp.enterCode(6, 'a@b.c')).toContain('à 6 chiffres envoyé');
    expect(es.otp.enterCode(6, 'a@b.c')).toContain('de 6 dígitos');
    expect(ptBR.otp.enterCode(6, 'a@b.c')).toContain('de 6 dígitos');
  });
});
