/**
 * Full-stack test harness (not shipped): the real kit (`@wallet-auth/core`) in the browser's
 * place, the proxy, and a real emulator upstream, all in one process, with hooks to inject
 * faults on the upstream hop (reliability catalogue 2-SR: "core, BFF and emulator together").
 * The three parties read one manual clock (`drive` moves it between requests); the kit may be
 * given a skewed view of it.
 */
import {
  type Clock,
  createMemoryKeyStore,
  createOtpLoginFlow,
  createWalletAuthClient,
  preloadWalletAuth,
  type WalletAuthClient,
} from '@wallet-auth/core';
import { createSandbox, type Sandbox, type SandboxOptions } from '@wallet-auth/sandbox';
import { trackWebCrypto, type WebCryptoTracker } from '@wallet-auth/test-utils';
import { createProxy, type WalletAuthProxy } from '../create-proxy.js';
import type { ProxyOptions } from '../options.js';
import type { ProxyUser } from '../types.js';
import { createManualClock, type Driven, drive, type ManualClock } from './drive.js';
import { API, CLIENT_ID, CLIENT_SECRET, ORIGIN, seededRandom } from './proxy-harness.js';

// The kit loads its refresh and passkey/OAuth I/O on demand; a page fetches that chunk once, but
// here its first import is real module loading, which the manual clock's `drive` cannot wait for.
await preloadWalletAuth();

/** One request as it crossed a hop, body as text. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** `Date.now()` when it was sent. */
  at: number;
}

/** Decides what the upstream hop does with one request: pass it on (`next`) or fault it. */
export type UpstreamInterceptor = (
  request: Request,
  next: (request: Request) => Promise<Response>,
  seen: SeenRequest,
) => Promise<Response>;

export interface KitStackOptions {
  sandbox?: SandboxOptions;
  proxy?: Partial<ProxyOptions>;
  /** Fault injection on the proxy → emulator hop. */
  upstream?: UpstreamInterceptor;
  /** Fault injection on the browser → proxy hop (a dropped connection, a lost answer). */
  browser?: UpstreamInterceptor;
  /** The kit's view of the shared clock (e.g. `skewedClock(clock, 600_000)`). @defaultValue the clock */
  clientClock?: (clock: ManualClock) => Clock;
  /**
   * Add a `Date` header to the proxy's answers, as every Node HTTP server does (the in-process
   * handler has none). @defaultValue true
   */
  dateHeader?: boolean;
}

export interface KitStack {
  /** The shared manual clock (server time). */
  clock: ManualClock;
  /** Runs `promise` to completion, moving the clock between requests (see `drive`). */
  run<T>(promise: Promise<T>, limitMs?: number): Promise<Driven<T>>;
  /** Requests the kit has sent whose answer has not come back yet. */
  inFlight(): number;
  sandbox: Sandbox;
  proxy: WalletAuthProxy;
  client: WalletAuthClient;
  user: ProxyUser & { emailCredentialId: string };
  /** Requests the kit sent to the proxy. */
  browser: SeenRequest[];
  /** Requests the proxy sent to the emulator. */
  upstream: SeenRequest[];
  /** Runs an OTP sign-in with the sandbox code; resolves with the flow's final state. */
  signIn(): Promise<ReturnType<ReturnType<typeof createOtpLoginFlow>['getSnapshot']>>;
}

const pathOf = (url: string) => new URL(url).pathname.replace(/^.*\/2025-10-13/, '');

async function see(request: Request, at: number): Promise<SeenRequest> {
  return {
    method: request.method,
    path: pathOf(request.url),
    headers: Object.fromEntries(request.headers),
    body: request.method === 'GET' ? '' : await request.clone().text(),
    at,
  };
}

/**
 * WebCrypto calls in flight in this test process, held for its life (only the reliability tests
 * build kit stacks): `run` counts them as work in flight, so the manual clock never moves while
 * a stamp or a key is still being computed on Node's thread pool.
 */
let webCrypto: WebCryptoTracker | undefined;

