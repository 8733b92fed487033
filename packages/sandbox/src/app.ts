import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.js';
import { type ResolvedSandboxOptions, resolveSandboxOptions, type SandboxOptions } from './options.js';
import { internalAccountsRoutes } from './routes/internal-accounts.js';
import { CURRENCIES, SandboxState } from './state.js';

/** API version path segment (service interface: Versioning). */
export const API_VERSION = '2025-10-13';
/** Largest accepted request body (wire-format §1). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface Sandbox {
  /** Web-standard fetch handler serving `/2025-10-13/*`. */
  fetch: (request: Request) => Promise<Response>;
  /** Resolved options, defaults filled in. */
  options: ResolvedSandboxOptions;
  /** The emulator's clock, in epoch ms. */
  now: () => number;
  /** In-memory state, for tests and seeding. */
  state: SandboxState;
}

function timingSafeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  }
  return diff === 0;
}

function checkBasicAuth(header: string | undefined, options: ResolvedSandboxOptions): boolean {
  const match = header === undefined ? null : /^Basic ([A-Za-z0-9+/=]+)$/.exec(header);
  if (match === null) {
    return false;
  }
  let decoded: string;
  try {
    decoded = atob(match[1]!);
  } catch {
    return false;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) {
    return false;
  }
  return (
    timingSafeEqual(decoded.slice(0, colon), options.clientId) &&
    timingSafeEqual(decoded.slice(colon + 1), options.clientSecret)
  );
}

/**
 * Creates an emulator of the service: an in-memory, strict implementation of
 * ../shared/service-interface.md as a fetch handler that runs in Node and in the browser.
 *
 * @example
 * const sandbox = createSandbox();
 * const res = await sandbox.fetch(new Request('http://sandbox/2025-10-13/customers/internal-accounts', {
 *   headers: { Authorization: `Basic ${btoa('sandbox-client-id:sandbox-client-secret')}` },
 * }));
 */
export function createSandbox(input: SandboxOptions = {}): Sandbox {
  const options = resolveSandboxOptions(input);
  const state = new SandboxState(options);
  // The platform's own accounts (service interface: "The platform has internal accounts of its own").
  state.createAccount({ type: 'INTERNAL_FIAT', currency: CURRENCIES.USD!, label: 'Platform USD' });
  state.createAccount({ type: 'INTERNAL_CRYPTO', currency: CURRENCIES.USDC!, label: 'Platform USDC' });

  const app = new Hono().basePath(`/${API_VERSION}`);
  app.use('*', async (c, next) => {
    if (!checkBasicAuth(c.req.header('Authorization'), options)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Missing or invalid API credentials', {
        reason: 'HTTP Basic credentials missing or wrong',
        headers: { 'WWW-Authenticate': 'Basic realm="service"' },
      });
    }
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'INVALID_INPUT', 'Request body exceeds 64 KiB');
      },
    }),
  );
  app.route('/', internalAccountsRoutes(state));
  app.notFound((c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(new ApiError(404, 'NOT_FOUND', 'No such route').toJSON(), 404);
  });
  app.onError((error, c) => {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(500, 'INTERNAL_ERROR', 'Internal error');
    for (const [name, value] of Object.entries(apiError.headers)) {
      c.header(name, value);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(apiError.toJSON(), apiError.status);
  });

  return {
    fetch: async (request) => app.fetch(request),
    options,
    now: options.clock,
    state,
  };
}
