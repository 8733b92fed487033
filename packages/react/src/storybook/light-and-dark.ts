/**
 * The "Light and dark" story of every component (not exported, not built): the toolbar's
 * `side-by-side` theme renders the story twice, light then dark, each on its own canvas, and the
 * play function checks both copies are there. axe runs on both, so dark contrast is tested too.
 */
import { expect } from 'storybook/test';

/** The outermost themed scopes inside the story's canvas, in order. */
function topScopes(canvasElement: HTMLElement): Element[] {
  return [...canvasElement.querySelectorAll('[data-wallet-auth]')].filter(
    (scope) => scope.parentElement?.closest('[data-wallet-auth]') === null,
  );
}

/**
 * Story annotations that show a component in the light and the dark theme side by side. The two
 * copies are the same component, so their landmarks share a name by design: axe's
 * `landmark-unique` rule is off for this story only; every other rule, contrast included, runs.
 */
export const lightAndDark = {
  globals: { theme: 'side-by-side' },
  parameters: {
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(topScopes(canvasElement).map((scope) => scope.getAttribute('data-theme'))).toEqual(
      ['light', 'dark'],
    );
  },
};
