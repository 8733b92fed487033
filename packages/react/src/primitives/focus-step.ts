import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), button:not([disabled]), a[href], [tabindex="0"]';

/**
 * Whether the kit may move focus: nothing else on the page holds it (focus is on the body, or
 * was lost with an element that left the page) or it is inside `scope` already.
 */
function mayMoveFocus(scope: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (scope?.contains(active) ?? false);
}

/** Options of `useFocusStep`. */
export interface FocusStepOptions {
  /** The part whose focus may be moved. @defaultValue the container */
  scope?: RefObject<HTMLElement | null> | undefined;
  /**
   * What to focus in the step: a selector, or `null` for the step itself (which then needs
   * `tabIndex={-1}`), e.g. while it only says what is happening. @defaultValue the first enabled
   * input, button or link
   */
  target?: string | null;
  /** Also when the container first mounts (a step opened by the person). @defaultValue true */
  onMount?: boolean;
}

/**
 * Puts focus on the first field of a step that just appeared, so the person can go on typing
 * without a click and a screen reader follows the step (catalogue UI-13). Runs when `step`
 * changes; focus held elsewhere on the page (outside the scope) is left alone.
 *
 * @param container - The step's element.
 * @param step - A key that changes with the step (e.g. the flow's status); `undefined` does nothing.
 * @param options - Scope, target and whether the first mount counts.
 */
export function useFocusStep(
  container: RefObject<HTMLElement | null>,
  step: string | undefined,
  options: FocusStepOptions = {},
): void {
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs and options are read when the step changes
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    const element = container.current;
    if (
      step === undefined ||
      element === null ||
      (first && options.onMount === false) ||
      !mayMoveFocus(options.scope?.current ?? element)
    ) {
      return;
    }
    const target =
      options.target === null
        ? null
        : element.querySelector<HTMLElement>(options.target ?? FOCUSABLE);
    (target ?? element).focus();
  }, [step]);
}

/**
 * Focuses an input and selects what it holds, so the next keystrokes replace it (after a failed
 * code), unless focus is held elsewhere on the page.
 * @param input - The field.
 * @param scope - The part whose focus may be moved.
 */
export function focusAndSelect(input: HTMLInputElement | null, scope: Element | null): void {
  if (input === null || !mayMoveFocus(scope)) {
    return;
  }
  input.focus();
  input.select();
}
