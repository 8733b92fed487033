/**
 * The kit harness of tests and stories (not exported): an emulator in-process reached through its
 * fetch handler with the platform's Basic credentials added (as `packages/core/src/test/harness.ts`
 * does; no server), a customer with an embedded wallet, a kit client pointed at it and a fresh
 * QueryClient. Both clocks can be moved ahead; chosen routes can be held open or the network cut.
 */
import './node-realm.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure } from '@testing-library/react';
import {
  type AuthMethod,
  type Clock,
  createAddCredentialFlow,
  createMemoryKeyStore,
  createOtpLoginFlow,
  createPasskeyRegistrationFlow,
  createWalletAuthClient,
  type GetIdToken,
  type KeyStore,
  type WalletAuthClient,
  type WalletAuthClientOptions,
  type WebAuthnPort,
} from '@wallet-auth/core';
import { systemClock } from '@wallet-auth/core/primitives';
import { createSandbox, mintSandboxIdToken, type SandboxOptions } from '@wallet-auth/sandbox';
import type { ReactNode } from 'react';
import type { WalletAuthMessages } from '../i18n/en.js';
import { WalletAuthLocaleProvider } from '../i18n/locale-provider.js';
import { WalletAuthProvider } from '../provider/wallet-auth-provider.js';

// Real crypto against the emulator on a loaded 2-core machine can take more than a second.
configure({ asyncUtilTimeout: 5000 });

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
  /** Also provision an SMS_OTP credential for this number. */
  phoneNumber?: string;
  /** Scales the client's timer delays (PROCESSING backoff) so tests do not wait. @defaultValue 1 */
  timerScale?: number;
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

/** The system clock shifted by an offset the test or story moves. */
function shiftedClock(timerScale = 1): Clock & { offset: number } {
  const clock = {
    offset: 0,
    now: () => systemClock.now() + clock.offset,
    setTimeout: (callback: () => void, ms: number) =>
      systemClock.setTimeout(callback, ms * timerScale),
  };
  return clock;
}

