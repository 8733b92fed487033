import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { KitProviders, loadKit, storyKit } from '../../storybook/story-kit.js';
import { WalletCard, type WalletCardRootProps } from './wallet-card.js';

/**
 * The embedded wallet's balance, read from the customer's internal accounts and formatted with
 * `Intl` for the person's language (amounts arrive as integers in the currency's smallest unit).
 * Shows the total as well when pending funds make it differ, and the account's status in words.
 * Parts: `Root`, `Title`, `Balance`, `Status`; `data-state` and `data-status` on the root.
 */
const meta = {
  title: 'Parts/WalletCard',
  component: WalletCard.Root,
  loaders: [loadKit],
  render: (args, context) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <WalletCard.Root {...args} customerId={kit.customerId} accountId={kit.accountId} />
      </KitProviders>
    );
  },
} satisfies Meta<WalletCardRootProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A funded wallet. */
export const Funded: Story = {
  parameters: { kit: { fund: { amount: 1_234_560_000 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1,234.56 USDC')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(en.wallet.status.ACTIVE);
  },
};

/** Funds on their way: the total is shown beside the available balance. */
export const WithPendingFunds: Story = {
  parameters: { kit: { fund: { amount: 5_000_000, pending: 2_500_000 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('5.00 USDC')).toBeVisible();
    await expect(canvas.getByText(en.wallet.total)).toBeVisible();
    await expect(canvas.getByText('7.50 USDC')).toBeVisible();
  },
};

/** A new, empty wallet. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('0.00 USDC')).toBeVisible();
  },
};

/** The wallet is still being set up (PENDING). */
export const BeingSetUp: Story = {
  parameters: { kit: { activationSeconds: 3600 } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.wallet.status.PENDING)).toBeVisible();
  },
};

/** French number formatting. */
export const InFrench: Story = {
  globals: { locale: 'fr' },
  parameters: { kit: { fund: { amount: 1_234_560_000 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText((text) => text.replace(/\s/g, ' ') === '1 234,56 USDC'),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(fr.wallet.status.ACTIVE);
  },
};

/** Loading. */
export const Loading: Story = {
  parameters: { kit: { hold: [/internal-accounts$/] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.common.loading)).toBeVisible();
  },
};

/** The accounts could not be loaded. */
export const LoadFailed: Story = {
  parameters: { kit: { networkDown: true } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      en.errors.NETWORK_ERROR,
    );
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
  parameters: { ...lightAndDark.parameters, kit: { fund: { amount: 1_234_560_000 } } },
};
