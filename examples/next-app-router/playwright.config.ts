import { defineConfig, devices } from '@playwright/test';

// The app is started by the tests' `app` fixture (tests/fixtures.ts), against the emulator the
// `sandbox` fixture starts on a free port. Build it first: `npm run build`.
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  timeout: 60_000,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || undefined },
  },
});
