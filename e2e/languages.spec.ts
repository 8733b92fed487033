import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/demo-user.js';

/** Per language: the picker's name, the demo's sign-up title and the kit's sign-in title. */
const LANGUAGES = [
  ['fr', 'Français', 'Créez votre portefeuille', 'Connexion à votre portefeuille'],
  ['es', 'Español', 'Crea tu monedero', 'Inicia sesión en tu monedero'],
  ['de', 'Deutsch', 'Erstellen Sie Ihre Wallet', 'Bei Ihrer Wallet anmelden'],
  ['pt-BR', 'Português (Brasil)', 'Crie sua carteira', 'Entre na sua carteira'],
  ['ja', '日本語', 'ウォレットを作成', 'ウォレットにログイン'],
] as const;

test.describe('the demo in every language of the kit', () => {
  for (const [tag, name, signUpTitle, signInTitle] of LANGUAGES) {
    test(`given ${name} in the picker, should show the demo's words and the kit's in ${tag}, and pass axe`, async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByLabel('Language').selectOption(tag);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(signUpTitle);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await page.locator('#email').fill(uniqueEmail(`lang-${tag}`));
      await page.locator('form button[type="submit"]').click();
      // The kit's catalogue arrives in its own chunk, then the card speaks the language too.
      await expect(page.getByRole('region', { name: signInTitle })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => violation.id)).toEqual([]);
    });
  }

  test('given a browser that prefers German, should start in German', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-AT' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erstellen Sie Ihre Wallet');
    await expect(page.getByRole('combobox')).toHaveValue('de');
    await context.close();
  });
});
