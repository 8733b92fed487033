import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, one project per package (house style §2.1). Node projects prove the
 * headless code; `*.browser.test.ts` files and Storybook stories run in Debian's Chromium.
 */
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
});

const sourceConditions = {
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@wallet-auth/source', ...defaultServerConditions] } },
};

/** Node test processes may only connect to loopback (reliability catalogue X-02). */
const loopbackGuard = ['packages/sandbox/src/test/loopback-guard.setup.ts'];

const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

export default defineConfig({
  ...sourceConditions,
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['packages/core/src/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'core-browser',
          include: ['packages/core/src/**/*.browser.test.ts'],
          browser: browser(),
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['packages/sandbox/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'proxy',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['packages/proxy/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [
          storybookTest({
            configDir: fileURLToPath(new URL('./.storybook', import.meta.url)),
            storybookScript: 'pnpm storybook',
          }),
        ],
        test: {
          name: 'storybook',
          browser: browser(),
        },
      },
    ],
  },
});
