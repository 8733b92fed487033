/**
 * The proxy's state, behind small ports (one per kind of state) so several proxy instances can
 * share it: rate-limit windows, demo sign-in sessions, the quote ledger, the ownership cache and
 * the user bindings. Each has an in-memory implementation (one instance) and a Redis one
 * (`@wallet-auth/proxy/redis`, several instances). Every write carries or implies a lifetime, so
 * nothing lives forever in a shared store.
 *
 * A store that cannot answer throws (or rejects); the proxy then answers 503 with `Retry-After`
 * and grants nothing (fail closed), except for the ownership cache, whose misses only cost an
 * upstream read.
 */
import type { ProxyUser } from '../types.js';

/** Outcome of one {@link RateLimitStore.hit}. */
export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/** Sliding-window rate limits: at most `limit` hits per key in any `windowMs`. */
export interface RateLimitStore {
  /**
   * Atomically records a hit on `key` at `nowMs` unless `limit` hits already fall in the window
   * `(nowMs - windowMs, nowMs]`; a refusal is not recorded and says when the oldest hit leaves.
   */
  hit(
    key: string,
    options: { limit: number; windowMs: number; nowMs: number },
  ): Promise<RateLimitVerdict>;
}

/** A signed-in demo session: who it is for, until when. */
export interface SessionRecord {
  user: UserBinding;
  /** Epoch ms after which the session is gone. */
  expiresAtMs: number;
}

/**
 * Server-side sessions of the demo sign-in. A cookie is honoured only while its id is stored,
 * so a sign-out on one instance holds on every instance, and a store that lost its data signs
 * everybody out instead of reviving revoked cookies.
 */
export interface SessionStore {
  /** Stores `record` under `sessionId` for `ttlMs`. */
  create(sessionId: string, record: SessionRecord, ttlMs: number): Promise<void>;
  get(sessionId: string): Promise<SessionRecord | undefined>;
  /** Deletes the session (sign-out); deleting an unknown id is not an error. */
  delete(sessionId: string): Promise<void>;
}

/** Remembers which quotes each user created through the proxy, so only those execute. */
export interface QuoteLedger {
  record(userId: string, quoteId: string): void | Promise<void>;
  has(userId: string, quoteId: string): boolean | Promise<boolean>;
}

/**
 * Short-lived copies of upstream id lists (a user's credentials or sessions) used to answer
 * ownership checks without a list call each time. Advisory: a failing cache is treated as a
 * miss, never as a "yes".
 */
export interface OwnershipCache {
  get(key: string): Promise<readonly string[] | undefined>;
  set(key: string, ids: readonly string[], ttlMs: number): Promise<void>;
}

/** An app user bound to exactly one customer and its EMBEDDED_WALLET account. */
export interface UserBinding extends ProxyUser {
  /** The e-mail the customer was created with, when one was given. */
  email?: string;
  /** When the binding was made, epoch ms. */
  createdAt: number;
}

/** Where user bindings live. Bindings never change once made. */
export interface UserBindingStore {
  get(userId: string): Promise<UserBinding | undefined>;
  /** Stores `binding` unless one exists for its `userId`; returns the binding that is stored. */
  putIfAbsent(binding: UserBinding): Promise<UserBinding>;
  /**
   * Takes the right to provision `userId` for `ttlMs` (one instance at a time creates its
   * customer); false while another holder has it.
   */
  reserve(userId: string, ttlMs: number): Promise<boolean>;
  /** Gives the reservation back early. */
  release(userId: string): Promise<void>;
}

/** Every store the proxy uses; `createProxy({ stores })` takes any subset, memory for the rest. */
export interface ProxyStores {
  rateLimits: RateLimitStore;
  sessions: SessionStore;
  quotes: QuoteLedger;
  ownership: OwnershipCache;
  bindings: UserBindingStore;
}

/**
 * Thrown (or wrapped) when a store cannot answer; rendered as 503 `SERVICE_UNAVAILABLE` with
 * `Retry-After`.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: keyof ProxyStores,
    options: { cause?: unknown } = {},
  ) {
    super(`The proxy's ${store} store is unavailable`, options);
    this.name = 'StoreUnavailableError';
  }
}
