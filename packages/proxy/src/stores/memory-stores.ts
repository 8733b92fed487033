/**
 * In-memory implementations of the {@link ProxyStores} ports: right for one proxy instance
 * (state is lost on restart, which signs demo users out and forgets quotes); several instances
 * need shared stores such as `createRedisStores` from `@wallet-auth/proxy/redis`.
 */
import { canonicalId } from '../ids.js';
import type {
  OwnershipCache,
  ProxyStores,
  QuoteLedger,
  RateLimitStore,
  SessionRecord,
  SessionStore,
  UserBinding,
  UserBindingStore,
} from './stores.js';
import { createTtlMap } from './ttl-map.js';

/** Options shared by the memory stores. */
export interface MemoryStoreOptions {
  /** `() => epoch ms` for lifetimes. @defaultValue Date.now */
  clock?: () => number;
  /** Keys kept per store before the oldest is evicted. @defaultValue 10000 */
  maxKeys?: number;
}

/** Sliding-window log per key (timestamps of the hits still inside the window). */
export function createMemoryRateLimitStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 10_000;
  const logs = new Map<string, number[]>();
  return {
    async hit(key, { limit, windowMs, nowMs }) {
      const hits = (logs.get(key) ?? []).filter((at) => at > nowMs - windowMs);
      logs.delete(key);
      if (hits.length >= limit) {
        logs.set(key, hits);
        return { ok: false, retryAfterMs: Math.max(1, hits[0]! + windowMs - nowMs) };
      }
      hits.push(nowMs);
      logs.set(key, hits);
      if (logs.size > maxKeys) {
        const oldest = logs.keys().next().value;
        if (oldest !== undefined) {
          logs.delete(oldest);
        }
      }
      return { ok: true };
    },
  };
}

/** Demo sessions in memory, each dropped at its lifetime. */
export function createMemorySessionStore(options: MemoryStoreOptions = {}): SessionStore {
  const sessions = createTtlMap<SessionRecord>({
    clock: options.clock ?? Date.now,
    maxEntries: options.maxKeys ?? 100_000,
  });
  return {
    async create(sessionId, record, ttlMs) {
      sessions.set(sessionId, structuredClone(record), ttlMs);
    },
    async get(sessionId) {
      const record = sessions.get(sessionId);
      return record === undefined ? undefined : structuredClone(record);
    },
    async delete(sessionId) {
      sessions.delete(sessionId);
    },
  };
}

/**
 * The last `maxPerUser` quotes each user created through the proxy, each remembered for
 * `ttlMs` (quotes expire upstream long before a day).
 */
export function createMemoryQuoteLedger(
  options: MemoryStoreOptions & { maxPerUser?: number; ttlMs?: number } = {},
): QuoteLedger {
  const maxPerUser = options.maxPerUser ?? 100;
  const ttlMs = options.ttlMs ?? 24 * 3600_000;
  const byUser = createTtlMap<string[]>({
    clock: options.clock ?? Date.now,
    maxEntries: options.maxKeys ?? 10_000,
  });
  return {
    record(userId, quoteId) {
      const quotes = [...(byUser.get(userId) ?? []), canonicalId(quoteId)].slice(-maxPerUser);
      byUser.set(userId, quotes, ttlMs);
    },
    has(userId, quoteId) {
      return byUser.get(userId)?.includes(canonicalId(quoteId)) ?? false;
    },
  };
}

/** Ownership lists in memory. */
export function createMemoryOwnershipCache(options: MemoryStoreOptions = {}): OwnershipCache {
  const lists = createTtlMap<readonly string[]>({
    clock: options.clock ?? Date.now,
    maxEntries: options.maxKeys ?? 10_000,
  });
  return {
    async get(key) {
      return lists.get(key);
    },
    async set(key, ids, ttlMs) {
      lists.set(key, [...ids], ttlMs);
    },
  };
}

/** User bindings in memory (never expire; reservations do). */
export function createMemoryUserBindingStore(
  options: Pick<MemoryStoreOptions, 'clock'> = {},
): UserBindingStore {
  const bindings = new Map<string, UserBinding>();
  const reservations = createTtlMap<true>({
    clock: options.clock ?? Date.now,
    maxEntries: 100_000,
  });
  return {
    async get(userId) {
      const binding = bindings.get(userId);
      return binding === undefined ? undefined : { ...binding };
    },
    async putIfAbsent(binding) {
      const existing = bindings.get(binding.userId);
      if (existing !== undefined) {
        return { ...existing };
      }
      bindings.set(binding.userId, { ...binding });
      return { ...binding };
    },
    async reserve(userId, ttlMs) {
      if (reservations.has(userId)) {
        return false;
      }
      reservations.set(userId, true, ttlMs);
      return true;
    },
    async release(userId) {
      reservations.delete(userId);
    },
  };
}

/** Every store in memory, sharing one clock. */
export function createMemoryStores(options: MemoryStoreOptions = {}): ProxyStores {
  return {
    rateLimits: createMemoryRateLimitStore(options),
    sessions: createMemorySessionStore(options),
    quotes: createMemoryQuoteLedger(options),
    ownership: createMemoryOwnershipCache(options),
    bindings: createMemoryUserBindingStore(options),
  };
}
