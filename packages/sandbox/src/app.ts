/**
 * The emulator as a web-standard fetch handler (docs/contributing.md §2.9): Hono sub-apps per resource
 * under `/2025-10-13`, HTTP Basic on every route, the error envelope on every error and never a
 * 500 for bad input.
 */
import { type Context, Hono } from 'hono';
import { ApiError, invalidField, noSuchRoute } from './api-error.js';
import { RateLimiter } from './auth/rate-limits.js';
import type { SandboxContext } from './context.js';
import { readCustomerInput } from './customers/customer-fields.js';
import { provisionCustomer } from './customers/provision.js';
import { createEnclave } from './enclave/enclave.js';
import { EventLog, type WebhookEvent } from './events/event-log.js';
import { createWebhookDispatcher } from './events/webhook-dispatcher.js';
import { createFaultInjector } from './faults.js';
import { basicAuth } from './http/basic-auth.js';
import { limitBody } from './http/body-limit.js';
import { MAX_DOCUMENT_BYTES } from './kyc/document-types.js';
import { CURRENCIES } from './money/currencies.js';
import {
  type ResolvedSandboxOptions,
  resolveSandboxOptions,
  type SandboxOptions,
} from './options.js';
import { matchRouteTemplate } from './route-templates.js';
import { credentialChallengeRoutes } from './routes/credential-challenge.js';
import { credentialVerifyRoutes } from './routes/credential-verify.js';
import { credentialsRoutes } from './routes/credentials.js';
import { customerListRoutes } from './routes/customer-list.js';
import { customersRoutes } from './routes/customers.js';
import { documentsRoutes } from './routes/documents.js';
import { endUserTermsRoutes } from './routes/end-user-terms.js';
import { internalAccountsRoutes } from './routes/internal-accounts.js';
import { quotesRoutes } from './routes/quotes.js';
import { sandboxToolsRoutes } from './routes/sandbox-tools.js';
import { sessionsRoutes } from './routes/sessions.js';
import { transactionsRoutes } from './routes/transactions.js';
import { verificationsRoutes } from './routes/verifications.js';
import { walletRoutes } from './routes/wallet.js';
import { serializeCustomer } from './serialize.js';
import { InflightStore } from './signed-retry/inflight.js';
import { RequestStore } from './signed-retry/request-store.js';
import type { SandboxEvent } from './state/records.js';
import { SandboxState } from './state/sandbox-state.js';

/**
 * Adds `Cache-Control: no-store` to the finished response in place. `c.header()` after the handler
 * would rebuild the response around its body as a stream (Hono's finalized path), several web
 * streams per request on @hono/node-server; headers of a response the app built are mutable.
 */
function noStore(c: Context): void {
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    c.header('Cache-Control', 'no-store'); // immutable headers: rebuild as before
  }
}

/** API version path segment (docs/service-api.md, Versioning). */
export const API_VERSION = '2025-10-13';
/** Largest accepted request body (docs/protocol.md §1). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Largest `POST /documents` body: the 10 MiB file plus room for the other multipart parts. */
const MAX_DOCUMENT_BODY_BYTES = MAX_DOCUMENT_BYTES + MAX_BODY_BYTES;

/** A customer created with {@link Sandbox.seedCustomer}. */
export interface SeededCustomer {
  /** The Customer record as `GET /customers/{id}` returns it. */
  customer: Record<string, unknown>;
  fiatAccountId: string;
  walletAccountId: string;
  /** Ids of the provisioned credentials (EMAIL_OTP, and SMS_OTP when configured). */
  credentialIds: string[];
}

/** One emulator instance. */
export interface Sandbox {
  /** Web-standard fetch handler serving `/2025-10-13/*`. */
  fetch: (request: Request) => Promise<Response>;
  /** Resolved options, defaults filled in. */
  options: ResolvedSandboxOptions;
  /** The emulator's clock, in epoch ms. */
  now: () => number;
  /** pub65 hex of the enclave key clients pin (docs/protocol.md §4); never served over HTTP. */
  enclavePublicKey: string;
  /** Creates a customer as `POST /customers` would (same validation), for tests and demos. */
  seedCustomer: (input: Record<string, unknown>) => SeededCustomer;
  /** Deliveries the emulator skipped (OTP "sent" events, §14), oldest first, at most 1000. */
  events: () => readonly SandboxEvent[];
  /** Webhook events (docs/service-api.md, Events) as delivered, oldest first, at most 1000. */
  eventLog: () => readonly WebhookEvent[];
  /** Resolves once no webhook delivery attempt is running (a retry waiting on its timer excepted). */
  settleWebhooks: () => Promise<void>;
  /** Signed-retry requests remembered (pending, processing, tombstones): for memory tests. */
  pendingRequestCount: () => number;
  /** In-memory state, for tests. */
  state: SandboxState;
}

/**
 * Creates an emulator of the service: an in-memory, strict implementation of the interface and
 * docs/protocol.md §2–§15, as a fetch handler that runs in Node and in the browser.
 *
 * @example
 * const sandbox = createSandbox({ clock: () => fakeNow });
 * const res = await sandbox.fetch(new Request('http://sandbox/2025-10-13/customers/internal-accounts', {
 *   headers: { Authorization: `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}` },
 * }));
 */
