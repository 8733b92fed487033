import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import process from 'node:process';
import { describe, expect, it } from 'vitest';

// Vitest runs from the workspace root.
const css = readFileSync(resolve(process.cwd(), 'packages/react/src/styles.css'), 'utf8');

/**
 * The variables integrators could set before the token system (styles.css up to the design pass
 * of issue 21). Each one stays a supported theme input: declared, and read by the rules.
 */
const PUBLIC_VARIABLES = [
  '--wa-font',
  '--wa-mono',
  '--wa-radius',
  '--wa-gap',
  '--wa-bg',
  '--wa-surface',
  '--wa-fg',
  '--wa-muted',
  '--wa-border',
  '--wa-accent',
  '--wa-accent-fg',
  '--wa-danger',
  '--wa-danger-bg',
  '--wa-success',
  '--wa-warning-bg',
  '--wa-warning-fg',
  '--wa-focus',
] as const;

/** The colours each dark palette sets again. */
const PALETTE = PUBLIC_VARIABLES.filter(
  (name) => !['--wa-font', '--wa-mono', '--wa-radius', '--wa-gap'].includes(name),
);

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  expect(start, `rule ${selector}`).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

/** Every custom property the stylesheet declares. */
function declared(text: string): Set<string> {
  return new Set([...text.matchAll(/(--wa-[a-z0-9-]+)\s*:/g)].map((match) => match[1] as string));
}

describe('styles.css tokens', () => {
  it('given every variable themes could set before, should still declare it on the container', () => {
    const base = declared(block(':where([data-wallet-auth])'));
    expect(PUBLIC_VARIABLES.filter((name) => !base.has(name))).toEqual([]);
  });

  it('given the dark and the system-dark palettes, should set every colour again', () => {
    const dark = declared(block(':where([data-wallet-auth][data-theme="dark"])'));
    const media = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    const system = declared(block(':where([data-wallet-auth][data-theme="system"])'));
    expect(media.indexOf(':where([data-wallet-auth][data-theme="system"])')).toBeGreaterThan(0);
    expect(PALETTE.filter((name) => !dark.has(name))).toEqual([]);
    expect(PALETTE.filter((name) => !system.has(name))).toEqual([]);
    expect([...dark].sort()).toEqual([...system].sort());
  });

  it('given every public variable, should read it, so overriding it still changes the look', () => {
    const read = new Set([...css.matchAll(/var\((--wa-[a-z0-9-]+)/g)].map((match) => match[1]));
    expect(PUBLIC_VARIABLES.filter((name) => !read.has(name))).toEqual([]);
  });

  it('given every variable the rules read, should declare it (no typo reads an unset token)', () => {
    const all = declared(css);
    const read = [...css.matchAll(/var\((--wa-[a-z0-9-]+)/g)].map((match) => match[1] as string);
    expect([...new Set(read.filter((name) => !all.has(name)))]).toEqual([]);
  });

  it('given reduced motion, should stop the spinner and the caret and zero the transitions', () => {
    const reduced = [...css.matchAll(/@media \(prefers-reduced-motion: reduce\) \{([\s\S]*?)\n\}/g)]
      .map((match) => match[1])
      .join('\n');
    expect(reduced).toContain('--wa-duration: 0ms');
    expect(reduced).toMatch(/button\[aria-busy="true"\]\)::before/);
    expect(reduced).toContain('[data-otp-caret]');
    expect(reduced).toContain('animation: none');
  });

  it('given any rule, should stay inside the data-wallet-auth scope with zero specificity', () => {
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    const selectors = [...withoutComments.matchAll(/(^|\})\s*([^{}@]+?)\s*\{/g)]
      .map((match) => (match[2] ?? '').trim())
      .filter((selector) => selector !== '' && !/^(to|from|\d+%)$/.test(selector));
    const outside = selectors.filter((selector) =>
      selector
        .split(/,(?![^(]*\))/)
        .some((part) => !part.trim().startsWith(':where([data-wallet-auth]')),
    );
    expect(outside).toEqual([]);
  });
});
