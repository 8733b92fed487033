import {
  test as base,
  expect,
  type RunningServer,
  startServer,
} from '@wallet-auth/testing/playwright';

/** The built app (`npm start`: `next start`) pointed at the emulator; its sign-up leads to SignIn. */
export const test = base.extend<object, { app: RunningServer }>({
  app: [
    async ({ sandbox }, use) => {
      const app = await startServer({
        command: 'npm',
        args: ['start'],
        env: { WALLET_AUTH_UPSTREAM: sandbox.baseUrl },
      });
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  signInPage: async ({ page }, use) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(`${crypto.randomUUID()}@example.com`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('region', { name: 'Sign in to your wallet' })).toBeVisible();
    await use(page);
  },
});

export { expect };
