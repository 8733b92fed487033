import type { Meta, StoryObj } from '@storybook/react-vite';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES, WalletAuthError } from '@wallet-auth/core';
import { systemClock } from '@wallet-auth/core/primitives';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ERROR_NEXT_ACTIONS } from '../../errors/describe-error.js';
import { en } from '../../i18n/en.js';
import { lightAndDark } from '../../storybook/light-and-dark.js';
import { CountdownNotice } from './countdown-notice.js';
import { ErrorNotice, type ErrorNoticeProps } from './error-notice.js';
import { OfflineNotice } from './offline-notice.js';

/**
 * The notices every part uses to speak to the person. `ErrorNotice` turns any kit error into a
 * sentence and one next step as a button when the part can take it (never as plain text), with the
 * service's reason as plain text; `CountdownNotice` counts down a wait and announces it once;
 * `OfflineNotice` says when the device is offline.
 */
const meta = {
  title: 'Parts/Notices',
  component: ErrorNotice,
  args: {
    error: new WalletAuthError('NETWORK_ERROR', 'fetch failed'),
    onAction: fn(),
  },
} satisfies Meta<ErrorNoticeProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A retryable error with its action button. */
export const RetryableError: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: en.actions.checkConnection }));
    await expect(args.onAction).toHaveBeenCalledWith('checkConnection');
  },
};

/** The service's reason is text, even when it contains markup. */
export const ServerReasonAsText: Story = {
  args: {
    error: new WalletAuthError('UNAUTHORIZED', 'Authentication failed', {
      reason: '<b onmouseover="alert(1)">Invalid OTP code</b>',
    }),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('b')).toBeNull();
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('<b onmouseover');
  },
};

const ALL_CODES = [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES];

/** Every error code of the core, each with its sentence and next action. */
export const EveryErrorCode: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {ALL_CODES.map((code) => (
        <ErrorNotice key={code} {...args} error={new WalletAuthError(code, 'internal')} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const notices = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-error-notice]'));
    await expect(notices).toHaveLength(ALL_CODES.length);
    for (const notice of notices) {
      const code = notice.dataset.errorCode as (typeof ALL_CODES)[number];
      await expect(notice).toHaveTextContent(en.errors[code]);
      await expect(notice.dataset.action).toBe(ERROR_NEXT_ACTIONS[code]);
      // Something stopped on purpose is neutral news; every other code is an alert.
      await expect(notice.getAttribute('role')).toBe(code === 'ABORTED' ? 'status' : 'alert');
    }
  },
};

/** A Retry-After countdown: the time ticks, the wait is announced once. */
export const Countdown: Story = {
  render: () => <CountdownNotice until={systemClock.now() + 90_000} clock={systemClock} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('timer')).toHaveTextContent(
      /1 minute (29|30) seconds/,
    );
  },
};

/** The device is offline. */
export const Offline: Story = {
  render: () => <OfflineNotice offline />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(en.common.offline);
  },
};

/** The light and the dark theme side by side (both checked by axe). */
export const LightAndDark: Story = {
  ...lightAndDark,
};
