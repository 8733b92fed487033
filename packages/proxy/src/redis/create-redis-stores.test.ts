import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxyConfigError } from '../options-checks.js';
import { createMemoryStores } from '../stores/memory-stores.js';
import type { ProxyStores, UserBinding } from '../stores/stores.js';
import { startTestRedis, type TestRedis } from '../testing/redis-server.js';
import { createRedisStores, type RedisStores } from './create-redis-stores.js';

let redis: TestRedis;
const opened: RedisStores[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const stores of opened) {
    await stores.close();
  }
  await redis.close();
});

async function startError(options: Parameters<typeof createRedisStores>[0]): Promise<Error> {
  try {
    opened.push(await createRedisStores(options));
  } catch (error) {
    return error as Error;
  }
  throw new Error('started');
}

const binding = (userId: string, n: number): UserBinding => ({
  userId,
  customerId: `Customer:00000000-0000-4000-8000-00000000000${n}`,
  accountId: `InternalAccount:00000000-0000-4000-8000-00000000000${n}`,
  createdAt: n,
});

describe('createRedisStores start-up', () => {
  it('BFF-35: given a malformed Redis URL, should refuse to start with an error naming the option url (and no password)', async () => {
    for (const url of [
      '',
      'localhost:6379',
      'http://127.0.0.1:6379',
      'redis://',
      'redis://:s3cret@127.0.0.1:6379/x/y',
    ]) {
      const error = await startError({ url });
      expect(error).toBeInstanceOf(ProxyConfigError);
      expect(error.message).toMatch(/option url/);
      expect(error.message).not.toContain('s3cret');
    }
    const missing = await startError({});
    expect(missing.message).toMatch(/option url is missing/);
    expect((await startError({ url: redis.url, namespace: 'a b' })).message).toMatch(/namespace/);
  });

  it('BFF-35: given an unreachable Redis (refused, or a port that never answers), should refuse to start within the deadline with an error naming the option url', async () => {
    const refusedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const refused = await startError({ url: `redis://127.0.0.1:${refusedPort}` });
    expect(refused).toBeInstanceOf(ProxyConfigError);
    expect(refused.message).toMatch(
      new RegExp(`cannot reach Redis at 127\\.0\\.0\\.1:${refusedPort} \\(option url\\)`),
    );
    // A port that accepts connections and never speaks: the start-up deadline ends the wait.
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const startedAt = performance.now();
    const hung = await startError({ url: `redis://127.0.0.1:${port}`, connectTimeoutMs: 300 });
    expect(hung.message).toMatch(/option url/);
    expect(performance.now() - startedAt).toBeLessThan(3_000);
    for (const socket of sockets) {
      socket.destroy();
    }
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe.each([
  ['memory', async () => createMemoryStores()],
  [
    'redis',
    async () => {
      const stores = await createRedisStores({
        url: redis.url,
        namespace: `contract-${Math.random().toString(36).slice(2)}`,
      });
      opened.push(stores);
      return stores.stores;
    },
  ],
] as const)('the %s stores', (_name, make: () => Promise<ProxyStores>) => {
  it('BFF-30: given 200 parallel hits on one key with a limit of 50, should grant exactly 50 and say when the oldest leaves', async () => {
    const stores = await make();
    const now = 1_700_000_000_000;
    const verdicts = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        stores.rateLimits.hit('user a', { limit: 50, windowMs: 60_000, nowMs: now + (index % 10) }),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.ok).length).toBe(50);
    const refused = verdicts.find((verdict) => !verdict.ok);
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(59_000);
    expect(
      (await stores.rateLimits.hit('user b', { limit: 50, windowMs: 60_000, nowMs: now })).ok,
    ).toBe(true);
    expect(
      (await stores.rateLimits.hit('user a', { limit: 50, windowMs: 60_000, nowMs: now + 60_010 }))
        .ok,
    ).toBe(true);
  });

  it('should keep a session until deleted or expired, and answer the same record', async () => {
    const stores = await make();
    const record = { user: binding('u1', 1), expiresAtMs: Date.now() + 60_000 };
    await stores.sessions.create('jti-1', record, 60_000);
    await stores.sessions.create('jti-short', record, 30);
    expect(await stores.sessions.get('jti-1')).toEqual(record);
    await stores.sessions.delete('jti-1');
    expect(await stores.sessions.get('jti-1')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await stores.sessions.get('jti-short')).toBeUndefined();
  });

  it('should remember quotes per user only, and cached ownership lists for their lifetime', async () => {
    const stores = await make();
    await stores.quotes.record('u1', 'Quote:7E2D3C4B-5A69-4F70-8B8C-9D0E1F2A3B4C');
    expect(await stores.quotes.has('u1', 'Quote:7e2d3c4b-5a69-4f70-8b8c-9d0e1f2a3b4c')).toBe(true);
    expect(await stores.quotes.has('u2', 'Quote:7e2d3c4b-5a69-4f70-8b8c-9d0e1f2a3b4c')).toBe(false);
    await stores.ownership.set('session acct', ['Session:a', 'Session:b'], 40);
    expect(await stores.ownership.get('session acct')).toEqual(['Session:a', 'Session:b']);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await stores.ownership.get('session acct')).toBeUndefined();
  });

  it('given 20 parallel first bindings of one user, should keep the first and answer it to everyone; reservations are exclusive until released', async () => {
    const stores = await make();
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        stores.bindings.putIfAbsent(binding('race', index + 1)),
      ),
    );
    expect(new Set(answers.map((answer) => answer.customerId)).size).toBe(1);
    expect(await stores.bindings.get('race')).toEqual(answers[0]);
    const reserved = await Promise.all(
      Array.from({ length: 20 }, () => stores.bindings.reserve('someone', 10_000)),
    );
    expect(reserved.filter(Boolean)).toHaveLength(1);
    await stores.bindings.release('someone');
    expect(await stores.bindings.reserve('someone', 10_000)).toBe(true);
  });
});

describe('Redis keys', () => {
  it('should put every key under the namespace with a lifetime, except user bindings', async () => {
    const namespace = `keys-${process.pid}`;
    const stores = await createRedisStores({ url: redis.url, namespace });
    opened.push(stores);
    const { rateLimits, sessions, quotes, ownership, bindings } = stores.stores;
    await rateLimits.hit('k', { limit: 5, windowMs: 60_000, nowMs: Date.now() });
    await sessions.create('s', { user: binding('u', 1), expiresAtMs: Date.now() + 1000 }, 60_000);
    await quotes.record('u', 'Quote:7e2d3c4b-5a69-4f70-8b8c-9d0e1f2a3b4c');
    await ownership.set('o', ['Session:a'], 60_000);
    await bindings.putIfAbsent(binding('u', 1));
    await bindings.reserve('v', 60_000);
    const keys = await stores.client.keys(`${namespace}:*`);
    expect(keys.sort()).toEqual(
      [
        `${namespace}:binding-lock:v`,
        `${namespace}:binding:u`,
        `${namespace}:owned:o`,
        `${namespace}:quotes:u`,
        `${namespace}:rate:k`,
        `${namespace}:session:s`,
      ].sort(),
    );
    for (const key of keys) {
      const ttl = await stores.client.pttl(key);
      if (key.endsWith(':binding:u')) {
        expect(ttl).toBe(-1);
      } else {
        expect(ttl).toBeGreaterThan(0);
      }
    }
  });
});
