import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { KitProviders, loadKit, storyKit } from '../../storybook/story-kit.js';
import { OAuthButton, type OAuthButtonProps } from './oauth-button.js';

/**
 * One button that signs in with a linked account (Google, Apple…). The kit never talks to the
 * provider: your `getIdToken` receives the nonce and returns a fresh ID token, which is used
 * once and never stored. `provider` names the button; `mode` says whether your code opens a
 * popup or redirects. Stories use the emulator's sandbox ID tokens.
 */
const meta = {
  title: 'Parts/OAuthButton',
  component: OAuthButton,
  loaders: [loadKit],
  parameters: { kit: { oauth: true } },
  args: {
    credentialId: '',
    provider: 'Google',
    mode: 'popup',
    disabled: false,
    onSuccess: fn(),
    onError: fn(),
  },
  argTypes: {
    mode: { control: 'inline-radio', options: ['popup', 'redirect'] },
    provider: {
      control: 'select',
      options: ['Google', 'Apple', 'Microsoft', 'GitHub', 'Acme ID'],
      description: 'Names the button and picks its mark.',
    },
    disabled: {
      control: 'boolean',
      description: 'Blocks the button (it also blocks itself while pending).',
    },
    mark: { control: false },
  },
  render: (args, context) => {
    const kit = storyKit(context);
    const getIdToken =
      context.parameters.cancel === true
        ? () => Promise.resolve(null)
        : context.parameters.pending === true
          ? () => new Promise<string | null>(() => undefined)
          : kit.getIdToken;
    return (
      <KitProviders kit={kit}>
        <OAuthButton {...args} credentialId={kit.added.oauth ?? ''} getIdToken={getIdToken} />
      </KitProviders>
    );
  },
} satisfies Meta<OAuthButtonProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ready, named after the provider. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', {
      name: en.oauth.continueWith('Google'),
    });
    await expect(button).toHaveAttribute('data-provider', 'Google');
    await expect(button).toHaveAttribute('data-mode', 'popup');
  },
};

/** Signs in with a fresh ID token: `data-state="success"`. */
export const SignsIn: Story = {
  play: async ({ canvasElement, args }) => {
    const button = await within(canvasElement).findByRole('button', {
      name: en.oauth.continueWith('Google'),
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'success'));
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ type: 'OAUTH' }));
  },
};

/** Each known provider's mark, and the neutral one for others (decorative, `aria-hidden`). */
export const ProviderMarks: Story = {
  render: (args, context) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <div style={{ display: 'grid', gap: '0.5rem' }}>
          {['Google', 'Apple', 'Microsoft', 'GitHub', 'Acme ID'].map((provider) => (
            <OAuthButton
              key={provider}
              {...args}
              provider={provider}
              credentialId={kit.added.oauth ?? ''}
              getIdToken={kit.getIdToken}
            />
          ))}
        </div>
      </KitProviders>
    );
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        [...canvasElement.querySelectorAll('[data-provider-mark]')].map((mark) =>
          mark.getAttribute('data-provider-mark'),
        ),
      ).toEqual(['google', 'apple', 'microsoft', 'github', 'generic']),
    );
  },
};

/** Waiting for the provider's window: busy and disabled. */
export const Pending: Story = {
  parameters: { pending: true },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', {
      name: en.oauth.continueWith('Google'),
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toHaveTextContent(en.oauth.pending('Google'));
  },
};

/** The person closed the provider's window: `data-state="error"`, enabled again. */
export const Cancelled: Story = {
  parameters: { cancel: true },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', {
      name: en.oauth.continueWith('Google'),
    });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'error'));
    await expect(button).toBeEnabled();
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
