/**
 * `@wallet-auth/testing/playwright` — Playwright fixtures for testing your app against the kit
 * in Chromium: the emulator on a free port (worker-scoped), a CTAP2 virtual authenticator, the
 * OTP code the emulator sent, and a page signed in through the kit's `SignIn`.
 *
 * @example
 * import { expect, test } from '@wallet-auth/testing/playwright';
 * test('signs in', async ({ signedInPage }) => {
 *   await expect(signedInPage.getByText('Your wallet')).toBeVisible();
 * });
 */
import { test as base, type Page } from '@playwright/test';
import { SANDBOX_OTP_CODE, type SandboxOptions } from '@wallet-auth/sandbox';
import { type RunningSandbox, startSandboxServer } from '@wallet-auth/sandbox/node';
import { signInWithOtp } from './playwright/sign-in.js';
import {
  addVirtualAuthenticator,
  type VirtualAuthenticator,
} from './playwright/virtual-authenticator.js';

export { expect } from '@playwright/test';
export type { RunningSandbox } from '@wallet-auth/sandbox/node';
export {
  type SignInStepOptions,
  signInWithOtp,
  signInWithPasskey,
} from './playwright/sign-in.js';
export {
  freePort,
  type RunningServer,
  type StartServerOptions,
  startServer,
} from './playwright/start-server.js';
export {
  addVirtualAuthenticator,
  type VirtualAuthenticator,
} from './playwright/virtual-authenticator.js';

/** Options of {@link WalletAuthFixtures.otpCode}. */
export interface OtpCodeOptions {
  /** The address the code went to. @defaultValue any */
  to?: string;
  /** @defaultValue 10000 */
  timeoutMs?: number;
}

/** Fixtures shared by the tests of one worker. */
export interface WalletAuthWorkerFixtures {
  /** Options of the emulator (`createSandbox`), e.g. `{ sessionLifetimeSeconds: 60 }`. @defaultValue {} */
  sandboxOptions: SandboxOptions;
  /** The emulator on a free loopback port; point your backend's `upstream.baseUrl` at `baseUrl`. */
  sandbox: RunningSandbox;
}

/** Fixtures of each test. */
export interface WalletAuthFixtures {
  /** A virtual authenticator on `page` (Chromium), removed after the test. */
  authenticator: VirtualAuthenticator;
  /**
   * Resolves with the code of the next OTP the emulator "sends" during this test (to `to`, if
   * given): delivery is skipped, the code is the emulator's fixed code.
   */
  otpCode(options?: OtpCodeOptions): Promise<string>;
  /**
   * The page that shows the kit's `SignIn`. By default `page` at `/` (the `baseURL`); override it
   * when your app needs its own steps first (your sign-up or sign-in), ending where `SignIn` shows.
   */
  signInPage: Page;
  /** `signInPage` after an e-mail code sign-in through the kit's `SignIn`. */
  signedInPage: Page;
}

/** Playwright's `test` with the kit's fixtures. */
export const test = base.extend<WalletAuthFixtures, WalletAuthWorkerFixtures>({
  sandboxOptions: [{}, { option: true, scope: 'worker' }],
  sandbox: [
    async ({ sandboxOptions }, use) => {
      const running = await startSandboxServer({ sandbox: sandboxOptions });
      await use(running);
      await running.close();
    },
    { scope: 'worker' },
  ],
  authenticator: async ({ page }, use) => {
    const authenticator = await addVirtualAuthenticator(page);
    await use(authenticator);
    await authenticator.remove();
  },
  otpCode: async ({ sandbox }, use) => {
    const emulator = sandbox.sandbox;
    const since = emulator.options.clock();
    const consumed = new WeakSet<object>();
    await use(async (options = {}) => {
      const timeoutMs = options.timeoutMs ?? 10_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const sent = emulator
          .events()
          .find(
            (event) =>
              event.type === 'OTP_SENT' &&
              event.at >= since &&
              !consumed.has(event) &&
              (options.to === undefined || event.to === options.to),
          );
        if (sent !== undefined) {
          consumed.add(sent);
          return SANDBOX_OTP_CODE;
        }
        if (Date.now() > deadline) {
          const to = options.to === undefined ? '' : ` to ${options.to}`;
          throw new Error(`otpCode: the emulator sent no code${to} within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  },
  signInPage: async ({ page }, use) => {
    await page.goto('/');
    await use(page);
  },
  signedInPage: async ({ signInPage, otpCode }, use) => {
    await signInWithOtp(signInPage, { code: () => otpCode() });
    await use(signInPage);
  },
});
