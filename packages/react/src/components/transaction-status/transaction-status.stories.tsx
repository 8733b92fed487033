import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { KitProviders, loadKit, storyKit } from '../../storybook/story-kit.js';
import { TransactionStatus, type TransactionStatusProps } from './transaction-status.js';

/**
 * A transaction's state after a transfer executes (`GET /transactions/{transactionId}`): its
 * status, what left and what arrived in both currencies, and when it settled; read again while
 * PENDING or PROCESSING. `data-state` carries the status. Here: 12.50 USDC cashed out to the
 * customer's USD account through the in-page emulator.
 */
const meta = {
  title: 'Parts/TransactionStatus',
  component: TransactionStatus,
  loaders: [loadKit],
  parameters: { kit: { signedIn: true, fund: { amount: 50_000_000 }, cashOut: 12_500_000 } },
  args: { transactionId: undefined },
  render: (args, context) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <TransactionStatus
          {...args}
          transactionId={args.transactionId ?? kit.added.transactionId}
        />
      </KitProviders>
    );
  },
} satisfies Meta<TransactionStatusProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A completed cash-out: both amounts, both currencies. */
export const Completed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(en.wallet.transaction.status.COMPLETED)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      en.wallet.transaction.amounts('12.50 USDC', '$12.50'),
    );
  },
};

/** In French. */
export const French: Story = {
  render: (args, context) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <TransactionStatus {...args} transactionId={kit.added.transactionId} messages={fr} />
      </KitProviders>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(fr.wallet.transaction.status.COMPLETED),
    ).toBeVisible();
  },
};

/** An id the service does not know: the reason, and no step to take. */
export const Unknown: Story = {
  args: { transactionId: 'Transaction:6ba7b810-9dad-41d1-80b4-00c04fd430c8' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(en.errors.NOT_FOUND);
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
