/** The demo app's own user session at the proxy (not the wallet's auth). */
export interface DemoUser {
  email: string;
  customerId: string;
  accountId: string;
}

export interface AccountSummary {
  id: string;
  type: string;
  status: string;
  label: string | null;
  balance: { amount: number; currency: { code: string; decimals: number } };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) {
    throw new Error(body?.message ?? `Request failed with status ${response.status}`);
  }
  return body;
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
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
  );
}

export async function listAccounts(): Promise<AccountSummary[]> {
  const body = await json<{ data: AccountSummary[] }>(
    await fetch('/api/2025-10-13/customers/internal-accounts', { credentials: 'same-origin' }),
  );
  return body.data;
}
