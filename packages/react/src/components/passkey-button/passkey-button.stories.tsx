import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { KitProviders, loadKit, storyKit } from '../../storybook/story-kit.js';
import { PasskeyButton, type PasskeyButtonProps } from './passkey-button.js';

/**
 * One button that signs in with a passkey. While the browser's prompt is open it is disabled
 * and busy; when the person closes the prompt it can be pressed again; on a browser without
 * passkeys it is disabled and marked `data-unsupported`. States show as `data-state`
 * (`idle` · `pending` · `success` · `error`). Stories inject the passkey prompt (a software
 * authenticator, or one that is dismissed) through the `webauthn` prop, never by replacing the
 * browser's.
 */
const meta = {
  title: 'Parts/PasskeyButton',
  component: PasskeyButton,
  loaders: [loadKit],
  parameters: { kit: { passkey: true } },
  args: { credentialId: '', disabled: false, onSuccess: fn(), onError: fn() },
  argTypes: {
    disabled: {
      control: 'boolean',
      description: 'Blocks the button (it also blocks itself while pending).',
    },
  },
  render: (args, context) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <PasskeyButton {...args} credentialId={kit.added.passkey ?? ''} webauthn={kit.webauthn} />
      </KitProviders>
    );
  },
} satisfies Meta<PasskeyButtonProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ready: `data-state="idle"`. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: en.passkey.signIn });
    await expect(button).toHaveAttribute('data-state', 'idle');
  },
};

/** Pressing it runs the ceremony and signs in: `data-state="success"`, `onSuccess(session)`. */
export const SignsIn: Story = {
  play: async ({ canvasElement, args }) => {
    const button = await within(canvasElement).findByRole('button', { name: en.passkey.signIn });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'success'));
    await expect(args.onSuccess).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSKEY' }));
  },
};

/** The prompt is open: disabled, `aria-busy`, `data-state="pending"`. */
export const Pending: Story = {
  parameters: { kit: { passkey: true, webauthn: 'pending' } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: en.passkey.signIn });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'pending'));
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** The person closed the prompt: `data-state="error"`, enabled again, no `onError`. */
export const Cancelled: Story = {
  parameters: { kit: { passkey: true, webauthn: 'cancel' } },
  play: async ({ canvasElement, args }) => {
    const button = await within(canvasElement).findByRole('button', { name: en.passkey.signIn });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'error'));
    await expect(button).toBeEnabled();
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** No passkeys in this browser: disabled with `data-unsupported`. */
export const Unsupported: Story = {
  parameters: { kit: { passkey: true, webauthn: 'unsupported' } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: en.passkey.signIn });
    await waitFor(() => expect(button).toHaveAttribute('data-unsupported'));
    await expect(button).toBeDisabled();
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
