/**
 * Vitest setup file for the Node projects (reliability catalogue X-02): every test file runs with
 * the loopback guard, and a file that tried to reach another address fails even when the code
 * under test swallowed the refusal. Wire it with `setupFiles` in the root `vitest.config.ts`.
 */
import { afterAll } from 'vitest';
import { installLoopbackGuard, takeLoopbackViolations } from './loopback-guard.js';

installLoopbackGuard();

afterAll(() => {
  const violations = takeLoopbackViolations();
  if (violations.length > 0) {
    throw new Error(
      `loopback guard: ${violations.length} connection(s) to non-loopback hosts: ${violations
        .map((violation) => `${violation.host}:${violation.port ?? '?'}`)
        .join(', ')}`,
    );
  }
});
