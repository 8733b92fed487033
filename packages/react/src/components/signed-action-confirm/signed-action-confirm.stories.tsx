import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { describeActivity } from '../../signed-action/describe-activity.js';
import type { PendingConfirmation } from '../../signed-action/use-stamp-confirmation.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { SignedActionConfirm, type SignedActionConfirmRootProps } from './signed-action-confirm.js';

const payload = (type: string, parameters: Record<string, unknown> = {}) =>
  JSON.stringify({ organizationId: 'org', parameters, timestampMs: '1768478400000', type });

function pending(payloadToSign: string): PendingConfirmation {
  return { payloadToSign, activity: describeActivity(payloadToSign), approve: fn(), reject: fn() };
}

/**
 * Shown before this device's session key signs anything: what the request authorises, read from
 * the request itself (so a page cannot reword it), with Approve and Cancel. It appears where
 * placed (no modal) and takes focus. `useSignedAction` and the parts that sign provide the
 * `confirmation`; `data-action` names the action.
 */
const meta = {
  title: 'Parts/SignedActionConfirm',
  component: SignedActionConfirm.Root,
  args: { confirmation: pending(payload('ACTIVITY_TYPE_EXPORT_WALLET', { walletId: 'w' })) },
} satisfies Meta<SignedActionConfirmRootProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Exporting the recovery phrase. */
export const ExportRequest: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: en.confirm.title });
    await expect(region).toHaveTextContent(en.confirm.actions.exportWallet);
    await expect(region).toHaveFocus();
  },
};

/** Changing the email: the new address is shown to check. */
export const ContactChange: Story = {
  args: {
    confirmation: pending(
      payload('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: 'ada@new.example' }),
    ),
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: en.confirm.title });
    await expect(region).toHaveTextContent('ada@new.example');
    await expect(region).toHaveTextContent(en.confirm.facts.email);
  },
};

/** Sending funds. */
export const Transfer: Story = {
  args: { confirmation: pending(payload('ACTIVITY_TYPE_SIGN_TRANSACTION_V2')) },
};

/** A request the kit does not recognise is still shown, as "an action on your wallet". */
export const UnknownRequest: Story = {
  args: { confirmation: pending('not json at all') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region')).toHaveTextContent(
      en.confirm.actions.unknown,
    );
  },
};

/** Approve calls `approve()`. */
export const Approve: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: en.confirm.approve }));
    await expect(args.confirmation?.approve).toHaveBeenCalledTimes(1);
  },
};

/** Cancel calls `reject()`. */
export const Reject: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: en.confirm.reject }));
    await expect(args.confirmation?.reject).toHaveBeenCalledTimes(1);
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
  args: {
    confirmation: pending(
      payload('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: 'ada@example.com' }),
    ),
  },
};
