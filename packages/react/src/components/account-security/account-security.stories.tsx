import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { en } from '../../i18n/en.js';
import { fr } from '../../i18n/fr.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import {
  type EmulatorArgs,
  emulatorArgs,
  emulatorArgTypes,
  KitProviders,
  loadKit,
  storyKit,
} from '../../storybook/story-kit.js';
import type { WalletAuthTheme } from '../sign-in/sign-in.js';
import { AccountSecurity, type AccountSecurityProps } from './account-security.js';

type Args = AccountSecurityProps & EmulatorArgs;

/**
 * The account's security page, assembled from the parts: sign-in methods (add a passkey or a
 * Google account, remove one but never the last), where the account is signed in (this device
 * marked, sign the others out), the recovery phrase and signing out. Without a session it says
 * why and offers to sign in.
 */
const meta = {
  title: 'Assembled/AccountSecurity',
  component: AccountSecurity,
  loaders: [loadKit],
  parameters: { themeScope: false, kit: { signedIn: true, passkey: true, otherDevices: 1 } },
  args: { ...emulatorArgs, onSignInRequired: fn(), oauthProvider: 'Google' },
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
        <AccountSecurity
          {...args}
          webauthn={kit.webauthn}
          getIdToken={kit.getIdToken}
          theme={context.globals.theme as WalletAuthTheme}
        />
      </KitProviders>
    );
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in with an email code, a passkey on the account and another device signed in. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const methods = await canvas.findByRole('list', { name: en.credentials.title });
    await waitFor(() => expect(within(methods).getAllByRole('listitem')).toHaveLength(2));
    const sessions = canvas.getByRole('list', { name: en.sessions.title });
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.getByRole('button', { name: en.exportWallet.reveal })).toBeEnabled();
  },
};

/** Signing out returns to the signed-out notice with its sign-in action. */
export const SignOut: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: en.session.signOut }));
    await userEvent.click(await canvas.findByRole('button', { name: en.actions.signIn }));
    await expect(args.onSignInRequired).toHaveBeenCalledTimes(1);
  },
};

/** The session expired: explain and offer to sign in again. */
export const SessionExpired: Story = {
  parameters: { kit: { session: 'expired' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      en.signIn.expired,
    );
  },
};

/** In French, dark theme. */
export const FrenchDark: Story = {
  globals: { locale: 'fr', theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: fr.accountSecurity.title }),
    ).toBeVisible();
    await expect(await canvas.findByRole('list', { name: fr.credentials.title })).toBeVisible();
  },
};

/** Without the stylesheet's scope: the bare parts, for your own styles. */
export const Unstyled: Story = {
  globals: { theme: 'unstyled' },
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', {
      name: en.accountSecurity.title,
    });
    await expect(section).not.toHaveAttribute('data-wallet-auth');
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
