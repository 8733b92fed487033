import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { OtpInput, sanitizeOtp } from './otp-input.js';

function renderOtp(props: Partial<Parameters<typeof OtpInput.Root>[0]> = {}) {
  const onComplete = vi.fn();
  const onValueChange = vi.fn();
  const utils = render(
    <div>
      <span id="otp-label">Verification code</span>
      <OtpInput.Root
        aria-labelledby="otp-label"
        containerProps={{ 'data-testid': 'otp' }}
        onComplete={onComplete}
        onValueChange={onValueChange}
        {...props}
      >
        <OtpInput.Group>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <OtpInput.Slot key={i} index={i} data-testid={`slot-${i}`} />
          ))}
        </OtpInput.Group>
      </OtpInput.Root>
    </div>,
  );
  return {
    ...utils,
    onComplete,
    onValueChange,
    input: screen.getByRole('textbox', { name: 'Verification code' }),
  };
}

/** A parent that owns the value and can clear it, as a sign-in form does after a wrong code. */
function ControlledOtp({ onComplete }: { onComplete: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput.Root
        aria-label="Code"
        value={value}
        onValueChange={setValue}
        onComplete={onComplete}
      >
        <OtpInput.Group>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <OtpInput.Slot key={i} index={i} />
          ))}
        </OtpInput.Group>
      </OtpInput.Root>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

afterEach(cleanup);

describe('OtpInput', () => {
  it('given the default props, should render one native input with the one-time-code hints and no axe violations', async () => {
    const { input, container } = renderOtp();
    expect(input).toHaveProperty('autocomplete', 'one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(input.getAttribute('pattern')).toBe('\\d{6}');
    expect(screen.getByTestId('otp').getAttribute('data-state')).toBe('empty');
    await expectNoAxeViolations(container);
  });

  it('UI-08: given a mounted field, should lay the native input over the slots through the CSSOM (no style attribute to block) and keep a style the integrator passes', () => {
    const { input } = renderOtp({ style: { opacity: '0.5' } });
    expect(input.style.getPropertyValue('position')).toBe('absolute');
    expect(input.style.getPropertyValue('caret-color')).toBe('transparent');
    expect(input.style.getPropertyValue('opacity')).toBe('0.5');
    expect(screen.getByTestId('otp').style.getPropertyValue('position')).toBe('relative');
  });

  it('given typed digits, should fill the slots and call onComplete once with the whole code', async () => {
    const user = userEvent.setup();
    const { input, onComplete } = renderOtp();
    await user.click(input);
    await user.keyboard('12a3');
    expect(screen.getByTestId('otp').getAttribute('data-state')).toBe('partial');
    expect(screen.getByTestId('slot-2').textContent).toBe('3');
    expect(screen.getByTestId('slot-2').hasAttribute('data-filled')).toBe(true);
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(screen.getByTestId('otp').getAttribute('data-state')).toBe('complete');
  });

  it('given a pasted code with spaces and dashes, should keep only the digits and complete', () => {
    const { input, onComplete } = renderOtp();
    act(() => {
      fireEvent.paste(input, { clipboardData: { getData: () => ' 123-456 ' } });
    });
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect((input as HTMLInputElement).value).toBe('123456');
  });

  it('given an OS autofill that sets the whole value at once, should complete', () => {
    const { input, onComplete } = renderOtp();
    fireEvent.change(input, { target: { value: '000000' } });
    expect(onComplete).toHaveBeenCalledWith('000000');
  });

  it('given a paste longer than the code, should cut it to maxLength', () => {
    const { input, onValueChange } = renderOtp();
    fireEvent.paste(input, { clipboardData: { getData: () => '1234567890' } });
    expect(onValueChange).toHaveBeenLastCalledWith('123456');
  });

  it('given invalid, should mark the input aria-invalid and the group data-invalid', async () => {
    const { input, container } = renderOtp({ invalid: true });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('otp').hasAttribute('data-invalid')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('given disabled, should disable the native input', () => {
    const { input } = renderOtp({ disabled: true });
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('otp').hasAttribute('data-disabled')).toBe(true);
  });

  it('given a consumer onPaste that prevents default, should skip the built-in paste handling', () => {
    const { input, onValueChange } = renderOtp({ onPaste: (event) => event.preventDefault() });
    fireEvent.paste(input, { clipboardData: { getData: () => '123456' } });
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('given the parent clears a rejected code, should submit the same code again when it is pasted again', () => {
    const onComplete = vi.fn();
    render(<ControlledOtp onComplete={onComplete} />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    fireEvent.paste(input, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.paste(input, { clipboardData: { getData: () => '123456' } });
    expect(onComplete).toHaveBeenCalledTimes(2);
  });

  it('given a Slot outside a Root, should throw a message naming the parts', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<OtpInput.Slot index={0} />)).toThrow(
      '<OtpInput.Slot> must be used within <OtpInput.Root>.',
    );
  });
});

describe('sanitizeOtp', () => {
  it('given mixed text, should keep digits only, or upper-cased alphanumerics when allowed', () => {
    expect(sanitizeOtp('a1 b2-c3', 6)).toBe('123');
    expect(sanitizeOtp('a1 b2-c3', 6, true)).toBe('A1B2C3');
    expect(sanitizeOtp('٣١٢', 6)).toBe('');
  });
});
