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
import { CredentialManager, type CredentialManagerRootProps } from './credential-manager.js';

type Args = CredentialManagerRootProps & EmulatorArgs;

/**
 * The account's sign-in methods: list, add a passkey or a Google account, remove one. The
 * remove button is disabled, with the reason under it, for the last method (the service
 * refuses) and for the method that signed this device in (removal must be approved by another
 * method's session). Every add or remove shows what is being approved first. Parts: `Root`,
 * `List`, `Item`, `ItemHint`, `RemoveButton`, `AddPasskeyButton`, `AddOAuthButton`, `Status`,
 * `Confirm`; rows carry `data-type` and `data-current`.
 */
const meta = {
  title: 'Parts/CredentialManager',
  component: CredentialManager.Root,
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
  ) => {
    const kit = storyKit(context);
    return (
      <KitProviders kit={kit}>
        <CredentialManager.Root {...args} webauthn={kit.webauthn} getIdToken={kit.getIdToken}>
          <CredentialManager.List />
          <div data-actions="">
            <CredentialManager.AddPasskeyButton nickname="YubiKey" />
            <CredentialManager.AddOAuthButton provider="Google" />
          </div>
          <CredentialManager.Status />
          <CredentialManager.Confirm />
        </CredentialManager.Root>
      </KitProviders>
    );
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The only method cannot be removed; the reason is shown and linked to the button. */
export const LastCredential: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const remove = await canvas.findByRole('button', {
      name: en.credentials.remove('ada@example.com'),
    });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(en.credentials.lastOne);
  },
};

/** Several methods: the one that signed this device in is locked; the others can go. */
export const SeveralCredentials: Story = {
  parameters: { kit: { signedIn: true, passkey: true, oauth: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: en.credentials.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const current = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.current !== undefined);
    await expect(current?.dataset.type).toBe('EMAIL_OTP');
    await expect(
      canvas.getByRole('button', { name: en.credentials.remove('MacBook') }),
    ).toBeEnabled();
  },
};

/** Adding a passkey: approve the exact request, then the passkey is listed. */
export const AddPasskey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.passkey.add }));
    const confirm = await canvas.findByRole('region', { name: en.confirm.title });
    await expect(confirm).toHaveTextContent(en.confirm.actions.addCredential);
    await userEvent.click(within(confirm).getByRole('button', { name: en.confirm.approve }));
    await expect(await canvas.findByText(en.passkey.added)).toBeVisible();
    await expect(
      await canvas.findByRole('button', { name: en.credentials.remove('YubiKey') }),
    ).toBeEnabled();
  },
};

/** The person closed the passkey prompt while adding one. */
export const AddPasskeyCancelled: Story = {
  parameters: { kit: { signedIn: true, webauthn: 'cancel' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.passkey.add }));
    await expect(await canvas.findByText(en.passkey.cancelled)).toBeVisible();
  },
};

/** Linking a Google account. */
export const AddGoogle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.oauth.add('Google') }));
    await userEvent.click(await canvas.findByRole('button', { name: en.confirm.approve }));
    const list = canvas.getByRole('list', { name: en.credentials.title });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  },
};

/** Removing a passkey, approved, while the service answers PROCESSING once. */
export const RemoveWhileProcessing: Story = {
  args: { emulatorProcessing: 1 },
  parameters: { kit: { signedIn: true, passkey: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.credentials.remove('MacBook') }),
    );
    await userEvent.click(await canvas.findByRole('button', { name: en.confirm.approve }));
    await expect(await canvas.findByText(en.common.processing)).toBeVisible();
    await waitFor(
      () =>
        expect(canvas.queryByRole('button', { name: en.credentials.remove('MacBook') })).toBeNull(),
      { timeout: 5000 },
    );
  },
};

/** Refusing the approval removes nothing. */
export const RemoveRefused: Story = {
  parameters: { kit: { signedIn: true, passkey: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: en.credentials.remove('MacBook') }),
    );
    await userEvent.click(await canvas.findByRole('button', { name: en.confirm.reject }));
    await waitFor(() =>
      expect(canvas.queryByRole('region', { name: en.confirm.title })).toBeNull(),
    );
    await expect(
      canvas.getByRole('button', { name: en.credentials.remove('MacBook') }),
    ).toBeEnabled();
  },
};

/** Loading the list. */
export const Loading: Story = {
  parameters: { kit: { signedIn: true, hold: [/^GET .*\/auth\/credentials$/] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.common.loading)).toBeVisible();
  },
};

/** The list could not be loaded (the network is down): the error and its next step. */
export const LoadFailed: Story = {
  parameters: { kit: { signedIn: true, networkDown: true } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(en.errors.NETWORK_ERROR);
    await expect(
      within(alert).getByRole('button', { name: en.actions.checkConnection }),
    ).toBeVisible();
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
  parameters: { ...lightAndDark.parameters, kit: { signedIn: true, passkey: true, oauth: true } },
};
