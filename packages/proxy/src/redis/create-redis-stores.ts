/**
 * The proxy's stores on Redis, for several proxy instances sharing one state (reliability
 * catalogue BFF-29..BFF-31, BFF-35, BFF-36): atomic counters and set-if-absent in Lua, a
 * lifetime on every key but the user bindings (records, not state), every key under one
 * namespace. The client fails fast while Redis is away (no offline queue, short command
 * timeout), so the proxy answers 503 at once instead of queueing, and reconnects by itself.
 */
import { Redis, type RedisOptions } from 'ioredis';
import { canonicalId } from '../ids.js';
import { ProxyConfigError } from '../options-checks.js';
import type {
  OwnershipCache,
  ProxyStores,
  QuoteLedger,
  RateLimitStore,
  SessionRecord,
  SessionStore,
  UserBinding,
  UserBindingStore,
} from '../stores/stores.js';
import { PUT_IF_ABSENT, RATE_LIMIT_HIT, RECORD_QUOTE } from './redis-scripts.js';

/** Options of {@link createRedisStores}. */
export interface RedisStoresOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS). Required unless `client` is given. */
  url?: string;
  /** An ioredis client you configured yourself (Sentinel, Cluster, TLS options…); not closed by `close()`. */
  client?: Redis;
  /** Prefix of every key. @defaultValue 'wallet-auth' */
  namespace?: string;
  /** Start-up deadline for the first connection. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** Deadline of one command; past it the request answers 503. @defaultValue 500 */
  commandTimeoutMs?: number;
  /** Quotes remembered per user, and for how long. @defaultValue `{ maxPerUser: 100, ttlMs: 86400000 }` */
  quotes?: { maxPerUser?: number; ttlMs?: number };
  /** Lifetime of a user binding; bindings are records, kept for good by default. @defaultValue 0 (none) */
  bindingTtlMs?: number;
}

/** What {@link createRedisStores} returns. */
export interface RedisStores {
  /** Pass to `createProxy({ stores })` (and `stores.bindings` to `createWalletBindings`). */
  stores: ProxyStores;
  /** The ioredis client in use. */
  client: Redis;
  /** Closes the connection made from `url` (a passed `client` is left open). */
  close(): Promise<void>;
}

interface ScriptedRedis extends Redis {
  walletAuthHit(
    key: string,
    now: number,
    window: number,
    limit: number,
    member: string,
  ): Promise<[number, number]>;
  walletAuthPutIfAbsent(key: string, json: string, ttlMs: number): Promise<string | null>;
  walletAuthRecordQuote(
    key: string,
    now: number,
    quoteId: string,
    max: number,
    ttlMs: number,
  ): Promise<number>;
}

/** `url` without its password, for error messages. */
function printable(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password !== '') {
    copy.password = '***';
  }
  return copy.href;
}

