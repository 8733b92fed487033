/**
 * @wallet-auth/testing — test your app against the Wallet Auth Kit from Vitest or any Node test
 * runner: the emulator in-process with a fake clock it shares with the kit's clients, customers
 * made through the platform API, OTP sign-in, and the emulator on a free port for browser tests.
 * Playwright fixtures: `@wallet-auth/testing/playwright`.
 */

export { createMemoryKeyStore } from '@wallet-auth/core';
export { SANDBOX_OTP_CODE } from '@wallet-auth/sandbox';
export {
  type RunningSandbox,
  type StartSandboxServerOptions,
  startSandboxServer,
} from '@wallet-auth/sandbox/node';
export { createFakeClock, type FakeClock } from './fake-clock.js';
export {
  createTestKit,
  type TestCustomer,
  type TestCustomerInput,
  type TestKit,
  type TestKitOptions,
} from './test-kit.js';
