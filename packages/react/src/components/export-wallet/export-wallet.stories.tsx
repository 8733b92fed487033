import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import {
  type EmulatorArgs,
  emulatorArgs,
  emulatorArgTypes,
  KitProviders,
  loadKit,
  storyKit,
} from '../../storybook/story-kit.js';
import { ExportWallet, type ExportWalletRootProps } from './export-wallet.js';

type Args = ExportWalletRootProps & EmulatorArgs;

/**
 * The wallet's recovery phrase, shown only when asked for. A warning is always visible; each
 * reveal is a fresh export the person approves; the phrase is hidden again on request, when the
 * page is hidden, or when the component goes away, and is never stored. Parts: `Root`,
 * `Warning`, `Phrase`, `RevealButton`, `HideButton`, `Status`; `data-state` is `hidden` ·
 * `revealing` · `revealed` · `failed`.
 */
const meta = {
  title: 'Parts/ExportWallet',
  component: ExportWallet.Root,
  loaders: [loadKit],
  parameters: { kit: { signedIn: true } },
  args: { ...emulatorArgs, confirm: true },
  argTypes: emulatorArgTypes,
  render: (
    {
      emulatorProcessing: _p,
      emulatorChallengesPerWindow: _c,
      emulatorVerifyFailuresBeforeLock: _v,
      emulatorSessionLifetimeSeconds: _s,
      ...args
    },
    context,
  ) => (
    <KitProviders kit={storyKit(context)}>
      <ExportWallet.Root {...args} />
    </KitProviders>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden, with the warning. */
export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(en.exportWallet.warning)).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: en.exportWallet.reveal }),
    ).toHaveAccessibleDescription(en.exportWallet.warning);
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Reveal (approved), read the 12 words, hide them again. */
export const RevealAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.exportWallet.reveal }));
    const confirm = await canvas.findByRole('region', { name: en.confirm.title });
    await expect(confirm).toHaveTextContent(en.confirm.actions.exportWallet);
    await userEvent.click(within(confirm).getByRole('button', { name: en.confirm.approve }));
    const phrase = await canvas.findByRole('list', { name: en.exportWallet.phraseLabel });
    await expect(within(phrase).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(canvas.getByRole('button', { name: en.exportWallet.hide }));
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Waiting for the service (PROCESSING once). */
export const Revealing: Story = {
  args: { emulatorProcessing: 1, confirm: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.exportWallet.reveal }));
    await expect(await canvas.findByText(en.common.processing)).toBeVisible();
    await canvas.findByRole('list', { name: en.exportWallet.phraseLabel }, { timeout: 5000 });
  },
};

/** The person refused the approval: nothing was exported. */
export const Refused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.exportWallet.reveal }));
    await userEvent.click(await canvas.findByRole('button', { name: en.confirm.reject }));
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-export-wallet]')).toHaveAttribute(
        'data-state',
        'hidden',
      ),
    );
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** The session expired: say so before anything is sent. */
export const SessionExpired: Story = {
  parameters: { kit: { session: 'expired' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.exportWallet.reveal }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(en.errors.SESSION_EXPIRED);
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
