/**
 * The demo app's own backend calls: its user session at the proxy (a simple email sign-up, not
 * the wallet's authentication), the emulator's public facts, and the sandbox funding helper.
 */
export interface DemoUser {
  email: string;
  customerId: string;
  accountId: string;
}

export interface SandboxInfo {
  enclavePublicKey: string;
  otpHint: string;
  oidc: { issuer: string; audience: string };
  merchantAccountId: string | null;
  now: number;
}

/** An error of the demo's own calls, worded for the person. */
export class DemoApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DemoApiError';
  }
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) {
    throw new DemoApiError(
      body?.message ?? `Request failed with status ${response.status}`,
      response.status,
    );
  }
  return body;
}

const jsonHeaders = { 'Content-Type': 'application/json' };
/** The demo server's clock control wants this header (a cross-site page cannot send it). */
const CLOCK_HEADER = 'X-Demo-Clock';

export async function getSandboxInfo(): Promise<SandboxInfo> {
  return json<SandboxInfo>(await fetch('/__sandbox/info'));
}

export async function getUser(): Promise<DemoUser | null> {
  const response = await fetch('/api/session', { credentials: 'same-origin' });
  return response.status === 401 ? null : json<DemoUser>(response);
}

export async function signUp(email: string): Promise<DemoUser> {
  return json<DemoUser>(
    await fetch('/api/session', {
      method: 'POST',
      credentials: 'same-origin',
      headers: jsonHeaders,
      body: JSON.stringify({ email }),
    }),
  );
}

export async function signOutOfDemo(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
}

/** Sandbox helper: credits the wallet instantly (docs/protocol.md §11.6), through the proxy. */
export async function fundWallet(accountId: string, amount: number): Promise<void> {
  await json<unknown>(
    await fetch(
      `/api/2025-10-13/sandbox/internal-accounts/${encodeURIComponent(accountId).replace(/%3A/gi, ':')}/fund`,
      {
        method: 'POST',
        credentials: 'same-origin',
        headers: jsonHeaders,
        body: JSON.stringify({ amount }),
      },
    ),
  );
}

/** Moves the emulator's clock forward (demo and e2e only). */
export async function advanceSandboxClock(seconds: number): Promise<void> {
  await json<unknown>(
    await fetch('/__sandbox/clock', {
      method: 'POST',
      headers: { ...jsonHeaders, [CLOCK_HEADER]: 'advance' },
      body: JSON.stringify({ advanceSeconds: seconds }),
    }),
  );
}
