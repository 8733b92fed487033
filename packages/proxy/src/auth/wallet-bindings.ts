/**
 * The production user binding, server side: what a team's backend calls from its own sign-up
 * (create the customer with the platform credentials, find its EMBEDDED_WALLET, remember the
 * binding) and the `resolveUser` the proxy calls on every request (the app's own authentication,
 * then the stored binding).
 */
import { SIGNATURE_HEADER } from '../http/forward-headers.js';
import { resolveUpstream, type UpstreamOptions } from '../options.js';
import { BINDING_METHODS, guard } from '../stores/guard-stores.js';
import { createMemoryUserBindingStore } from '../stores/memory-stores.js';
import type { UserBinding, UserBindingStore } from '../stores/stores.js';
import type { ResolveUser } from '../types.js';
import { createUpstreamClient } from '../upstream/upstream-client.js';
import { createBinder } from './binder.js';
import type { CustomerDetails } from './provision-customer.js';

/** Options of {@link createWalletBindings}. */
export interface WalletBindingsOptions {
  /** The same upstream (and platform credentials) as the proxy's. */
  upstream: UpstreamOptions;
  /**
   * Where bindings live: the same store the proxy instances share (e.g. `stores.bindings` of
   * `createRedisStores`). @defaultValue in memory (one process only)
   */
  store?: UserBindingStore;
  /** @defaultValue Date.now */
  clock?: () => number;
}

/** The app's own authentication: its user id for a request, or null/undefined when signed out. */
export type Authenticate = (
  request: Request,
) => Promise<string | null | undefined> | string | null | undefined;

/** Server-side helpers of the production user binding. */
export interface WalletBindings {
  /**
   * Binds `userId` (your user's stable id) to its customer and EMBEDDED_WALLET, or returns the
   * binding it already has: safe to call on every sign-in, from any instance. `customer` goes to
   * `POST /customers` when the user has none yet (an `email` gives the wallet its EMAIL_OTP
   * credential).
   * @throws ApiError with the service's envelope when it refuses the customer (e.g. 400
   * `INVALID_INPUT`) or answers unexpectedly (502); `UpstreamError` when the service cannot be
   * reached or times out (`kind` says which); `StoreUnavailableError` when the binding store is
   * down; your sign-up should answer the person with a retry-later message for those two.
   * Before creating a customer, `bind` looks for one whose `platformCustomerId` is `userId`
   * (`GET /customers`): a failure after the service created the customer, or a binding store
   * that lost its data, binds the user to that same customer and wallet at the next `bind`.
   */
  bind(userId: string, customer?: CustomerDetails): Promise<UserBinding>;
  /** The stored binding of `userId`, if any. */
  find(userId: string): Promise<UserBinding | undefined>;
  /**
   * The proxy's `resolveUser` from your authentication: a request whose user has no binding yet
   * counts as signed out (bind at sign-up, not on the proxy's hot path).
   */
  resolveUser(authenticate: Authenticate): ResolveUser;
}

const FOUND_CACHE_SIZE = 10_000;

/**
 * Creates the binding helpers.
 *
 * @example
 * const bindings = createWalletBindings({ upstream, store: redis.stores.bindings });
 * // In your sign-up handler, after your own user exists:
 * await bindings.bind(user.id, { email: user.email });
 * // And the proxy:
 * createProxy({ upstream, allowedOrigins, stores: redis.stores,
 *   resolveUser: bindings.resolveUser(async (request) => (await getSession(request))?.userId) });
 */
export function createWalletBindings(options: WalletBindingsOptions): WalletBindings {
  const upstream = createUpstreamClient(resolveUpstream(options.upstream), SIGNATURE_HEADER);
  const clock = options.clock ?? Date.now;
  const binder = createBinder({
    upstream,
    store: guard(
      'bindings',
      options.store ?? createMemoryUserBindingStore({ clock }),
      BINDING_METHODS,
      () => undefined,
    ),
    clock,
  });
  // Bindings never change once made: a found one is kept here, saving a store read per request.
  const found = new Map<string, UserBinding>();
  const remember = (binding: UserBinding) => {
    if (found.size >= FOUND_CACHE_SIZE) {
      found.delete(found.keys().next().value!);
    }
    found.set(binding.userId, binding);
    return binding;
  };
  async function find(userId: string): Promise<UserBinding | undefined> {
    const known = found.get(userId);
    if (known !== undefined) {
      return known;
    }
    const binding = await binder.find(userId);
    return binding === undefined ? undefined : remember(binding);
  }
  return {
    async bind(userId, customer = {}) {
      return remember(await binder.bind(userId, customer));
    },
    find,
    resolveUser(authenticate) {
      return async (request) => {
        const userId = await authenticate(request);
        if (typeof userId !== 'string' || userId === '') {
          return null;
        }
        const binding = await find(userId);
        return binding === undefined
          ? null
          : {
              userId: binding.userId,
              customerId: binding.customerId,
              accountId: binding.accountId,
            };
      };
    },
  };
}
