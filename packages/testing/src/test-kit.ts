/**
 * Vitest/Node helpers: the emulator in-process, reached through its fetch handler with the
 * platform's Basic credentials added the way your backend proxy adds them, and kit clients that
 * keep their keys in memory and read the same fake clock as the emulator.
 */
import {
  type AuthMethod,
  type AuthSession,
  createMemoryKeyStore,
  createOtpLoginFlow,
  createWalletAuthClient,
  type OtpLoginState,
  type WalletAuthClient,
  type WalletAuthClientOptions,
  WalletAuthError,
} from '@wallet-auth/core';
import {
  API_VERSION,
  createSandbox,
  SANDBOX_OTP_CODE,
  type Sandbox,
  type SandboxOptions,
} from '@wallet-auth/sandbox';
import { createFakeClock, type FakeClock } from './fake-clock.js';

/** Options of {@link createTestKit}. */
export interface TestKitOptions {
  /** Emulator options (platform credentials, rate limits, faults…); its clock is the kit's. */
  sandbox?: Omit<SandboxOptions, 'clock'>;
  /** The clock of the emulator and of every client. @defaultValue `createFakeClock()` */
  clock?: FakeClock;
}

/** A customer made through the platform API, with its wallet and first credentials. */
export interface TestCustomer {
  customerId: string;
  /** `InternalAccount:<uuid>` of the EMBEDDED_WALLET. */
  accountId: string;
  credentials: AuthMethod[];
  /** The EMAIL_OTP credential (present when the customer has an e-mail). */
  emailCredentialId: string | undefined;
}

/** Details of a new customer (`POST /customers`). */
export interface TestCustomerInput {
  /** @defaultValue a fresh `user-<n>@example.com` */
  email?: string;
  phoneNumber?: string;
  fullName?: string;
}

/** The emulator, its clock and helpers; see {@link createTestKit}. */
export interface TestKit {
  sandbox: Sandbox;
  clock: FakeClock;
  /** Where clients send requests (never fetched over a network). */
  baseUrl: string;
  /** The emulator's fetch with the platform's Basic credentials added, as a proxy adds them. */
  fetch(request: Request): Promise<Response>;
  /** A platform call (your backend's own: create customers…); throws on a non-2xx answer. */
  platform<T = unknown>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T>;
  /**
   * A kit client against the emulator: memory key store, the kit's clock, `environment:
   * 'sandbox'` pinning the emulator's enclave key, no cross-tab channel.
   */
  createClient(options?: Partial<WalletAuthClientOptions>): WalletAuthClient;
  /** Creates a customer; its wallet starts with an EMAIL_OTP credential for the e-mail. */
  createCustomer(input?: TestCustomerInput): Promise<TestCustomer>;
  /**
   * Signs `client` in with the customer's EMAIL_OTP credential (the emulator's code unless
   * `code` is given) and resolves with the session this device now holds.
   * @throws WalletAuthError when the sign-in fails (e.g. `OTP_CODE_INVALID` for a wrong code).
   */
  signInWithOtp(
    client: WalletAuthClient,
    customer: Pick<TestCustomer, 'emailCredentialId'>,
    options?: { code?: string; timeoutMs?: number },
  ): Promise<AuthSession>;
}

let customers = 0;

/**
 * Creates the emulator in-process with a fake clock shared by everything the kit makes.
 *
 * @example
 * const kit = createTestKit();
 * const customer = await kit.createCustomer({ email: 'ada@example.com' });
 * const client = kit.createClient();
 * const session = await kit.signInWithOtp(client, customer);
 * kit.clock.advance(Date.parse(session.expiresAt) - kit.clock.now()); // now expired
 */
