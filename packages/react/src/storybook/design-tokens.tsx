/**
 * The tokens page of Storybook (not exported, not built): reads the token declarations straight
 * from `styles.css`, so the page cannot drift from the stylesheet, and shows each one live in the
 * light and the dark theme.
 */
import type { CSSProperties, ReactNode } from 'react';
import stylesheet from '../styles.css?raw';

/** One custom property of the container's rule, as declared. */
export interface Token {
  name: string;
  value: string;
}

/** The tokens under one comment of the container's rule ("Theme inputs", "Spacing scale"…). */
export interface TokenGroup {
  title: string;
  tokens: Token[];
}

/** The groups of tokens declared on `:where([data-wallet-auth])`, in stylesheet order. */
export function readTokenGroups(css: string = stylesheet): TokenGroup[] {
  const start = css.indexOf(':where([data-wallet-auth]) {');
  const body = css.slice(start, css.indexOf('}', start));
  const groups: TokenGroup[] = [];
  for (const line of body.split('\n').map((text) => text.trim())) {
    const comment = /^\/\* (.+?) \*\/$/.exec(line);
    const declaration = /^(--wa-[a-z0-9-]+):\s*(.+);$/.exec(line);
    if (comment) {
      groups.push({ title: comment[1] ?? '', tokens: [] });
    } else if (declaration && groups.length > 0) {
      groups[groups.length - 1]?.tokens.push({
        name: declaration[1] ?? '',
        value: declaration[2] ?? '',
      });
    }
  }
  return groups;
}

/** The tokens of the group titled `title` (its first words). */
export function tokensOf(title: string): Token[] {
  return readTokenGroups().find((group) => group.title.startsWith(title))?.tokens ?? [];
}

const cell: CSSProperties = {
  padding: '0.4rem 0.6rem',
  borderBottom: '1px solid var(--wa-color-border-subtle)',
  textAlign: 'start',
  verticalAlign: 'middle',
};
const code: CSSProperties = { fontFamily: 'var(--wa-mono)', fontSize: 'var(--wa-text-sm)' };

/** Both themes' scopes, each holding `children`. */
export function InBothThemes({ children }: { children: (theme: 'light' | 'dark') => ReactNode }) {
  return (
    <div
      style={{
        display: 'grid',
        gap: '1rem',
        gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))',
      }}
    >
      {(['light', 'dark'] as const).map((theme) => (
        <div key={theme} data-wallet-auth="" data-theme={theme}>
          <h3>{theme === 'light' ? 'Light' : 'Dark'}</h3>
          {children(theme)}
        </div>
      ))}
    </div>
  );
}

/** An inline box drawn with `style` (a swatch, a bar, a corner). */
export function Sample({ style }: { style: CSSProperties }) {
  return <span style={{ display: 'inline-block', ...style }} />;
}

/** A table of tokens: name, declared value (unless `showValue` is false) and a sample. */
function TokenTable({
  tokens,
  caption,
  sample,
  showValue = true,
}: {
  tokens: Token[];
  caption: string;
  sample: (token: Token) => ReactNode;
  showValue?: boolean;
}) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }}>
      <caption style={{ textAlign: 'start', paddingBottom: '0.5rem' }}>{caption}</caption>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          {showValue ? <th style={cell}>Value</th> : null}
          <th style={cell}>Sample</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.name}>
            <td style={{ ...cell, ...code }}>{token.name}</td>
            {showValue ? <td style={{ ...cell, ...code }}>{token.value}</td> : null}
            <td style={cell}>{sample(token)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Colour tokens with a swatch, in the light and the dark theme. */
export function ColourTable({ tokens, caption }: { tokens: Token[]; caption: string }) {
  return (
    <InBothThemes>
      {(theme) => (
        <TokenTable
          tokens={tokens}
          caption={`${caption} (${theme})`}
          showValue={false}
          sample={(token) => (
            <Sample
              style={{
                width: '3rem',
                height: '1.5rem',
                borderRadius: 'var(--wa-radius-sm)',
                border: '1px solid var(--wa-color-border)',
                background: `var(${token.name})`,
              }}
            />
          )}
        />
      )}
    </InBothThemes>
  );
}

/** Tokens with their declared values and a sample drawn by `sample`, in the light theme. */
export function ScaleTable(props: {
  tokens: Token[];
  caption: string;
  sample: (token: Token) => ReactNode;
}) {
  return (
    <div data-wallet-auth="" data-theme="light">
      <TokenTable {...props} />
    </div>
  );
}