function parseRedisUrl(url: unknown): URL {
  if (typeof url !== 'string' || url.trim() === '') {
    throw new ProxyConfigError(
      'createRedisStores: option url is missing; pass url: "redis://host:6379" (or a client)',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProxyConfigError(
      `createRedisStores: option url "${url.replace(/:[^:@/]*@/, ':***@')}" is not a URL; expected redis://host:6379 or rediss://host:6380`,
    );
  }
  if (
    (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') ||
    parsed.hostname === '' ||
    (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/\d{1,2}$/.test(parsed.pathname))
  ) {
    throw new ProxyConfigError(
      `createRedisStores: option url "${printable(parsed)}" must be redis://host:port[/db] or rediss://host:port[/db]`,
    );
  }
  return parsed;
}

function parseJson<T>(text: string | null, isValid: (value: unknown) => value is T): T | undefined {
  if (text === null) {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isValid(value) ? value : undefined;
}

function isBinding(value: unknown): value is UserBinding {
  const binding = value as UserBinding | null;
  return (
    typeof binding === 'object' &&
    binding !== null &&
    typeof binding.userId === 'string' &&
    typeof binding.customerId === 'string' &&
    typeof binding.accountId === 'string' &&
    typeof binding.createdAt === 'number'
  );
}

function isSession(value: unknown): value is SessionRecord {
  const record = value as SessionRecord | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.expiresAtMs === 'number' &&
    isBinding(record.user)
  );
}

function isIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((id) => typeof id === 'string');
}

/** Connects (or fails with a {@link ProxyConfigError} naming the option and the cause). */
async function connect(client: Redis, where: string, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onError: ((error: Error) => void) | undefined;
  try {
    await Promise.race([
      // The first connection error ends the start-up at once (ioredis would keep retrying).
      new Promise((_, reject) => {
        onError = reject;
        client.once('error', onError);
      }),
      (async () => {
        if (client.status === 'wait') {
          await client.connect();
        }
        await client.ping();
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    throw new ProxyConfigError(
      `createRedisStores: cannot reach Redis at ${where} (option url): ${(error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
    if (onError !== undefined) {
      client.off('error', onError);
    }
  }
}

/**
 * Connects to Redis and returns the proxy's stores on it. Throws {@link ProxyConfigError} at
 * start when `url` is malformed or Redis does not answer within `connectTimeoutMs`.
 *
 * @example
 * const redis = await createRedisStores({ url: process.env.REDIS_URL });
 * const proxy = createProxy({ ...options, stores: redis.stores });
 */
export async function createRedisStores(options: RedisStoresOptions): Promise<RedisStores> {
  const namespace = options.namespace ?? 'wallet-auth';
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(namespace)) {
    throw new ProxyConfigError(
      `createRedisStores: option namespace "${namespace}" must be 1 to 64 of A-Z a-z 0-9 . _ -`,
    );
  }
  const connectTimeoutMs = options.connectTimeoutMs ?? 2_000;
  const commandTimeoutMs = options.commandTimeoutMs ?? 500;
  const quoteMax = options.quotes?.maxPerUser ?? 100;
  const quoteTtlMs = options.quotes?.ttlMs ?? 24 * 3600_000;
  const bindingTtlMs = options.bindingTtlMs ?? 0;
  let client: Redis;
  let owned = false;
  if (options.client !== undefined) {
    client = options.client;
    await connect(client, 'the given client', connectTimeoutMs);
  } else {
    const url = parseRedisUrl(options.url);
    const settings: RedisOptions = {
      lazyConnect: true,
      // Fail fast while disconnected: a queued command would hold the request past its deadline.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: connectTimeoutMs,
      commandTimeout: commandTimeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    };
    client = new Redis(url.href, settings);
    // Connection errors surface through the stores (503) and the start-up check, not as events.
    client.on('error', () => undefined);
    try {
      await connect(client, `${url.hostname}:${url.port || '6379'}`, connectTimeoutMs);
    } catch (error) {
      client.disconnect();
      throw error;
    }
    owned = true;
  }
  client.defineCommand('walletAuthHit', { numberOfKeys: 1, lua: RATE_LIMIT_HIT });
  client.defineCommand('walletAuthPutIfAbsent', { numberOfKeys: 1, lua: PUT_IF_ABSENT });
  client.defineCommand('walletAuthRecordQuote', { numberOfKeys: 1, lua: RECORD_QUOTE });
  const redis = client as ScriptedRedis;
  const key = (kind: string, id: string) => `${namespace}:${kind}:${id}`;
  let sequence = 0;

  const rateLimits: RateLimitStore = {
    async hit(name, { limit, windowMs, nowMs }) {
      sequence = (sequence + 1) % 1e9;
      const member = `${nowMs}:${process.pid}:${sequence}:${Math.random().toString(36).slice(2, 8)}`;
      const [granted, retryAfterMs] = await redis.walletAuthHit(
        key('rate', name),
        nowMs,
        windowMs,
        limit,
        member,
      );
      return granted === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, retryAfterMs) };
    },
  };
  const sessions: SessionStore = {
    async create(sessionId, record, ttlMs) {
      await redis.set(key('session', sessionId), JSON.stringify(record), 'PX', Math.max(1, ttlMs));
    },
    async get(sessionId) {
      return parseJson(await redis.get(key('session', sessionId)), isSession);
    },
    async delete(sessionId) {
      await redis.del(key('session', sessionId));
    },
  };
  const quotes: QuoteLedger = {
    async record(userId, quoteId) {
      await redis.walletAuthRecordQuote(
        key('quotes', userId),
        Date.now(),
        canonicalId(quoteId),
        quoteMax,
        quoteTtlMs,
      );
    },
    async has(userId, quoteId) {
      return (await redis.zscore(key('quotes', userId), canonicalId(quoteId))) !== null;
    },
  };
  const ownership: OwnershipCache = {
    async get(name) {
      return parseJson(await redis.get(key('owned', name)), isIdList);
    },
    async set(name, ids, ttlMs) {
      await redis.set(key('owned', name), JSON.stringify(ids), 'PX', Math.max(1, ttlMs));
    },
  };
  const bindings: UserBindingStore = {
    async get(userId) {
      return parseJson(await redis.get(key('binding', userId)), isBinding);
    },
    async putIfAbsent(binding) {
      const stored = await redis.walletAuthPutIfAbsent(
        key('binding', binding.userId),
        JSON.stringify(binding),
        bindingTtlMs,
      );
      const parsed = parseJson(stored, isBinding);
      if (parsed === undefined) {
        throw new Error(`binding of ${binding.userId} is unreadable in Redis`);
      }
      return parsed;
    },
    async reserve(userId, ttlMs) {
      return (await redis.set(key('binding-lock', userId), '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async release(userId) {
      await redis.del(key('binding-lock', userId));
    },
  };
  return {
    stores: { rateLimits, sessions, quotes, ownership, bindings },
    client,
    async close() {
      if (owned) {
        client.disconnect();
      }
    },
  };
}
