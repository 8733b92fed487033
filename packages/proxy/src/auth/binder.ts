/**
 * Making and finding user bindings (one app user → one customer and its EMBEDDED_WALLET),
 * shared by the demo sign-in and `createWalletBindings`. A binding is made at most once per
 * user across instances: the store's reservation lets one instance provision while the others
 * wait for its result. A binding the store lost is made again from the customer the service
 * already has for the user (its `platformCustomerId`), never from a new one (BFF-55).
 */
import { ApiError } from '../api-error.js';
import { isResourceId } from '../ids.js';
import type { UserBinding, UserBindingStore } from '../stores/stores.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import { type CustomerDetails, provisionCustomer } from './provision-customer.js';

/** Binds users and looks bindings up. */
export interface Binder {
  /** The user's binding, made now (customer created upstream) if there is none yet. */
  bind(userId: string, details: CustomerDetails): Promise<UserBinding>;
  find(userId: string): Promise<UserBinding | undefined>;
}

const RESERVATION_MS = 30_000;
const WAIT_STEP_MS = 100;
const WAIT_LIMIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks that a stored binding names a customer and a wallet (a corrupted record binds nobody). */
function checked(binding: UserBinding | undefined): UserBinding | undefined {
  return binding !== undefined &&
    isResourceId(binding.customerId, 'Customer') &&
    isResourceId(binding.accountId, 'InternalAccount')
    ? binding
    : undefined;
}

/** Creates a binder over an upstream client and a binding store. */
export function createBinder(deps: {
  upstream: UpstreamClient;
  store: UserBindingStore;
  clock: () => number;
  onEvent?: (event: string, fields: Record<string, unknown>) => void;
}): Binder {
  // One provisioning per user in this instance; the reservation covers the other instances.
  const pending = new Map<string, Promise<UserBinding>>();

  async function provision(userId: string, details: CustomerDetails): Promise<UserBinding> {
    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      const existing = checked(await deps.store.get(userId));
      if (existing !== undefined) {
        return existing;
      }
      if (await deps.store.reserve(userId, RESERVATION_MS)) {
        break;
      }
      if (waited >= WAIT_LIMIT_MS) {
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sign-up in progress elsewhere; retry', {
          headers: { 'Retry-After': '1' },
        });
      }
      await sleep(WAIT_STEP_MS);
    }
    try {
      const { found, ...ids } = await provisionCustomer(deps.upstream, userId, details);
      const stored = await deps.store.putIfAbsent({
        userId,
        ...ids,
        ...(typeof details.email === 'string' ? { email: details.email } : {}),
        createdAt: deps.clock(),
      });
      // `recovered`: the store had lost the binding; the user's own customer was found again.
      deps.onEvent?.(found ? 'binding.recovered' : 'binding.created', {
        userId,
        customerId: stored.customerId,
      });
      return stored;
    } finally {
      await deps.store.release(userId).catch(() => undefined);
    }
  }

  return {
    async bind(userId, details) {
      if (typeof userId !== 'string' || userId === '' || userId.length > 255) {
        throw new TypeError('userId must be a non-empty string of at most 255 characters');
      }
      const existing = checked(await deps.store.get(userId));
      if (existing !== undefined) {
        return existing;
      }
      let running = pending.get(userId);
      if (running === undefined) {
        running = provision(userId, details).finally(() => pending.delete(userId));
        pending.set(userId, running);
      }
      return running;
    },
    async find(userId) {
      return checked(await deps.store.get(userId));
    },
  };
}
