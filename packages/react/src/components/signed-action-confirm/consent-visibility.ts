/**
 * Keeps the consent copy of a signed action on screen (reliability catalogue UI-09): the props a
 * host app passes to the confirm parts cannot hide the summary, and Approve checks, at the moment
 * it is pressed, that the summary is really rendered and visible.
 */
import type { CSSProperties } from 'react';

// Inline style members that can make the copy invisible without removing it from the page.
// Layout members (margin, padding, width, grid, flex, colour, font) stay themable.
const hidingStyleKeys = new Set<string>([
  'visibility',
  'opacity',
  'clip',
  'clipPath',
  'mask',
  'maskImage',
  'WebkitMask',
  'WebkitMaskImage',
  'contentVisibility',
  'transform',
  'scale',
  'filter',
]);

/** Props that hide an element from people or assistive technology, never forwarded. */
export interface HidingProps {
  hidden?: unknown;
  'aria-hidden'?: unknown;
  inert?: unknown;
  style?: CSSProperties | undefined;
}

/**
 * Removes `hidden`, `aria-hidden`, `inert` and the visibility-killing members of `style`
 * (`display: none`, `visibility`, `opacity`, clips, masks, transforms, filters) from a part's props.
 * @param props - The props a host passed to a confirm part.
 */
export function withoutHidingProps<Props extends HidingProps>(
  props: Props,
): Omit<Props, 'hidden' | 'aria-hidden' | 'inert' | 'style'> & { style?: CSSProperties } {
  const { hidden: _hidden, 'aria-hidden': _ariaHidden, inert: _inert, style, ...rest } = props;
  if (style === undefined) {
    return rest;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(style)) {
    if (hidingStyleKeys.has(key) || (key === 'display' && value === 'none')) {
      continue;
    }
    kept[key] = value;
  }
  return { ...rest, style: kept as CSSProperties };
}

// Below this combined opacity the copy is not readable, though not strictly transparent.
const minimumOpacity = 0.5;

function hiddenByAttributes(element: Element): boolean {
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (
      node.hasAttribute('hidden') ||
      node.getAttribute('aria-hidden') === 'true' ||
      node.hasAttribute('inert')
    ) {
      return true;
    }
  }
  return false;
}

function hiddenByComputedStyle(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  if (view === null) {
    return true;
  }
  const own = view.getComputedStyle(element);
  // `visibility` is inherited, so the element's own value already reflects its ancestors.
  if (own.visibility === 'hidden' || own.visibility === 'collapse') {
    return true;
  }
  let opacity = 1;
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    const style = view.getComputedStyle(node);
    if (style.display === 'none' || style.contentVisibility === 'hidden') {
      return true;
    }
    const value = Number.parseFloat(style.opacity);
    opacity *= Number.isFinite(value) ? value : 1;
  }
  return opacity < minimumOpacity;
}

/**
 * Tells whether the consent summary is in the document and visible to a person: no `hidden`,
 * `aria-hidden="true"` or `inert` on it or an ancestor, no `display: none`, `visibility: hidden`
 * or near-zero opacity from any style sheet, and — where the browser lays out (it implements
 * `checkVisibility`) — a box with an area (reliability catalogue UI-09).
 * @param element - The summary element, or `null` when none is rendered.
 */
export function isConsentVisible(element: Element | null): boolean {
  if (element === null || !element.isConnected) {
    return false;
  }
  if (hiddenByAttributes(element) || hiddenByComputedStyle(element)) {
    return false;
  }
  if (typeof element.checkVisibility === 'function') {
    if (
      !element.checkVisibility({
        opacityProperty: true,
        visibilityProperty: true,
        contentVisibilityAuto: true,
      })
    ) {
      return false;
    }
    // Only a laying-out browser gets here (jsdom has no checkVisibility and no boxes).
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) {
      return false;
    }
  }
  return true;
}
