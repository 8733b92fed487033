/**
 * The demo sign-in's findings (catalogue BFF-51 to BFF-54): sign-out during a session-store
 * outage, one e-mail signed in from many addresses, the upstream check by address, and a session
 * store restored from an older snapshot.
 */
import { describe, expect, it } from 'vitest';
import { createProxy } from '../create-proxy.js';
import { ProxyConfigError } from '../options.js';
import type { SessionRecord, SessionStore } from '../stores/stores.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  COOKIE_SECRET,
  createHarness,
  ORIGIN,
  PROXY_URL,
} from '../testing/proxy-harness.js';

/** An in-memory session store that can be taken down and snapshotted, as Redis can. */
function controllableSessions() {
  let records = new Map<string, SessionRecord>();
  let down = false;
  const check = () => {
    if (down) {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    }
  };
  const store: SessionStore = {
    async create(id, record) {
      check();
      records.set(id, record);
    },
    async get(id) {
      check();
      return records.get(id);
    },
    async delete(id) {
      check();
      records.delete(id);
    },
  };
  return {
    store,
    size: () => records.size,
    setDown: (value: boolean) => {
      down = value;
    },
    snapshot: () => new Map(records),
    restore: (snapshot: Map<string, SessionRecord>) => {
      records = new Map(snapshot);
    },
  };
}

