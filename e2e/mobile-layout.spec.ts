import { expect, type Page, test } from '@playwright/test';
import {
  codeField,
  requestEmailCode,
  signInCard,
  signUp,
  uniqueEmail,
} from './support/demo-user.js';
import { checkScreen } from './support/screens.js';

/** How far the page, and the sign-in card, are wider than their box (0: nothing overflows). */
async function sidewaysOverflow(page: Page): Promise<{ page: number; card: number }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const card = document.querySelector('[data-sign-in]');
    const cardBox = card?.getBoundingClientRect();
    return {
      page: root.scrollWidth - root.clientWidth,
      card:
        card === null || cardBox === undefined
          ? 0
          : Math.max(
              card.scrollWidth - card.clientWidth,
              Math.ceil(cardBox.right) - root.clientWidth,
              0,
            ),
    };
  });
}

// A long address, as people have: it once pushed the code screen to 418 px after an error.
const LONG_LOCAL_PART = 'alexandra.konstantinopoulou-vandenberghe';

test.describe('a phone-sized screen (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('UI-11: given a long e-mail and a wrong code, then no connection, should keep the code screen, its banner and the field within 390 px', async ({
    page,
    context,
  }, testInfo) => {
    await signUp(page, uniqueEmail(LONG_LOCAL_PART));
    await requestEmailCode(page);
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, card: 0 });

    await codeField(page).fill('123456');
    await expect(signInCard(page).getByRole('alert')).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, card: 0 });
    await checkScreen(page, testInfo, 'code-error-390');

    await context.setOffline(true);
    await codeField(page).fill('654321');
    await expect(signInCard(page).locator('[data-otp-problem="networkError"]')).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, card: 0 });
    await context.setOffline(false);
  });

  test('UI-11: given a long e-mail in German and the lock after five wrong codes, should keep the countdown within 390 px', async ({
    page,
  }) => {
    await signUp(page, uniqueEmail(LONG_LOCAL_PART));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const card = page.locator('[data-sign-in]');
    await card.getByRole('button', { name: 'Code per E-Mail senden' }).click();
    const field = card.locator('[data-otp-input]');
    for (const code of ['111111', '222222', '333333', '444444']) {
      await field.fill(code);
      await expect(field).toHaveValue('');
    }
    await field.fill('555555');
    await expect(card.getByRole('timer')).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, card: 0 });
  });
});
