import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput } from './otp-input.js';

const slotStyle = {
  width: '2.5rem',
  height: '3rem',
  display: 'grid',
  placeItems: 'center',
  border: '1px solid #6b7080',
  borderRadius: '8px',
  fontSize: '1.25rem',
  fontFamily: 'ui-monospace, monospace',
  color: '#1c1d21',
  background: '#fff',
};

/**
 * One-time-code entry. One native input carries `autocomplete="one-time-code"` and
 * `inputmode="numeric"`, so the phone's keyboard, paste and the OS's code autofill all work; the
 * boxes are only its picture. States show on the group as `data-state`
 * (`empty` · `partial` · `complete`) and `data-invalid`.
 */
const meta = {
  title: 'Parts/OtpInput',
  component: OtpInput.Root,
  args: { onComplete: fn(), onValueChange: fn(), maxLength: 6, 'aria-label': 'Verification code' },
  render: (args) => (
    <OtpInput.Root {...args}>
      <OtpInput.Group style={{ display: 'flex', gap: '0.5rem' }}>
        {Array.from({ length: args.maxLength ?? 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional by definition
          <OtpInput.Slot key={i} index={i} style={slotStyle} />
        ))}
      </OtpInput.Group>
    </OtpInput.Root>
  ),
} satisfies Meta<typeof OtpInput.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty and waiting for the person to type or paste the code. */
export const Empty: Story = {};

/** Typing digits fills the boxes; the sixth digit submits the code through `onComplete`. */
export const TypeACode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Verification code' });
    await userEvent.click(input);
    await userEvent.keyboard('000000');
    await expect(args.onComplete).toHaveBeenCalledWith('000000');
    await expect(canvasElement.querySelector('[data-otp-root]')?.getAttribute('data-state')).toBe(
      'complete',
    );
  },
};

/** Pasting "123 456" keeps the digits and completes the code. */
export const PasteACode: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await userEvent.click(input);
    await userEvent.paste('123 456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

/** A rejected code: the field is marked invalid for assistive technology and for styling. */
export const Invalid: Story = {
  args: { invalid: true, defaultValue: '123456' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await expect(input.getAttribute('aria-invalid')).toBe('true');
  },
};

/** Disabled while the code is being verified. */
export const Disabled: Story = { args: { disabled: true, defaultValue: '12' } };
