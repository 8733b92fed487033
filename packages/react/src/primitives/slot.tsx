import {
  Children,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { composeRefs } from './compose-refs.js';

export interface SlotProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}

function mergeProps(
  slotProps: Record<string, unknown>,
  childProps: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const key of Object.keys(slotProps)) {
    const ours = slotProps[key];
    const theirs = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        ours(...args);
      };
    } else if (key === 'style' && typeof ours === 'object' && typeof theirs === 'object') {
      merged[key] = { ...ours, ...theirs };
    } else if (key === 'className' && typeof ours === 'string' && typeof theirs === 'string') {
      merged[key] = `${ours} ${theirs}`;
    }
  }
  return merged;
}

/**
 * Renders its only child with the part's props merged in (`asChild`, Radix `Slot`). Throws in
 * development when given anything but exactly one element.
 */
export function Slot({ children, ref, ...props }: SlotProps) {
  const child = Children.only(children);
  if (!isValidElement(child)) {
    throw new Error('asChild expects exactly one React element as its child.');
  }
  const element = child as ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }>;
  return cloneElement(element, {
    ...mergeProps(props as Record<string, unknown>, element.props),
    ref: composeRefs(ref, element.props.ref),
  });
}
