import {
  Children,
  cloneElement,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { composeRefs } from './compose-refs.js';

/** Props of `Slot`: any HTML attributes, merged into its only child. */
export interface SlotProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode;
}

type ElementWithRef = ReactElement<Record<string, unknown> & { ref?: Ref<HTMLElement> }> & {
  ref?: Ref<HTMLElement>;
};

function isWarningGetter(target: object, key: string): boolean {
  const getter = Object.getOwnPropertyDescriptor(target, key)?.get as
    | { isReactWarning?: boolean }
    | undefined;
  return getter?.isReactWarning === true;
}

/**
 * The child's own ref: `element.ref` in React 18, `element.props.ref` in React 19, read without
 * touching the getter each version warns about (Radix `getElementRef`).
 */
function getElementRef(element: ElementWithRef): Ref<HTMLElement> | undefined {
  if (isWarningGetter(element.props, 'ref')) {
    return element.ref;
  }
  if (isWarningGetter(element, 'ref')) {
    return element.props.ref;
  }
  return element.props.ref ?? element.ref;
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
export const Slot = forwardRef<HTMLElement, SlotProps>(function Slot({ children, ...props }, ref) {
  const child = Children.only(children);
  if (!isValidElement(child)) {
    throw new Error('asChild expects exactly one React element as its child.');
  }
  const element = child as ElementWithRef;
  return cloneElement(element, {
    ...mergeProps(props as Record<string, unknown>, element.props),
    ref: composeRefs(ref, getElementRef(element)),
  });
});
