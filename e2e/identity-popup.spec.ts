import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const AUTHORIZE = `/__sandbox/oidc/authorize?nonce=${'0'.repeat(64)}&state=${'s'.repeat(20)}`;

test.describe('the demo identity provider page', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`given a ${name} in the ${colorScheme} scheme, should put each label above its input and pass axe`, async ({
        browser,
      }) => {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        await page.goto(AUTHORIZE);
        for (const label of ['Email', 'Name']) {
          const labelBox = await page.locator('label', { hasText: label }).boundingBox();
          const inputBox = await page.getByLabel(label).boundingBox();
          expect(labelBox, `${label} label`).not.toBeNull();
          expect(inputBox, `${label} input`).not.toBeNull();
          // Own line: the input starts below the label, aligned with it, and fits the page.
          expect(inputBox!.y).toBeGreaterThanOrEqual(labelBox!.y + labelBox!.height);
          expect(Math.abs(inputBox!.x - labelBox!.x)).toBeLessThan(1);
          expect(inputBox!.x + inputBox!.width).toBeLessThanOrEqual(viewport.width);
        }
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((violation) => violation.id)).toEqual([]);
        await context.close();
      });
    }
  }
});
