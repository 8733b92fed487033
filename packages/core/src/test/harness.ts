/**
 * Test harness (not exported): a real emulator in-process, reached through its fetch handler with
 * the platform's Basic credentials added the way the proxy adds them.
 */
import { createSandbox, type SandboxOptions } from '@wallet-auth/sandbox';
import { createWalletAuthClient } from '../create-wallet-auth-client.js';
import type { Subscribable } from '../internal/subscribable.js';
import { createMemoryKeyStore } from '../keys/memory-key-store.js';
import type { WalletAuthClientOptions } from '../wallet-auth-client.types.js';

export const BASE_URL = 'http://sandbox.test/2025-10-13';

export function basicAuth(
  clientId = 'sandbox-client-id',
  clientSecret = 'sandbox-client-secret',
): string {
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
}

/** Creates an emulator, a customer with an embedded wallet, and a kit client pointed at it. */
export async function setup(
  options: {
    sandbox?: SandboxOptions;
    client?: Partial<WalletAuthClientOptions>;
    email?: string;
  } = {},
) {
  const sandbox = createSandbox(options.sandbox);
  const requests: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = async (request: Request) => {
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    requests.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body,
    });
    const headers = new Headers(request.headers);
    headers.set('Authorization', basicAuth());
    return sandbox.fetch(new Request(request, { headers }));
  };
  const platform = async (method: string, path: string, body?: unknown) => {
    const response = await sandbox.fetch(
      new Request(`${BASE_URL}${path}`, {
        method,
        headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const email = options.email ?? 'ada@example.com';
  const customer = await platform('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    email,
    fullName: 'Ada Lovelace',
  });
  if (customer.status !== 201) {
    throw new Error(`customer creation failed: ${JSON.stringify(customer.body)}`);
  }
  const accounts = await platform(
    'GET',
    `/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`,
  );
  const accountId: string = accounts.body.data[0].id;
  const credentials = await platform('GET', `/auth/credentials?accountId=${accountId}`);
  const emailCredentialId: string = credentials.body.data.find(
    (c: { type: string }) => c.type === 'EMAIL_OTP',
  ).id;
  const client = createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch,
    environment: 'sandbox',
    enclaveKeys: {
      otpSigner: (sandbox as unknown as { enclavePublicKey: string }).enclavePublicKey,
    },
    keyStore: createMemoryKeyStore(),
    channel: false,
    ...options.client,
  });
  return {
    sandbox,
    client,
    requests,
    platform,
    customerId: customer.body.id as string,
    accountId,
    emailCredentialId,
  };
}

/** Resolves with the first snapshot that matches, or rejects after `timeoutMs` of real time. */
export function waitFor<T>(
  store: Subscribable<T>,
  predicate: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = store.getSnapshot();
      if (predicate(value)) {
        unsubscribe();
        clearTimeout(timer);
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`waitFor timed out; last state: ${JSON.stringify(store.getSnapshot())}`));
    }, timeoutMs);
    const unsubscribe = store.subscribe(check);
    check();
  });
}
