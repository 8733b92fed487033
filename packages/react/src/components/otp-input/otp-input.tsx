import {
  type ChangeEvent,
  type ClipboardEvent,
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { composeEventHandlers } from '../../primitives/compose-event-handlers.js';
import { composeRefs } from '../../primitives/compose-refs.js';
import { cssomStyle } from '../../primitives/cssom-style.js';
import { Slot } from '../../primitives/slot.js';
import { useControllableState } from '../../primitives/use-controllable-state.js';

/** What each visual slot needs to draw itself (input-otp's slot model). */
export interface OtpSlotState {
  char: string | null;
  isActive: boolean;
  hasFakeCaret: boolean;
}

interface OtpContextValue {
  slots: OtpSlotState[];
  disabled: boolean;
  invalid: boolean;
}

const OtpContext = /* @__PURE__ */ createContext<OtpContextValue | null>(null);

function useOtpContext(part: string): OtpContextValue {
  const context = useContext(OtpContext);
  if (context === null) {
    throw new Error(`<OtpInput.${part}> must be used within <OtpInput.Root>.`);
  }
  return context;
}

/** Keeps only the characters the code may contain and cuts it to `maxLength`. */
export function sanitizeOtp(text: string, maxLength: number, alphanumeric = false): string {
  const allowed = alphanumeric ? /[^0-9A-Za-z]/g : /[^0-9]/g;
  const cleaned = text.replace(allowed, '');
  return (alphanumeric ? cleaned.toUpperCase() : cleaned).slice(0, maxLength);
}

/** Props of `OtpInput.Root`: the native input's attributes plus the code's value and callbacks. */
export interface OtpInputRootProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'defaultValue' | 'onChange' | 'maxLength' | 'children' | 'pattern'
  > {
  /** Number of characters of a complete code. @defaultValue 6 */
  maxLength?: number;
  /** Controlled value. @see https://developer.mozilla.org/docs/Web/HTML/Element/input#value */
  value?: string;
  /** Initial value when uncontrolled. @defaultValue '' */
  defaultValue?: string;
  /** Called with the sanitised value on every change. */
  onValueChange?: (value: string) => void;
  /** Called once the code reaches `maxLength` characters (typing, paste or OS autofill). */
  onComplete?: (value: string) => void;
  /** Accept letters as well as digits (some services issue alphanumeric codes). @defaultValue false */
  alphanumeric?: boolean;
  /** Marks the code as rejected: sets `aria-invalid` and `data-invalid`. @defaultValue false */
  invalid?: boolean;
  /** Props of the wrapping element (`role="group"`). */
  containerProps?: ComponentPropsWithoutRef<'div'> & { 'data-testid'?: string };
  /** The visual slots: usually `<OtpInput.Group>` with `<OtpInput.Slot>`s. */
  children?: ReactNode;
}

// The native input lies over the slots, invisible but focusable: set through the CSSOM, not as a
// `style` attribute (cssom-style.ts; strict CSP with SSR), and repeated in styles.css.
const overlayInput = cssomStyle({
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  opacity: '0',
  border: '0',
  padding: '0',
  margin: '0',
  'font-size': '16px', // iOS zooms into inputs smaller than 16px
  'letter-spacing': '-0.5em',
  'caret-color': 'transparent',
  background: 'transparent',
  color: 'transparent',
  outline: 'none',
});
const positionedRoot = cssomStyle({ position: 'relative' });
const passThrough = cssomStyle({ 'pointer-events': 'none' });

/**
 * A one-time-code field: one native `<input autocomplete="one-time-code" inputmode="numeric">`
 * under visual slots, so typing, paste and the OS's SMS/email autofill of the whole code all go
 * through the platform's own input. Exposes `data-state` (`empty` | `partial` | `complete`),
 * `data-invalid`, `data-disabled` and `data-readonly` on the group. Prefer `readOnly` to
 * `disabled` while a code is checked: a disabled field loses focus.
 *
 * @example
 * <OtpInput.Root aria-label="Verification code" onComplete={submit}>
 *   <OtpInput.Group>{[0, 1, 2, 3, 4, 5].map((i) => <OtpInput.Slot key={i} index={i} />)}</OtpInput.Group>
 * </OtpInput.Root>
 */
export const OtpInputRoot = /* @__PURE__ */ forwardRef<HTMLInputElement, OtpInputRootProps>(
  function OtpInputRoot(
    {
      maxLength = 6,
      value: valueProp,
      defaultValue = '',
      onValueChange,
      onComplete,
      alphanumeric = false,
      invalid = false,
      disabled = false,
      readOnly = false,
      containerProps,
      children,
      onFocus,
      onBlur,
      onSelect,
      onKeyUp,
      onPaste,
      ...inputProps
    },
    ref,
  ) {
    const [value, setValue] = useControllableState({
      value: valueProp,
      defaultValue,
      onChange: onValueChange,
      name: 'OtpInput',
    });
    const inputRef = useRef<HTMLInputElement | null>(null);
    const [focused, setFocused] = useState(false);
    const [selection, setSelection] = useState<number>(value.length);
    const lastCompleted = useRef<string | null>(null);
    // A parent that clears the field (e.g. after a wrong code) re-arms onComplete for the same code.
    if (value.length < maxLength) {
      lastCompleted.current = null;
    }

    const commit = useCallback(
      (raw: string) => {
        const next = sanitizeOtp(raw, maxLength, alphanumeric);
        setValue(next);
        setSelection(Math.min(next.length, maxLength - 1));
        if (next.length === maxLength && lastCompleted.current !== next) {
          lastCompleted.current = next;
          onComplete?.(next);
        } else if (next.length < maxLength) {
          lastCompleted.current = null;
        }
      },
      [alphanumeric, maxLength, onComplete, setValue],
    );

    const syncSelection = () => {
      const input = inputRef.current;
      if (input !== null) {
        setSelection(Math.min(input.selectionStart ?? value.length, maxLength - 1));
      }
    };

    const slots = useMemo<OtpSlotState[]>(
      () =>
        Array.from({ length: maxLength }, (_, index) => {
          const char = value[index] ?? null;
          const isActive = focused && index === Math.min(selection, value.length, maxLength - 1);
          return { char, isActive, hasFakeCaret: isActive && char === null };
        }),
      [focused, maxLength, selection, value],
    );

    const state =
      value.length === 0 ? 'empty' : value.length === maxLength ? 'complete' : 'partial';
    const context = useMemo(() => ({ slots, disabled, invalid }), [slots, disabled, invalid]);
    // Read-only (e.g. while the code is checked) keeps focus in the field, where `disabled` would
    // drop it to the page: the next code can be typed after a failure without a click.

    return (
      <OtpContext.Provider value={context}>
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend and form semantics; the group only labels one input */}
        <div
          role="group"
          {...containerProps}
          data-state={state}
          data-invalid={invalid ? '' : undefined}
          data-disabled={disabled ? '' : undefined}
          data-readonly={readOnly ? '' : undefined}
          data-otp-root=""
          ref={positionedRoot}
        >
          <div aria-hidden="true" data-otp-slots="" ref={passThrough}>
            {children}
          </div>
          <input
            {...inputProps}
            ref={composeRefs(ref, inputRef, overlayInput)}
            value={value}
            maxLength={maxLength}
            disabled={disabled}
            readOnly={readOnly}
            aria-invalid={invalid || undefined}
            autoComplete="one-time-code"
            inputMode={alphanumeric ? 'text' : 'numeric'}
            pattern={alphanumeric ? `[0-9A-Za-z]{${maxLength}}` : `\\d{${maxLength}}`}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            data-otp-input=""
            onChange={(event: ChangeEvent<HTMLInputElement>) => commit(event.currentTarget.value)}
            onPaste={composeEventHandlers(onPaste, (event: ClipboardEvent<HTMLInputElement>) => {
              // A pasted "123 456" or "123-456" becomes the whole code, replacing what was typed.
              event.preventDefault();
              if (!readOnly) {
                commit(event.clipboardData.getData('text'));
              }
            })}
            onFocus={composeEventHandlers(onFocus, () => {
              setFocused(true);
              syncSelection();
            })}
            onBlur={composeEventHandlers(onBlur, () => setFocused(false))}
            onSelect={composeEventHandlers(onSelect, syncSelection)}
            onKeyUp={composeEventHandlers(onKeyUp, syncSelection)}
          />
        </div>
      </OtpContext.Provider>
    );
  },
);