const request = (method: string, init: { cookie?: string; body?: string } = {}) =>
  new Request(`${PROXY_URL}/session`, {
    method,
    headers: {
      Origin: ORIGIN,
      'Content-Type': 'application/json',
      ...(init.cookie === undefined ? {} : { Cookie: init.cookie }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });

const cookieOf = (response: Response) => response.headers.get('Set-Cookie')!.split(';')[0]!;

describe('sign-out during a session-store outage (BFF-51)', () => {
  it('BFF-51: given the session store down at sign-out, should answer 503 with Retry-After and the clearing Set-Cookie, refuse the cookie at once and delete the session once the store is back', async () => {
    const sessions = controllableSessions();
    const harness = createHarness({ proxy: { stores: { sessions: sessions.store } } });
    const signedIn = await harness.proxy.fetch(
      request('POST', { body: '{"email":"ada@example.com"}' }),
    );
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(sessions.size()).toBe(1);

    sessions.setDown(true);
    const signOut = await harness.proxy.fetch(request('DELETE', { cookie }));
    expect(signOut.status).toBe(503);
    expect(signOut.headers.get('Retry-After')).toBe('1');
    expect(signOut.headers.get('Set-Cookie')).toMatch(/^wallet-auth-session=;.*Max-Age=0/);
    expect(await signOut.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // A copy of the cookie (another tab, a thief) is refused by this instance at once.
    expect((await harness.proxy.fetch(request('GET', { cookie }))).status).toBe(401);

    sessions.setDown(false);
    expect((await harness.proxy.fetch(request('GET', { cookie }))).status).toBe(401);
    expect(sessions.size()).toBe(0);
    // The sign-out is finished in the shared store: another instance refuses the copy too.
    const other = createHarness({ proxy: { stores: { sessions: sessions.store } } });
    expect((await other.proxy.fetch(request('GET', { cookie }))).status).toBe(401);
  });

  it('BFF-51: given a sign-out without a cookie, with a forged one or with the store up, should answer 204 and clear the cookie', async () => {
    const sessions = controllableSessions();
    const harness = createHarness({ proxy: { stores: { sessions: sessions.store } } });
    const signedIn = await harness.proxy.fetch(
      request('POST', { body: '{"email":"ada@example.com"}' }),
    );
    for (const cookie of [undefined, 'wallet-auth-session=v1.forged.x', cookieOf(signedIn)]) {
      const response = await harness.proxy.fetch(
        request('DELETE', cookie === undefined ? {} : { cookie }),
      );
      expect(response.status).toBe(204);
      expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
    }
    expect(sessions.size()).toBe(0);
  });
});

describe('one e-mail from many addresses (BFF-52)', () => {
  it('BFF-52: given 12 sign-ins for one e-mail from 12 addresses, should pass the per-e-mail budget (5) and refuse the rest, while other e-mails from those addresses sign in', async () => {
    const harness = createHarness();
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      const response = await harness.proxy.fetch(
        request('POST', { body: '{"email":"victim@example.com"}' }),
        { remoteAddress: `198.51.100.${index}` },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    const other = await harness.proxy.fetch(
      request('POST', { body: '{"email":"bystander@example.com"}' }),
      { remoteAddress: '198.51.100.11' },
    );
    expect(other.status).toBe(200);
    // The window is a rolling minute.
    harness.clock.now += 60_001;
    const later = await harness.proxy.fetch(
      request('POST', { body: '{"email":"victim@example.com"}' }),
      { remoteAddress: '198.51.100.20' },
    );
    expect(later.status).toBe(200);
  });
});

describe('the demo sign-in upstream, judged by address (BFF-53)', () => {
  const demo = (baseUrl: string) => () =>
    createProxy({
      upstream: {
        baseUrl,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        fetch: async () => new Response(null),
      },
      allowedOrigins: [ORIGIN],
      demoAuth: { allowSignInByEmailOnly: true },
      cookieSecret: COOKIE_SECRET,
      logger: () => undefined,
    });

  it.each([
    'http://localhost:8787/2025-10-13',
    'http://app.localhost/2025-10-13',
    'http://sandbox.internal/2025-10-13',
    'https://api.sandbox.example/2025-10-13',
    'http://127.0.0.1.nip.io/2025-10-13',
    'http://[::2]/2025-10-13',
    'http://10.0.0.1/2025-10-13',
  ])(
    'BFF-53: given demoAuth with upstream %s (a name, or not loopback), should refuse to start naming demoAuth',
    (baseUrl) => {
      expect(demo(baseUrl)).toThrow(ProxyConfigError);
      expect(demo(baseUrl)).toThrow(/demoAuth .* its host is not a loopback address/);
    },
  );

  it.each([
    'http://127.0.0.1:8787/2025-10-13',
    'http://127.42.0.1/2025-10-13',
    'http://0x7f.1/2025-10-13',
    'http://[::1]:8787/2025-10-13',
    'http://[::ffff:127.0.0.1]/2025-10-13',
  ])('BFF-53: given demoAuth with the loopback address %s, should start', (baseUrl) => {
    expect(demo(baseUrl)).not.toThrow();
  });
});

describe('a session store restored from an older snapshot (BFF-54)', () => {
  it('BFF-54: given a restore that revives a signed-out session, should refuse every earlier cookie once cookieSecret is rotated', async () => {
    const sessions = controllableSessions();
    const before = createHarness({ proxy: { stores: { sessions: sessions.store } } });
    const signedIn = await before.proxy.fetch(
      request('POST', { body: '{"email":"ada@example.com"}' }),
    );
    const cookie = cookieOf(signedIn);
    const snapshot = sessions.snapshot();
    expect((await before.proxy.fetch(request('DELETE', { cookie }))).status).toBe(204);
    expect((await before.proxy.fetch(request('GET', { cookie }))).status).toBe(401);

    // Redis restarts from the older snapshot: the signed-out session is back.
    sessions.restore(snapshot);
    expect((await before.proxy.fetch(request('GET', { cookie }))).status).toBe(200);

    // The documented response: roll the instances out with a new cookieSecret.
    const rotated = createHarness({
      proxy: { stores: { sessions: sessions.store }, cookieSecret: `${COOKIE_SECRET}-rotated` },
    });
    expect((await rotated.proxy.fetch(request('GET', { cookie }))).status).toBe(401);
    const again = await rotated.proxy.fetch(
      request('POST', { body: '{"email":"ada@example.com"}' }),
    );
    expect(again.status).toBe(200);
    expect((await rotated.proxy.fetch(request('GET', { cookie: cookieOf(again) }))).status).toBe(
      200,
    );
  });
});