/** Creates an emulator, a customer with an embedded wallet and a kit client. */
export function createKit(options: KitOptions = {}) {
  const serverClock = shiftedClock();
  const clientClock = shiftedClock(options.timerScale);
  const sandbox = createSandbox({
    clock: serverClock.now,
    ...options.sandbox,
    ...(options.phoneNumber
      ? { platform: { ...options.sandbox?.platform, smsOtpCredentials: true } }
      : {}),
  });
  const requests: RecordedRequest[] = [];
  const signals: AbortSignal[] = [];
  const network = { offline: false, hold: [] as RegExp[] };
  const fetch = async (request: Request) => {
    signals.push(request.signal);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    requests.push({ method: request.method, url: request.url, body });
    if (network.offline) {
      throw new TypeError('Failed to fetch');
    }
    const route = `${request.method} ${new URL(request.url).pathname}`;
    if (network.hold.some((pattern) => pattern.test(route))) {
      // Held open until the kit aborts it (a request that never answers).
      await new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () =>
          reject(new DOMException('Aborted', 'AbortError')),
        );
      });
    }
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
  const makeClient = (keyStore: KeyStore): WalletAuthClient =>
    createWalletAuthClient({
      baseUrl: BASE_URL,
      fetch,
      environment: 'sandbox',
      enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
      keyStore,
      channel: false,
      clock: clientClock,
      ...options.client,
    });
  const keyStore = createMemoryKeyStore();
  const emailCredentialId = seeded.credentialIds[0]!;
  const getIdToken: GetIdToken = async ({ nonce }) =>
    mintSandboxIdToken({
      aud: 'wallet-auth-stories',
      sub: 'ada-google',
      email: 'ada@gmail.com',
      nonce,
      now: serverClock.now() / 1000,
    });

  let current = makeClient(keyStore);
  const queryClient = new QueryClient({
    // The kit's hooks retry transient failures twice; here without the real-time back-off.
    defaultOptions: { queries: { retryDelay: 10, gcTime: Number.POSITIVE_INFINITY } },
  });

  async function signIn(
    client: WalletAuthClient = current,
    credentialId: string = emailCredentialId,
  ) {
    const flow = createOtpLoginFlow(client);
    flow.start(credentialId);
    await waitForState(flow, (state) => state.status === 'awaitingCode');
    flow.submitCode('000000');
    const done = await waitForState(
      flow,
      (state) => state.status === 'authenticated' || state.status === 'failed',
    );
    flow.dispose();
    if (done.status !== 'authenticated') {
      throw new Error(`sign-in failed: ${JSON.stringify(done)}`);
    }
    return done.session;
  }

  return {
    sandbox,
    /** The kit client (replaced by `reload()`). */
    get client(): WalletAuthClient {
      return current;
    },
    keyStore,
    queryClient,
    requests,
    signals,
    network,
    serverClock,
    clientClock,
    accountId: seeded.walletAccountId,
    customerId: String(seeded.customer.id),
    emailCredentialId,
    credentialIds: seeded.credentialIds,
    getIdToken,

    /** Wraps a tree in the QueryClient, kit and (optional) locale providers. */
    wrapper(children: ReactNode, messages?: WalletAuthMessages) {
      const tree = (
        <QueryClientProvider client={queryClient}>
          <WalletAuthProvider client={current}>{children}</WalletAuthProvider>
        </QueryClientProvider>
      );
      return messages ? (
        <WalletAuthLocaleProvider messages={messages}>{tree}</WalletAuthLocaleProvider>
      ) : (
        tree
      );
    },

    /** Signs a client (the kit's by default) in with the emulator's OTP code, without any UI. */
    signIn,

    /** Another device: its own key store, signed in by OTP. */
    async otherDevice() {
      const client = makeClient(createMemoryKeyStore());
      await signIn(client);
      return client;
    },

    /** Registers a passkey with the signed-in session (the port is a software authenticator). */
    async registerPasskey(webauthn: WebAuthnPort, nickname = 'MacBook'): Promise<AuthMethod> {
      const flow = createPasskeyRegistrationFlow(current, {
        webauthn,
        rp: { id: 'localhost', name: 'Wallet' },
      });
      flow.register(nickname);
      const done = await waitForState(
        flow,
        (state) => state.status === 'registered' || state.status === 'failed',
      );
      flow.dispose();
      if (done.status !== 'registered') {
        throw new Error(`registration failed: ${JSON.stringify(done)}`);
      }
      return done.credential;
    },

    /** Links a Google account (a sandbox ID token) with the signed-in session. */
    async addOAuth(): Promise<AuthMethod> {
      const flow = createAddCredentialFlow(current, { getIdToken });
      flow.add('OAUTH');
      const done = await waitForState(
        flow,
        (state) => state.status === 'added' || state.status === 'failed',
      );
      flow.dispose();
      if (done.status !== 'added') {
        throw new Error(`adding OAuth failed: ${JSON.stringify(done)}`);
      }
      return done.credential;
    },

    /** Replaces the client with a fresh one on the same key store (a page reload). */
    reload() {
      current.sessions.dispose();
      current = makeClient(keyStore);
      return current;
    },

    /**
     * Credits the wallet with `amount` (smallest unit) and `pending` on top of it: the emulator's
     * funding route of docs/protocol.md §11.6 when it answers, else its in-memory state directly.
     */
    async fund(amount: number, pending = 0) {
      const response = await sandbox.fetch(
        new Request(`${BASE_URL}/sandbox/internal-accounts/${seeded.walletAccountId}/fund`, {
          method: 'POST',
          headers: { Authorization: BASIC, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount }),
        }),
      );
      const record = sandbox.state.accounts.get(seeded.walletAccountId);
      if (record === undefined) {
        throw new Error('the wallet is missing from the emulator');
      }
      if (!response.ok) {
        record.balance += amount;
      }
      record.pending += pending;
    },
  };
}

/** What `createKit` returns. */
export type Kit = ReturnType<typeof createKit>;

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
