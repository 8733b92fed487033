/**
 * Test harness (not exported): an emulator in-process reached through its fetch handler with the
 * platform's Basic credentials added, as `packages/core/src/test/harness.ts` does, a customer with
 * an embedded wallet, a kit client pointed at it and a fresh QueryClient.
 */
import './node-realm.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type Clock,
  createMemoryKeyStore,
  createOtpLoginFlow,
  createWalletAuthClient,
  type WalletAuthClient,
  type WalletAuthClientOptions,
} from '@wallet-auth/core';
import { createSandbox, type SandboxOptions } from '@wallet-auth/sandbox';
import type { ReactNode } from 'react';
import type { WalletAuthMessages } from '../i18n/en.js';
import { WalletAuthLocaleProvider } from '../i18n/locale-provider.js';
import { WalletAuthProvider } from '../provider/wallet-auth-provider.js';

export const BASE_URL = 'http://sandbox.test/2025-10-13';
const BASIC = `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}`;

/** One recorded request of the kit. */
export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
}

/** Options of `createKit`. */
export interface KitOptions {
  sandbox?: SandboxOptions;
  client?: Partial<WalletAuthClientOptions>;
  email?: string;
  /** Also provision an SMS_OTP credential (sets `platform.smsOtpCredentials`). */
  phoneNumber?: string;
}

/** Creates an emulator, a customer with an embedded wallet and a kit client. */
export function createKit(options: KitOptions = {}) {
  const sandbox = createSandbox({
    ...options.sandbox,
    ...(options.phoneNumber
      ? { platform: { ...options.sandbox?.platform, smsOtpCredentials: true } }
      : {}),
  });
  const requests: RecordedRequest[] = [];
  const signals: AbortSignal[] = [];
  const fetch = async (request: Request) => {
    signals.push(request.signal);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    requests.push({ method: request.method, url: request.url, body });
    const headers = new Headers(request.headers);
    headers.set('Authorization', BASIC);
    return sandbox.fetch(new Request(request, { headers }));
  };
  const seeded = sandbox.seedCustomer({
    customerType: 'INDIVIDUAL',
    email: options.email ?? 'ada@example.com',
    fullName: 'Ada Lovelace',
    ...(options.phoneNumber ? { phoneNumber: options.phoneNumber } : {}),
  });
  const client: WalletAuthClient = createWalletAuthClient({
    baseUrl: BASE_URL,
    fetch,
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    ...options.client,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const emailCredentialId = seeded.credentialIds[0]!;
  return {
    sandbox,
    client,
    queryClient,
    requests,
    signals,
    accountId: seeded.walletAccountId,
    customerId: String(seeded.customer.id),
    emailCredentialId,
    credentialIds: seeded.credentialIds,
    /** Wraps a tree in the QueryClient, kit and (optional) locale providers. */
    wrapper(children: ReactNode, messages?: WalletAuthMessages) {
      const tree = (
        <QueryClientProvider client={queryClient}>
          <WalletAuthProvider client={client}>{children}</WalletAuthProvider>
        </QueryClientProvider>
      );
      return messages ? (
        <WalletAuthLocaleProvider messages={messages}>{tree}</WalletAuthLocaleProvider>
      ) : (
        tree
      );
    },
    /** Signs this client in with the emulator's OTP code, without any UI. */
    async signIn(credentialId = emailCredentialId) {
      const flow = createOtpLoginFlow(client);
      flow.start(credentialId);
      await waitForState(flow, (state) => state.status === 'awaitingCode');
      flow.submitCode('000000');
      const done = await waitForState(
        flow,
        (state) => state.status === 'authenticated' || state.status === 'failed',
      );
      if (done.status !== 'authenticated') {
        throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
      }
      return done.session;
    },
  };
}

/** Resolves with the first snapshot that matches, or rejects after `timeoutMs` of real time. */
export function waitForState<T>(
  store: { subscribe(listener: () => void): () => void; getSnapshot(): T },
  predicate: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(`waitForState timed out; last state: ${JSON.stringify(store.getSnapshot())}`),
      );
    }, timeoutMs);
    const check = () => {
      const value = store.getSnapshot();
      if (predicate(value)) {
        unsubscribe();
        clearTimeout(timer);
        resolve(value);
      }
    };
    unsubscribe = store.subscribe(check);
    check();
  });
}

/** A clock the test moves by hand (timers fire when `advance` passes them). */
export function createManualClock(start = Date.UTC(2026, 0, 15, 12)): Clock & {
  advance(ms: number): void;
} {
  let now = start;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const timer = { at: now + Math.max(0, ms), callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((entry) => entry !== timer);
      };
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) {
          break;
        }
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.callback();
      }
      now = target;
    },
  };
}