/** Builds emulator + proxy + kit client for one user with an EMAIL_OTP credential. */
export function createKitStack(options: KitStackOptions = {}): KitStack {
  webCrypto ??= trackWebCrypto();
  const tracker = webCrypto;
  const clock = createManualClock();
  let inFlight = 0;
  let lastActivity = performance.now();
  const sandbox = createSandbox({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    clock: clock.now,
    random: seededRandom(7),
    acceptLegacyMagicValues: false,
    ...options.sandbox,
  });
  const browser: SeenRequest[] = [];
  const upstream: SeenRequest[] = [];
  const seeded = sandbox.seedCustomer({
    customerType: 'INDIVIDUAL',
    email: 'alice@example.com',
    fullName: 'Alice Example',
  });
  const user = {
    userId: 'alice',
    customerId: seeded.customer.id as string,
    accountId: seeded.walletAccountId,
    emailCredentialId: seeded.credentialIds[0]!,
  };
  const proxy = createProxy({
    upstream: {
      baseUrl: 'http://127.0.0.1/2025-10-13',
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      fetch: async (request) => {
        const seen = await see(request, clock.now());
        upstream.push(seen);
        const next = (forwarded: Request) => sandbox.fetch(forwarded);
        return options.upstream === undefined
          ? next(request)
          : options.upstream(request, next, seen);
      },
    },
    allowedOrigins: [ORIGIN],
    resolveUser: async () => user,
    clock: clock.now,
    random: seededRandom(11),
    rateLimit: { requestsPerMinute: 0 },
    ...options.proxy,
  });
  const addDate = options.dateHeader !== false;
  const client = createWalletAuthClient({
    baseUrl: API,
    fetch: async (request) => {
      inFlight += 1;
      lastActivity = performance.now();
      try {
        const headers = new Headers(request.headers);
        headers.set('Origin', ORIGIN);
        const sent = new Request(request, { headers });
        const seen = await see(sent, clock.now());
        browser.push(seen);
        const next = (forwarded: Request) => proxy.fetch(forwarded);
        const response =
          options.browser === undefined
            ? await next(sent)
            : await options.browser(sent, next, seen);
        if (!addDate || response.headers.has('Date')) {
          return response;
        }
        const withDate = new Headers(response.headers);
        withDate.set('Date', new Date(clock.now()).toUTCString());
        return new Response(response.body, { status: response.status, headers: withDate });
      } finally {
        inFlight -= 1;
        lastActivity = performance.now();
      }
    },
    environment: 'sandbox',
    enclaveKeys: { otpSigner: sandbox.enclavePublicKey },
    keyStore: createMemoryKeyStore(),
    channel: false,
    refreshMarginMs: 0,
    clock: options.clientClock?.(clock) ?? clock,
  });
  return {
    clock,
    run: (promise, limitMs) =>
      drive(promise, clock, {
        inFlight: () => inFlight + tracker.inFlight(),
        lastActivity: () => lastActivity,
        ...(limitMs === undefined ? {} : { limitMs }),
      }),
    inFlight: () => inFlight,
    sandbox,
    proxy,
    client,
    user,
    browser,
    upstream,
    signIn: () =>
      new Promise((resolve) => {
        const flow = createOtpLoginFlow(client);
        let submitted = false;
        const check = () => {
          const state = flow.getSnapshot();
          if (state.status === 'awaitingCode' && !submitted) {
            submitted = true;
            queueMicrotask(() => flow.submitCode('000000'));
          } else if (
            state.status === 'authenticated' ||
            state.status === 'failed' ||
            state.status === 'rateLimited' ||
            (state.status === 'awaitingCode' && state.problem !== undefined)
          ) {
            unsubscribe();
            resolve(state);
          }
        };
        const unsubscribe = flow.subscribe(check);
        flow.start(user.emailCredentialId);
        check();
      }),
  };
}

/** True for the signed leg of a request (it carries the stamp). */
export function isSignedLeg(request: Request | SeenRequest): boolean {
  const headers = request.headers;
  return headers instanceof Headers
    ? headers.has('Service-Wallet-Signature')
    : 'service-wallet-signature' in headers;
}

/** A JSON error envelope response as the emulator would send it. */
export function envelopeResponse(
  status: number,
  code: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ status, code, message: `${code} (injected)` }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
