import { useCallback, useRef, useState } from 'react';
import { isDevelopment } from './is-development.js';

/** Options of `useControllableState`. */
export interface UseControllableStateOptions<T> {
  value: T | undefined;
  defaultValue: T;
  onChange: ((value: T) => void) | undefined;
  /** Component name used in the development warning. */
  name: string;
}

/**
 * One value that is either controlled (`value` + `onValueChange`) or uncontrolled
 * (`defaultValue`), as Radix's `useControllableState`. Warns in development when a component
 * switches between the two modes.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
  name,
}: UseControllableStateOptions<T>): [T, (next: T) => void] {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const isControlled = value !== undefined;
  const wasControlled = useRef(isControlled);
  if (wasControlled.current !== isControlled && isDevelopment()) {
    console.warn(
      `${name} is changing from ${wasControlled.current ? 'controlled' : 'uncontrolled'} to ${
        isControlled ? 'controlled' : 'uncontrolled'
      }. Pick one mode for the lifetime of the component.`,
    );
    wasControlled.current = isControlled;
  }
  const current = isControlled ? value : uncontrolled;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const setValue = useCallback(
    (next: T) => {
      if (!isControlled) {
        setUncontrolled(next);
      }
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [current, setValue];
}
