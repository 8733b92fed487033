import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Quote, StampSubject } from '@wallet-auth/core';
import { expect, fn, userEvent, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { describeActivity } from '../../signed-action/describe-activity.js';
import type { PendingConfirmation } from '../../signed-action/use-stamp-confirmation.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { SignedActionConfirm, type SignedActionConfirmRootProps } from './signed-action-confirm.js';

const payload = (type: string, parameters: Record<string, unknown> = {}) =>
  JSON.stringify({ organizationId: 'org', parameters, timestampMs: '1768478400000', type });

function pending(payloadToSign: string, subject?: StampSubject): PendingConfirmation {
  return {
    payloadToSign,
    activity: describeActivity(payloadToSign, subject),
    subject,
    approve: fn(),
    reject: fn(),
  };
}

const usdc = { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 };
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 };
const transferPayload = payload('ACTIVITY_TYPE_SIGN_TRANSACTION_V2', {
  signWith: '0x5c2d',
  type: 'TRANSACTION_TYPE_ETHEREUM',
  unsignedTransaction: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
});

/** A quote as the service makes it: `lifetimeMs` from now, cross-currency unless told. */
function quote(overrides: Partial<Quote> = {}, lifetimeMs = 300_000): Quote {
  const now = Date.now();
  return {
    id: 'Quote:6ba7b810-9dad-41d1-80b4-00c04fd430c8',
    status: 'PENDING',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + lifetimeMs).toISOString(),
    source: {
      sourceType: 'ACCOUNT',
      accountId: 'InternalAccount:0f8fad5b-d9cb-469f-a165-70867728950e',
    },
    destination: {
      destinationType: 'ACCOUNT',
      accountId: 'InternalAccount:7c9e6679-7425-40de-944b-e07fc1f9c8d2',
    },
    sendingCurrency: usdc,
    receivingCurrency: usd,
    totalSendingAmount: 12_500_000,
    totalReceivingAmount: 1_250,
    exchangeRate: 1,
    feesIncluded: 0,
    ...overrides,
  };
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

/**
 * Cashing out to the customer's own USD account: what leaves the wallet, what arrives, the rate,
 * the fees, the destination and the quote's countdown — all from the quote the payload belongs
 * to (catalogue UI-21).
 */
export const CrossCurrencyTransfer: Story = {
  args: {
    confirmation: pending(transferPayload, {
      kind: 'transfer',
      quote: quote(),
      destinationAccount: {
        id: 'InternalAccount:7c9e6679-7425-40de-944b-e07fc1f9c8d2',
        customerId: 'Customer:9b2d0f1e-6c3a-4e1b-8a7d-2f5c4b3a1e0d',
        type: 'INTERNAL_FIAT',
        status: 'ACTIVE',
        balance: { amount: 0, currency: usd },
        totalBalance: { amount: 0, currency: usd },
        fundingPaymentInstructions: [],
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      destinationName: undefined,
    }),
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: en.confirm.title });
    await expect(region).toHaveTextContent(en.confirm.actions.transfer);
    await expect(region).toHaveTextContent('12.50 USDC');
    await expect(region).toHaveTextContent('$12.50');
    await expect(region).toHaveTextContent('1 USDC = 1 USD');
    await expect(region).toHaveTextContent(en.confirm.transfer.ownAccount('USD'));
    await expect(region).toHaveTextContent(/expires in \d+ minutes?/);
  },
};

/** Paying a shop in the wallet's own currency: no rate line; the destination as the app named it. */
export const Transfer: Story = {
  args: {
    confirmation: pending(transferPayload, {
      kind: 'transfer',
      quote: quote({ receivingCurrency: usdc, totalReceivingAmount: 12_500_000 }),
      destinationAccount: undefined,
      destinationName: 'Demo shop',
    }),
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: en.confirm.title });
    await expect(region).toHaveTextContent('Demo shop');
    await expect(region).not.toHaveTextContent(en.confirm.transfer.rate);
  },
};

/** A quote that lapsed while the approval was open: Approve is disabled and the alert says why. */
export const ExpiredQuote: Story = {
  args: {
    confirmation: pending(transferPayload, {
      kind: 'transfer',
      quote: quote({}, -1_000),
      destinationAccount: undefined,
      destinationName: 'Demo shop',
    }),
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: en.confirm.title });
    await expect(within(region).getByRole('alert')).toHaveTextContent(en.confirm.transfer.expired);
    await expect(within(region).getByRole('button', { name: en.confirm.approve })).toBeDisabled();
  },
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
