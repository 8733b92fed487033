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
import { SessionList, type SessionListRootProps } from './session-list.js';

type Args = SessionListRootProps & EmulatorArgs;

/**
 * Where the account is signed in. This device comes first, named by its browser and system and
 * marked "This device" (`data-current`); the others say how they signed in and when they were
 * last active (the service's records name no device), or that they are an earlier session of
 * this browser; each can be signed out, or all of them at once. Signing out this device's row
 * signs this device out. Parts: `Root`, `List`, `Item`, `RevokeButton`, `RevokeOthersButton`,
 * `Status`.
 */
const meta = {
  title: 'Parts/SessionList',
  component: SessionList.Root,
  loaders: [loadKit],
  parameters: { kit: { signedIn: true, otherDevices: 2 } },
  args: { ...emulatorArgs },
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
      <SessionList.Root {...args} />
    </KitProviders>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

const rows = async (canvasElement: HTMLElement, count: number) => {
  const list = await within(canvasElement).findByRole('list', { name: en.sessions.title });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(count));
  return within(list).getAllByRole('listitem');
};

/** Three devices, this one first, named by its browser and marked; the others apart by date. */
export const ThreeDevices: Story = {
  play: async ({ canvasElement }) => {
    const [first, second] = await rows(canvasElement, 3);
    await expect(first).toHaveAttribute('data-current');
    await expect(first).toHaveTextContent(en.common.thisDevice);
    await expect(first).toHaveTextContent(en.sessions.activeNow);
    await expect(within(first!).getByRole('button')).toHaveTextContent(
      en.sessions.signOutThisDevice,
    );
    await expect(second).toHaveTextContent(en.sessions.otherDevice);
    await expect(second).toHaveTextContent(/Last active/);
  },
};

/** Only this device: nothing else to sign out. */
export const OnlyThisDevice: Story = {
  parameters: { kit: { signedIn: true, otherDevices: 0 } },
  play: async ({ canvasElement }) => {
    await rows(canvasElement, 1);
    await expect(
      within(canvasElement).getByRole('button', { name: en.sessions.revokeOthers }),
    ).toBeDisabled();
  },
};

/** Signing out another device leaves this one and the rest. */
export const RevokeOne: Story = {
  play: async ({ canvasElement }) => {
    const list = await rows(canvasElement, 3);
    const other = list.find((row) => row.dataset.current === undefined)!;
    await userEvent.click(within(other).getByRole('button'));
    await rows(canvasElement, 2);
  },
};

/** "Sign out all other sessions", while the service answers PROCESSING once per sign-out. */
export const RevokeOthersWhileProcessing: Story = {
  args: { emulatorProcessing: 1 },
  parameters: { kit: { signedIn: true, otherDevices: 1 } },
  play: async ({ canvasElement }) => {
    await rows(canvasElement, 2);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.sessions.revokeOthers }));
    await expect(
      await canvas.findByText(en.sessions.revokedOthers, undefined, { timeout: 8000 }),
    ).toBeVisible();
    await rows(canvasElement, 1);
  },
};

/** Loading the list. */
export const Loading: Story = {
  parameters: { kit: { signedIn: true, otherDevices: 0, hold: [/^GET .*\/auth\/sessions$/] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(en.common.loading)).toBeVisible();
  },
};

/** The list could not be loaded. */
export const LoadFailed: Story = {
  parameters: { kit: { signedIn: true, otherDevices: 0, networkDown: true } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      en.errors.NETWORK_ERROR,
    );
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
