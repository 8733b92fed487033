/**
 * Wraps the configured stores so a failing one never fails open: any throw or rejection of a
 * rate-limit, session, quote or binding store becomes a {@link StoreUnavailableError} (503 with
 * `Retry-After`, nothing granted); the advisory ownership cache degrades to a miss instead.
 */
import { type ProxyStores, StoreUnavailableError, type UserBindingStore } from './stores.js';

/** Called when a store failed (for the log); never throws. */
export type StoreFailureListener = (store: keyof ProxyStores, error: unknown) => void;

/** Wraps one store: every listed method rejects with {@link StoreUnavailableError} on failure. */
export function guard<T extends object>(
  name: keyof ProxyStores,
  store: T,
  methods: readonly (keyof T & string)[],
  onFailure: StoreFailureListener,
): T {
  const guarded: Record<string, unknown> = {};
  for (const method of methods) {
    const original = store[method];
    if (typeof original !== 'function') {
      throw new TypeError(`stores.${name}.${method} must be a function`);
    }
    guarded[method] = async (...args: unknown[]) => {
      try {
        return await (original as (...a: unknown[]) => unknown).apply(store, args);
      } catch (error) {
        onFailure(name, error);
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError(name, { cause: error });
      }
    };
  }
  return guarded as T;
}

/** The methods of a {@link UserBindingStore}. */
export const BINDING_METHODS = ['get', 'putIfAbsent', 'reserve', 'release'] as const;

/** Returns the stores with the fail-closed wrapping applied. */
export function guardStores(stores: ProxyStores, onFailure: StoreFailureListener): ProxyStores {
  return {
    rateLimits: guard('rateLimits', stores.rateLimits, ['hit'], onFailure),
    sessions: guard('sessions', stores.sessions, ['create', 'get', 'delete'], onFailure),
    quotes: guard('quotes', stores.quotes, ['record', 'has'], onFailure),
    bindings: guard('bindings', stores.bindings, BINDING_METHODS, onFailure),
    ownership: {
      async get(key) {
        try {
          return await stores.ownership.get(key);
        } catch (error) {
          onFailure('ownership', error);
          return undefined;
        }
      },
      async set(key, ids, ttlMs) {
        try {
          await stores.ownership.set(key, ids, ttlMs);
        } catch (error) {
          onFailure('ownership', error);
        }
      },
    },
  };
}
