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

/** Module ids the `react18` project maps to the React 18 copies installed in compat/react18. */
const react18 = (id: string) =>
  fileURLToPath(new URL(`./compat/react18/node_modules/${id}`, import.meta.url));
const react18Aliases = [
  { find: /^react$/, replacement: react18('react') },
  { find: /^react\/(.*)$/, replacement: `${react18('react')}/$1` },
  { find: /^react-dom$/, replacement: react18('react-dom') },
  { find: /^react-dom\/(.*)$/, replacement: `${react18('react-dom')}/$1` },
  { find: /^@tanstack\/react-query$/, replacement: react18('@tanstack/react-query') },
  { find: /^@testing-library\/react$/, replacement: react18('@testing-library/react') },
];

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
          env: { WALLET_AUTH_REACT_MAJOR: '19' },
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}'],
        },
      },
      {
        // The same component and hook tests against React 18 (the peer range is ^18.2.0 || ^19.0.0):
        // react, react-dom, react-query and Testing Library resolve to compat/react18's copies.
        extends: true,
        plugins: [react()],
        resolve: { alias: react18Aliases },
        test: {
          name: 'react18',
          environment: 'jsdom',
          env: { WALLET_AUTH_REACT_MAJOR: '18' },
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.{ts,tsx}', '**/*.stories.test.{ts,tsx}'],
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
          include: ['packages/proxy/src/**/*.test.ts', 'packages/proxy/examples/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'testing',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['packages/testing/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          setupFiles: loopbackGuard,
          include: ['bench/**/*.test.ts'],
          // The load runs (bench/load-tests) are `pnpm test:load`, not part of `pnpm test`.
          exclude: ['**/*.load.test.ts'],
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
