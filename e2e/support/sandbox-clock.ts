import { type APIRequestContext, expect } from '@playwright/test';

/**
 * Moves the emulator's clock forward (`POST /__sandbox/clock`, demo-only; it wants the demo's
 * Host and Origin, a JSON body and the `X-Demo-Clock` header). The clock is shared by the whole run and never goes back, so each test that uses it
 * works on its own user and lets the next ones start fresh. Resolves with the emulator's new time
 * (epoch ms), which is ahead of the real time by every advance made so far in the run.
 */
export async function advanceSandboxClock(
  request: APIRequestContext,
  baseURL: string,
  seconds: number,
): Promise<number> {
  const response = await request.post('/__sandbox/clock', {
    headers: { Origin: baseURL, 'X-Demo-Clock': 'advance' },
    data: { advanceSeconds: seconds },
  });
  expect(response.status()).toBe(200);
  const { now } = (await response.json()) as { now: number };
  return now;
}