export function createTestKit(options: TestKitOptions = {}): TestKit {
  const clock = options.clock ?? createFakeClock();
  const sandbox = createSandbox({ ...options.sandbox, clock: () => clock.now() });
  const { clientId, clientSecret } = sandbox.options;
  const authorization = `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
  const baseUrl = `http://sandbox.test/${API_VERSION}`;

  const kitFetch = (request: Request) => {
    const headers = new Headers(request.headers);
    headers.set('Authorization', authorization);
    return sandbox.fetch(new Request(request, { headers }));
  };

  async function platform<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await sandbox.fetch(
      new Request(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return {
    sandbox,
    clock,
    baseUrl,
    fetch: kitFetch,
    platform,
    createClient(clientOptions = {}) {
      return createWalletAuthClient({
        baseUrl,
        fetch: kitFetch,
        environment: 'sandbox',
        enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
        keyStore: createMemoryKeyStore(),
        clock,
        channel: false,
        ...clientOptions,
      });
    },
    async createCustomer(input = {}) {
      customers += 1;
      const customer = await platform<{ id: string }>('POST', '/customers', {
        customerType: 'INDIVIDUAL',
        email: input.email ?? `user-${customers}@example.com`,
        ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
        ...(input.fullName === undefined ? {} : { fullName: input.fullName }),
      });
      const wallets = await platform<{ data: { id: string }[] }>(
        'GET',
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=EMBEDDED_WALLET`,
      );
      const accountId = wallets.data[0]!.id;
      const { data: credentials } = await platform<{ data: AuthMethod[] }>(
        'GET',
        `/auth/credentials?accountId=${encodeURIComponent(accountId)}`,
      );
      return {
        customerId: customer.id,
        accountId,
        credentials,
        emailCredentialId: credentials.find((credential) => credential.type === 'EMAIL_OTP')?.id,
      };
    },
    async signInWithOtp(client, customer, signInOptions = {}) {
      if (customer.emailCredentialId === undefined) {
        throw new Error('signInWithOtp: the customer has no EMAIL_OTP credential (no e-mail)');
      }
      const flow = createOtpLoginFlow(client, { credentialType: 'EMAIL_OTP' });
      const timeoutMs = signInOptions.timeoutMs ?? 10_000;
      try {
        flow.start(customer.emailCredentialId);
        const sent = await settle(flow, ['awaitingCode'], timeoutMs);
        if (sent.status === 'failed') {
          throw sent.error;
        }
        flow.submitCode(signInOptions.code ?? SANDBOX_OTP_CODE);
        const done = await settle(flow, ['authenticated', 'awaitingCode'], timeoutMs);
        if (done.status === 'failed') {
          throw done.error;
        }
        if (done.status !== 'authenticated') {
          const expired = done.status === 'awaitingCode' && done.problem?.kind === 'codeExpired';
          throw new WalletAuthError(
            expired ? 'CHALLENGE_EXPIRED' : 'OTP_CODE_INVALID',
            expired
              ? 'signInWithOtp: the code expired; request a new one'
              : 'signInWithOtp: the service refused the code',
          );
        }
        return done.session;
      } finally {
        flow.dispose();
      }
    },
  };
}

/**
 * Resolves with the flow's first state in `statuses` or `failed` after a change, or rejects after
 * `timeoutMs` of real time with the last state (a flow waiting on a fake-clock timer).
 */
function settle(
  flow: ReturnType<typeof createOtpLoginFlow>,
  statuses: readonly OtpLoginState['status'][],
  timeoutMs: number,
): Promise<OtpLoginState> {
  return new Promise((resolve, reject) => {
    const start = flow.getSnapshot();
    const check = () => {
      const state = flow.getSnapshot();
      if (state !== start && (state.status === 'failed' || statuses.includes(state.status))) {
        clearTimeout(timer);
        unsubscribe();
        resolve(state);
      }
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `signInWithOtp: no ${statuses.join('/')} within ${timeoutMs} ms; the flow is ${flow.getSnapshot().status} (waiting on the fake clock? advance it)`,
        ),
      );
    }, timeoutMs);
    const unsubscribe = flow.subscribe(check);
    check();
  });
}
