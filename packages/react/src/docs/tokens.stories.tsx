import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { Divider } from '../components/divider/divider.js';
import { ProviderMark } from '../components/oauth-button/provider-mark.js';
import {
  ColourTable,
  InBothThemes,
  Sample,
  ScaleTable,
  tokensOf,
} from '../storybook/design-tokens.js';

/**
 * The design tokens of `@wallet-auth/react/styles.css`, read from the stylesheet itself and
 * shown live. Theme inputs are the variables integrators set (unchanged since the first
 * release); scales and colour roles derive from them.
 */
const meta = {
  title: 'Design/Tokens',
  tags: ['!autodocs'],
  parameters: { themeScope: false },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const colourInputs = () => tokensOf('Theme inputs').filter((token) => token.value.startsWith('#'));

/** The theme inputs: the palette each theme sets. Override any of them on the container. */
export const ThemeInputs: Story = {
  render: () => <ColourTable tokens={colourInputs()} caption="Theme inputs" />,
};

/** The colour roles the rules read, derived from the theme inputs. */
export const ColourRoles: Story = {
  render: () => <ColourTable tokens={tokensOf('Colour roles')} caption="Colour roles" />,
};

/** The spacing scale: 4 px steps that set every gap and padding (the vertical rhythm). */
export const Spacing: Story = {
  render: () => (
    <ScaleTable
      tokens={tokensOf('Spacing scale')}
      caption="Spacing"
      sample={(token) => (
        <Sample
          style={{
            width: `var(${token.name})`,
            height: '0.75rem',
            background: 'var(--wa-color-primary)',
          }}
        />
      )}
    />
  ),
};

/** The type scale, weights and line heights. */
export const Type: Story = {
  render: () => (
    <ScaleTable
      tokens={tokensOf('Type scale')}
      caption="Type"
      sample={(token) =>
        token.name.startsWith('--wa-text-') ? (
          <span style={{ fontSize: `var(${token.name})` }}>Sign in to your wallet</span>
        ) : token.name.startsWith('--wa-weight-') ? (
          <span style={{ fontWeight: `var(${token.name})` as CSSProperties['fontWeight'] }}>
            Sign in to your wallet
          </span>
        ) : null
      }
    />
  ),
};

/** Radii, all derived from `--wa-radius`. */
export const Radii: Story = {
  render: () => (
    <ScaleTable
      tokens={tokensOf('Radii')}
      caption="Radii"
      sample={(token) => (
        <Sample
          style={{
            width: '3rem',
            height: '2rem',
            border: '2px solid var(--wa-color-primary)',
            borderRadius: `var(${token.name})`,
          }}
        />
      )}
    />
  ),
};

/**
 * Three emphases, one primary action per step. The kit picks one for each of its buttons;
 * `data-variant="primary" | "secondary" | "tertiary"` on any button in scope overrides it.
 * Destructive list actions are tertiary in the danger colour. Provider marks are decorative.
 */
export const Buttons: Story = {
  render: () => (
    <InBothThemes>
      {() => (
        <>
          <button type="button" data-variant="primary">
            Primary
          </button>
          <button type="button" data-variant="secondary">
            Secondary
          </button>
          <button type="button" data-variant="tertiary">
            Tertiary
          </button>
          <button type="button" data-remove-credential="">
            Remove (tertiary, danger)
          </button>
          <button type="button" data-variant="primary" aria-busy="true" disabled>
            Busy
          </button>
          <button type="button" data-variant="secondary" disabled>
            Disabled
          </button>
          <Divider />
          {['Google', 'Apple', 'Microsoft', 'GitHub', 'Acme ID'].map((provider) => (
            <button key={provider} type="button" data-variant="secondary">
              <ProviderMark provider={provider} />
              Continue with {provider}
            </button>
          ))}
        </>
      )}
    </InBothThemes>
  ),
};

/** The focus ring: 3 px in `--wa-focus`, 2 px away from the control, in both themes. */
export const FocusRing: Story = {
  render: () => (
    <InBothThemes>
      {(theme) => (
        <button type="button" data-variant="primary" data-focus-sample={theme}>
          Focused
        </button>
      )}
    </InBothThemes>
  ),
  play: async ({ canvasElement }) => {
    const button = canvasElement.querySelector('[data-focus-sample="dark"]') as HTMLElement;
    button.focus();
    await expect(getComputedStyle(button).outlineWidth).toBe('3px');
  },
};

// ─── Backward compatibility of the public variables ─────────────────────────────────────────

/** Each public variable, the value an integrator sets, and where it must show. */
const PUBLIC_VARIABLES: [name: string, value: string, selector: string, property: string][] = [
  ['--wa-font', 'serif', '[data-fixture]', 'fontFamily'],
  ['--wa-mono', 'monospace', '[data-otp-slot]', 'fontFamily'],
  ['--wa-radius', '21px', '[data-variant="secondary"]', 'borderTopLeftRadius'],
  ['--wa-gap', '37px', '[data-fixture]', 'rowGap'],
  ['--wa-bg', 'rgb(1, 1, 1)', '[data-fixture]', 'backgroundColor'],
  ['--wa-surface', 'rgb(2, 2, 2)', '[data-variant="secondary"]', 'backgroundColor'],
  ['--wa-fg', 'rgb(3, 3, 3)', '[data-fixture]', 'color'],
  ['--wa-muted', 'rgb(4, 4, 4)', '[data-credential-type]', 'color'],
  ['--wa-border', 'rgb(5, 5, 5)', '[data-variant="secondary"]', 'borderTopColor'],
  ['--wa-accent', 'rgb(6, 6, 6)', '[data-variant="primary"]', 'backgroundColor'],
  ['--wa-accent-fg', 'rgb(7, 7, 7)', '[data-variant="primary"]', 'color'],
  ['--wa-danger', 'rgb(8, 8, 8)', '[data-error-notice]', 'borderLeftColor'],
  ['--wa-danger-bg', 'rgb(9, 9, 9)', '[data-error-notice]', 'backgroundColor'],
  ['--wa-success', 'rgb(10, 10, 10)', '[data-otp-sign-in] p', 'color'],
  ['--wa-warning-bg', 'rgb(11, 11, 11)', '[data-export-warning]', 'backgroundColor'],
  ['--wa-warning-fg', 'rgb(12, 12, 12)', '[data-export-warning]', 'color'],
  ['--wa-focus', 'rgb(13, 13, 13)', '[data-otp-slot]', 'borderTopColor'],
];

/** Elements that show every public variable, unstyled by the story itself. */
function Fixture({ name, style }: { name: string; style?: CSSProperties }): ReactNode {
  return (
    <div data-wallet-auth="" data-theme="light" data-fixture={name} style={style}>
      <button type="button" data-variant="primary">
        Primary
      </button>
      <button type="button" data-variant="secondary">
        Secondary
      </button>
      <span data-credential-type="">Passkey</span>
      <div role="alert" data-error-notice="">
        <p>Something went wrong.</p>
      </div>
      <div data-otp-sign-in="" data-state="authenticated">
        <p role="status">You're signed in.</p>
      </div>
      <p data-export-warning="">Never share this phrase.</p>
      <div data-otp-group="">
        <span data-otp-slot="" data-state="active">
          1
        </span>
      </div>
    </div>
  );
}

/**
 * Theming through the variables of the first release still works: each one, set on the
 * container, changes what it always changed (the play function checks every one in the browser).
 */
export const PublicVariables: Story = {
  // The override values are deliberately extreme (near-black on near-black) to be told apart.
  parameters: { a11y: { config: { rules: [{ id: 'color-contrast', enabled: false }] } } },
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: '1fr 1fr' }}>
      <Fixture name="default" />
      <Fixture
        name="override"
        style={Object.fromEntries(PUBLIC_VARIABLES.map(([name, value]) => [name, value]))}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const scope = (name: string) =>
      canvasElement.querySelector(`[data-fixture="${name}"]`) as HTMLElement;
    for (const [variable, value, selector, property] of PUBLIC_VARIABLES) {
      const read = (name: string) => {
        const root = scope(name);
        const element = (root.matches(selector) ? root : root.querySelector(selector)) as Element;
        return getComputedStyle(element)[property as 'color'];
      };
      await expect(read('override'), `${variable} on ${selector}`).toBe(value);
      await expect(read('default'), `${variable} default`).not.toBe(value);
    }
    await expect(within(canvasElement).getAllByRole('alert')).toHaveLength(2);
  },
};
