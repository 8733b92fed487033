import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5199);
// Emulator options for the run (docs/protocol.md §14): one PROCESSING answer on the privacy PATCH and
// on quote execute, so the suite sees the byte-identical resends of §11.4.
const sandboxConfig = fileURLToPath(new URL('./sandbox.e2e.json', import.meta.url));

/**
 * End-to-end tests in Debian's Chromium against the demo (sandbox + proxy + page in one process).
 * One worker: the tests share the demo server, and its emulator clock only moves forward.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `pnpm --filter @wallet-auth/demo start --config ${sandboxConfig}`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/__sandbox/info`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
