import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AccountSecurity } from '../components/account-security/account-security.js';
import { en } from '../i18n/en.js';
import { KitProviders, loadKit, storyKit } from '../storybook/story-kit.js';
import './devtools.css';
import { WalletAuthDevtools, type WalletAuthDevtoolsProps } from './wallet-auth-devtools.js';

/** The panel's props; the store comes from the story's kit. */
type Args = Omit<WalletAuthDevtoolsProps, 'store'>;

/**
 * The kit's developer panel (`@wallet-auth/react/devtools`, styles in
 * `@wallet-auth/react/devtools.css`), beside an account page running on the emulator: the parts
 * on the page and their flow states, signed retries as timelines, every exchange, the session and
 * its key's health. Stamps, codes, tokens and keys are never shown. Add a passkey and approve it
 * to watch a signed retry go from "challenge issued" to "settled".
 */
const meta = {
  title: 'Devtools/WalletAuthDevtools',
  loaders: [loadKit],
  parameters: { themeScope: false, kit: { signedIn: true, devtools: true } },
  args: { title: 'Wallet Auth devtools', initialOpen: true, theme: 'dark' },
  argTypes: {
    theme: { control: 'inline-radio', options: ['dark', 'light'] },
    initialOpen: { control: 'boolean' },
    client: { control: false },
  },
  render: (args, context) => {
    const kit = storyKit(context);
    if (kit.devtools === undefined) {
      throw new Error('The devtools stories need `kit: { devtools: true }`');
    }
    return (
      <KitProviders kit={kit}>
        <div
          style={{
            display: 'grid',
            gap: '1rem',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
            alignItems: 'start',
          }}
        >
          <AccountSecurity webauthn={kit.webauthn} theme="light" />
          <WalletAuthDevtools {...args} store={kit.devtools} />
        </div>
      </KitProviders>
    );
  },
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in by email code: the session, its key and the sign-in's signed retry. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('complementary', {
      name: 'Wallet Auth devtools',
    });
    await waitFor(() =>
      expect(within(panel).getByRole('region', { name: 'Session key' })).toHaveTextContent(
        'non-extractable',
      ),
    );
    await expect(within(panel).getByRole('list', { name: 'Signed retries' })).toHaveTextContent(
      'settled',
    );
  },
};

/** A passkey added and approved: the retry's timeline and the parts' states follow live. */
export const WatchASignedRetry: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('complementary', { name: 'Wallet Auth devtools' });
    await userEvent.click(await canvas.findByRole('button', { name: en.passkey.add }));
    const confirm = await canvas.findByRole('region', { name: en.confirm.title });
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'Flows on this page' })).toHaveTextContent(
        'SignedActionConfirm (addCredential)',
      ),
    );
    await expect(within(panel).getByRole('list', { name: 'Signed retries' })).toHaveTextContent(
      'waiting for the stamp',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: en.confirm.approve }));
    await waitFor(() =>
      expect(
        within(panel).getByRole('list', { name: 'Signed retries' }).querySelector('li'),
      ).toHaveAttribute('data-stage', 'settled'),
    );
  },
};

/** The light panel. */
export const Light: Story = { args: { theme: 'light' } };
