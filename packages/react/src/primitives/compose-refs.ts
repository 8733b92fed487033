import type { Ref, RefCallback } from 'react';

/** Merges several refs (callback or object) into one callback ref. */
export function composeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') {
        ref(node);
      } else if (ref !== null && ref !== undefined) {
        (ref as { current: T | null }).current = node;
      }
    }
  };
}
