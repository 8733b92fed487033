import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe over a rendered container and fails with the violations' ids and targets. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    // jsdom has no layout, so colour contrast cannot be computed here (Storybook's axe run checks it).
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
