import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '@wallet-auth/core';
import { describe, expect, it } from 'vitest';
import { en } from './en.js';
import { fr } from './fr.js';

/** Every leaf of a catalogue, with functions called on sample arguments. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') {
    return [[path, value]];
  }
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => string;
    return [
      [path, fn('X', 'Y')],
      [`${path}(1)`, fn(1, 'Y')],
      [`${path}(undefined)`, fn(undefined, 'Y')],
    ];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, path === '' ? key : `${path}.${key}`),
  );
}

describe('message catalogues', () => {
  it('given English and French, should have the same entries, none empty', () => {
    const english = leaves(en);
    const french = leaves(fr);
    expect(french.map(([path]) => path)).toEqual(english.map(([path]) => path));
    for (const [path, text] of [...english, ...french]) {
      expect(text.trim(), path).not.toBe('');
    }
  });

  it('given the French catalogue, should translate rather than copy the English text', () => {
    const english = new Map(leaves(en));
    const same = leaves(fr).filter(
      ([path, text]) => english.get(path) === text && path !== 'actions.none',
    );
    // Only the locale tag differs by definition; "OK" is the same word in both languages.
    expect(same.map(([path]) => path)).toEqual([]);
  });

  it('UI-10: given every core error code, should have a sentence in both languages', () => {
    for (const code of [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(en.errors[code], code).toMatch(/\w/);
      expect(fr.errors[code], code).toMatch(/\w/);
      // A sentence, not the bare code.
      expect(en.errors[code]).not.toContain(code);
    }
  });
});
