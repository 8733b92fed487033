import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput } from './otp-input.js';

/**
 * One-time-code entry. One native input carries `autocomplete="one-time-code"` and
 * `inputmode="numeric"`, so the phone's keyboard, paste and the OS's code autofill all work; the
 * boxes are only its picture. States show on the group as `data-state`
 * (`empty` · `partial` · `complete`) and `data-invalid`.
 */
const meta = {
  title: 'Parts/OtpInput',
  component: OtpInput.Root,
  args: {
    onComplete: fn(),
    onValueChange: fn(),
    maxLength: 6,
    disabled: false,
    invalid: false,
    'aria-label': 'Verification code',
  },
  argTypes: {
    disabled: { control: 'boolean', description: 'Blocks typing (while the code is verified).' },
    invalid: { control: 'boolean', description: 'Marks a rejected code (`aria-invalid`).' },
    maxLength: { control: { type: 'number', min: 4, max: 8, step: 1 } },
    defaultValue: { control: 'text' },
  },
  // The slots carry no styles of their own: the kit's stylesheet draws them from their
  // `data-*` attributes, so every state below looks as it will in an app.
  render: (args) => (
    <OtpInput.Root {...args}>
      <OtpInput.Group>
        {Array.from({ length: args.maxLength ?? 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional by definition
          <OtpInput.Slot key={i} index={i} />
        ))}
      </OtpInput.Group>
    </OtpInput.Root>
  ),
} satisfies Meta<typeof OtpInput.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first slot's border, as the stylesheet draws it. */
function firstSlotBorder(canvasElement: HTMLElement): string {
  const slot = canvasElement.querySelector('[data-otp-slot]') as HTMLElement;
  const style = getComputedStyle(slot);
  return `${style.borderTopWidth} ${style.borderTopColor} ${style.backgroundColor}`;
}

/** Empty and waiting for the person to type or paste the code. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(firstSlotBorder(canvasElement)).toMatch(/^1px /);
  },
};

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

/**
 * A rejected code: the field is marked invalid for assistive technology (`aria-invalid`) and for
 * styling (`data-invalid` on every slot: a thicker border in the danger colour, a tinted fill).
 */
export const Invalid: Story = {
  args: { invalid: true, defaultValue: '123456' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await expect(input.getAttribute('aria-invalid')).toBe('true');
    const slots = canvasElement.querySelectorAll('[data-otp-slot][data-invalid]');
    await expect(slots).toHaveLength(6);
    // Not the look of an empty field: 2px in the danger colour instead of 1px in the border's.
    await expect(firstSlotBorder(canvasElement)).toMatch(/^2px /);
  },
};

/** Disabled while the code is being verified. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: '12' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Verification code' });
    await expect(input).toBeDisabled();
    await expect(canvasElement.querySelector('[data-otp-root]')).toHaveAttribute('data-disabled');
  },
};

/** Every state in the light and the dark theme, side by side. */
export const LightAndDark: Story = {
  globals: { theme: 'side-by-side' },
  args: { invalid: true, defaultValue: '1234' },
  play: async ({ canvasElement }) => {
    const themes = [...canvasElement.querySelectorAll('[data-wallet-auth]')].map((scope) =>
      scope.getAttribute('data-theme'),
    );
    await expect(themes).toEqual(['light', 'dark']);
    await expect(canvasElement.querySelectorAll('[data-otp-root]')).toHaveLength(2);
  },
};