/** Props of `OtpInput.Group`. */
export interface OtpInputGroupProps extends ComponentPropsWithoutRef<'div'> {
  /** Render the consumer's element instead of a `div`. @defaultValue false */
  asChild?: boolean;
}

/** Lays out a run of slots; purely visual (the group is hidden from assistive technology). */
export const OtpInputGroup = /* @__PURE__ */ forwardRef<HTMLDivElement, OtpInputGroupProps>(
  function OtpInputGroup({ asChild = false, ...props }, ref) {
    const Component = asChild ? Slot : 'div';
    return (
      <Component
        data-otp-group=""
        {...(props as ComponentPropsWithoutRef<'div'>)}
        ref={ref as Ref<HTMLDivElement & HTMLElement>}
      />
    );
  },
);

/** Props of `OtpInput.Slot`. */
export interface OtpInputSlotProps extends ComponentPropsWithoutRef<'div'> {
  /** Which character of the code this slot shows (0-based). */
  index: number;
  /** Render the consumer's element instead of a `div`. @defaultValue false */
  asChild?: boolean;
}

/**
 * One character box. `data-state` is `active` or `inactive`; `data-filled` when it holds a
 * character; `data-fake-caret` while it is the empty active box.
 */
export const OtpInputSlot = /* @__PURE__ */ forwardRef<HTMLDivElement, OtpInputSlotProps>(
  function OtpInputSlot({ index, asChild = false, children, ...props }, ref) {
    const { slots, invalid } = useOtpContext('Slot');
    const slot = slots[index] ?? { char: null, isActive: false, hasFakeCaret: false };
    const Component = asChild ? Slot : 'div';
    return (
      <Component
        data-otp-slot=""
        data-state={slot.isActive ? 'active' : 'inactive'}
        data-filled={slot.char === null ? undefined : ''}
        data-fake-caret={slot.hasFakeCaret ? '' : undefined}
        data-invalid={invalid ? '' : undefined}
        {...(props as ComponentPropsWithoutRef<'div'>)}
        ref={ref as Ref<HTMLDivElement & HTMLElement>}
      >
        {children ?? slot.char ?? (slot.hasFakeCaret ? <span data-otp-caret="" /> : null)}
      </Component>
    );
  },
);

/** Compound parts: `OtpInput.Root`, `OtpInput.Group`, `OtpInput.Slot`. */
export const OtpInput = {
  Root: OtpInputRoot,
  Group: OtpInputGroup,
  Slot: OtpInputSlot,
};
