import type { CSSProperties } from 'react';

/** Hides content visually while keeping it for assistive technology (Radix `VisuallyHidden`). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  border: 0,
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  wordWrap: 'normal',
};