export function createSandbox(input: SandboxOptions = {}): Sandbox {
  const options = resolveSandboxOptions(input);
  const state = new SandboxState(options);
  const faults = createFaultInjector(options);
  const dispatcher =
    options.webhooks === undefined
      ? undefined
      : createWebhookDispatcher(options.webhooks, options.clock);
  const ctx: SandboxContext = {
    options,
    state,
    enclave: createEnclave(options.enclaveSigningKey, options.random, options.crypto),
    requests: new RequestStore(options.clock, options.challengeLifetimeSeconds * 1000),
    inflight: new InflightStore(options.clock),
    rateLimits: new RateLimiter(options.rateLimits, options.clock),
    processingTimes: (template) =>
      faults.processingTimes(template, options.processing[template] ?? 0),
    events: new EventLog({ newId: () => state.newId('Event'), now: options.clock, dispatcher }),
  };
  // The platform's own accounts (docs/service-api.md, "The platform has internal accounts of its own").
  state.createAccount({
    type: 'INTERNAL_FIAT',
    currency: CURRENCIES.USD!,
    label: 'Platform USD',
    isPlatformAccount: true,
  });
  state.createAccount({
    type: 'INTERNAL_CRYPTO',
    currency: CURRENCIES.USDC!,
    label: 'Platform USDC',
    isPlatformAccount: true,
  });

  const app = new Hono().basePath(`/${API_VERSION}`);
  app.use('*', async (c, next) => {
    ctx.requests.tick(); // the TTL sweep of §11.3 runs on any traffic
    state.sessionStore.tick(state.now()); // ended sessions → tombstones → forgotten
    await next();
    noStore(c);
  });
  app.use('*', basicAuth(options.clientId, options.clientSecret));
  // A path the emulator does not serve is 404 "No such route" before any validation, so that e.g.
  // GET /customers/external-accounts is never read as GET /customers/{customerId} (§1 ids).
  const basePrefix = `/${API_VERSION}`;
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname.slice(basePrefix.length);
    if (matchRouteTemplate(c.req.method, path) === undefined) {
      throw noSuchRoute();
    }
    await next();
  });
  const jsonLimit = limitBody(MAX_BODY_BYTES, () => {
    throw new ApiError(413, 'INVALID_INPUT', 'Request body exceeds 64 KiB');
  });
  // Documents carry files up to 10 MiB; a larger upload is a 400 naming `file` (routes/documents.ts).
  const documentLimit = limitBody(MAX_DOCUMENT_BODY_BYTES, () => {
    throw invalidField('file', 'Must be at most 10 MiB', { maxLength: MAX_DOCUMENT_BYTES });
  });
  const documentsPath = `/${API_VERSION}/documents`;
  app.use('*', (c, next) =>
    c.req.method === 'POST' && new URL(c.req.url).pathname === documentsPath
      ? documentLimit(c, next)
      : jsonLimit(c, next),
  );
  app.route('/', internalAccountsRoutes(ctx));
  app.route('/', endUserTermsRoutes()); // before /customers/{customerId}
  app.route('/', customerListRoutes(ctx));
  app.route('/', customersRoutes(ctx));
  app.route('/', verificationsRoutes(ctx));
  app.route('/', documentsRoutes(ctx));
  app.route('/', quotesRoutes(ctx));
  app.route('/', transactionsRoutes(ctx));
  app.route('/', sandboxToolsRoutes(ctx));
  app.route('/', walletRoutes(ctx));
  app.route('/', credentialsRoutes(ctx));
  app.route('/', credentialChallengeRoutes(ctx));
  app.route('/', credentialVerifyRoutes(ctx));
  app.route('/', sessionsRoutes(ctx));
  app.notFound((c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(noSuchRoute().toJSON(), 404);
  });
  app.onError((error, c) => {
    const apiError =
      error instanceof ApiError ? error : new ApiError(500, 'INTERNAL_ERROR', 'Internal error');
    for (const [name, value] of Object.entries(apiError.headers)) {
      c.header(name, value);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(apiError.toJSON(), apiError.status);
  });

  return {
    fetch: (request) => faults.run(request, (req) => Promise.resolve(app.fetch(req))),
    options,
    now: options.clock,
    enclavePublicKey: ctx.enclave.publicKeyHex,
    seedCustomer: (customerInput) => {
      const parsed = readCustomerInput(customerInput, { partial: false, now: state.now() });
      const created = provisionCustomer(ctx, { ...parsed, customerType: parsed.customerType! });
      return {
        customer: serializeCustomer(created.customer),
        fiatAccountId: created.fiatAccount.id,
        walletAccountId: created.wallet.id,
        credentialIds: created.credentials.map((credential) => credential.id),
      };
    },
    events: () => [...state.events],
    eventLog: () => ctx.events.list().map((entry) => entry.event),
    settleWebhooks: () => dispatcher?.settled() ?? Promise.resolve(),
    pendingRequestCount: () => ctx.requests.size,
    state,
  };
}
