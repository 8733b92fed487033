/**
 * Inline styles a part needs to work (an overlaid input, a visually hidden live region), applied
 * through the CSSOM once the element is mounted instead of as a `style` attribute. Server-rendered
 * HTML then carries no `style="…"`, which a Content Security Policy without `'unsafe-inline'` for
 * styles would block (CSP Level 3, `style-src-attr`); changes made through the CSSOM are not
 * governed by that directive, so the same parts work under a strict policy with or without SSR
 * (catalogue UI-08). The kit's stylesheet repeats these rules, so a server-rendered page looks
 * right before hydration too.
 */

/** CSS declarations by property name as written in CSS (`pointer-events`, not `pointerEvents`). */
export type CssDeclarations = Readonly<Record<string, string>>;

/**
 * A ref callback that sets `declarations` on the element. A property the element already has
 * (a `style` prop of the integrator, set by React before refs are attached) is left as it is.
 * @param declarations - The declarations to apply.
 */
export function cssomStyle(declarations: CssDeclarations): (node: HTMLElement | null) => void {
  return (node) => {
    if (node === null) {
      return;
    }
    for (const [property, value] of Object.entries(declarations)) {
      if (node.style.getPropertyValue(property) === '') {
        node.style.setProperty(property, value);
      }
    }
  };
}

/** Hides content visually while keeping it for assistive technology (Radix `VisuallyHidden`). */
export const visuallyHidden = cssomStyle({
  position: 'absolute',
  border: '0',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  'white-space': 'nowrap',
  'word-wrap': 'normal',
});
