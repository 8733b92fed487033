import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBroadcastSessionChannel, createLockRunner } from './cross-tab.js';
import type { SessionMessage } from './cross-tab.types.js';

// Node has no Web Locks (no `navigator.locks`), as Safari before 15.4: the lease path runs.

/** Records when tasks start and end, to see whether two ever overlapped. */
function recorder() {
  let running = 0;
  let overlapped = false;
  const order: string[] = [];
  return {
    order,
    overlapped: () => overlapped,
    task(label: string, ms = 15) {
      return async () => {
        running += 1;
        overlapped ||= running > 1;
        order.push(`start ${label}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`end ${label}`);
        running -= 1;
        return label;
      };
    },
  };
}

describe('createLockRunner without Web Locks (catalogue SES-13)', () => {
  it('SES-13: given three tabs sharing IndexedDB, should run their tasks under one name one at a time, each once', async () => {
    const indexedDB = new IDBFactory();
    const tabs = [0, 1, 2].map(() => createLockRunner({ indexedDB, databaseName: 'ns.locks' }));
    const seen = recorder();
    const results = await Promise.all(
      tabs.map((lock, index) => lock('ns:session-refresh', seen.task(`tab ${index}`))),
    );
    expect(results).toEqual(['tab 0', 'tab 1', 'tab 2']);
    expect(seen.overlapped()).toBe(false);
    expect(seen.order).toHaveLength(6);
  });

  it('SES-13: given two callers in one tab and another tab, should never overlap, and other names should not wait', async () => {
    const indexedDB = new IDBFactory();
    const [a, b] = [0, 1].map(() => createLockRunner({ indexedDB }));
    const seen = recorder();
    const other = recorder();
    await Promise.all([
      a!('refresh', seen.task('a1')),
      a!('refresh', seen.task('a2')),
      b!('refresh', seen.task('b1')),
      b!('another', other.task('b-other')),
    ]);
    expect(seen.overlapped()).toBe(false);
    expect(seen.order.filter((entry) => entry.startsWith('start'))).toHaveLength(3);
    expect(other.order).toEqual(['start b-other', 'end b-other']);
  });

  it('SES-13: given a lease left by a tab closed mid-task, should take it once it expires', async () => {
    const indexedDB = new IDBFactory();
    let now = 1_000_000;
    const clock = () => now;
    const closed = createLockRunner({ indexedDB, leaseMs: 5_000, now: clock });
    const survivor = createLockRunner({ indexedDB, leaseMs: 5_000, now: clock });
    // The first tab takes the lease and never settles (its tab is gone).
    void closed('refresh', () => new Promise<never>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 30));
    let ran = false;
    const waiting = survivor('refresh', async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toBe(false);
    now += 5_001;
    await waiting;
    expect(ran).toBe(true);
  });

  it('given a task that throws, should release the lease for the next tab and pass the error on', async () => {
    const indexedDB = new IDBFactory();
    const [a, b] = [0, 1].map(() => createLockRunner({ indexedDB }));
    await expect(
      a!('refresh', async () => {
        throw new Error('refresh failed');
      }),
    ).rejects.toThrow('refresh failed');
    expect(await b!('refresh', async () => 'next')).toBe('next');
  });

  it('given IndexedDB that cannot be opened (private mode), should still run tasks one at a time in the tab', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const lock = createLockRunner({ indexedDB: refusing });
    const seen = recorder();
    expect(
      await Promise.all([lock('refresh', seen.task('1')), lock('refresh', seen.task('2'))]),
    ).toEqual(['1', '2']);
    expect(seen.overlapped()).toBe(false);
  });
});

/** A page without BroadcastChannel whose localStorage raises `storage` events, as another tab sees them. */
function pageWithoutBroadcastChannel(options: { refuse?: boolean } = {}) {
  const events = new EventTarget();
  const values = new Map<string, string>();
  const reads: string[] = [];
  const storage = {
    getItem(key: string) {
      reads.push(key);
      return values.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (options.refuse) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      values.set(key, value);
      events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value }));
    },
    removeItem(key: string) {
      values.delete(key);
      events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: null }));
    },
  };
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
  vi.stubGlobal('removeEventListener', events.removeEventListener.bind(events));
  return { values, reads };
}

describe('createBroadcastSessionChannel without BroadcastChannel (catalogue SES-14)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('SES-14: given no BroadcastChannel, should carry signedOut and changed to the other tabs through storage events, read the storage area when listening (WebKit) and leave nothing stored', () => {
    const page = pageWithoutBroadcastChannel();
    const sender = createBroadcastSessionChannel('ns:session');
    const receiver = createBroadcastSessionChannel('ns:session');
    const other = createBroadcastSessionChannel('other:session');
    const received: SessionMessage[] = [];
    const foreign: SessionMessage[] = [];
    const stop = receiver!.listen((message) => received.push(message));
    // WebKit sends storage events only to pages that have read their storage area.
    expect(page.reads).toContain('ns:session:message');
    other!.listen((message) => foreign.push(message));
    sender!.post({ type: 'changed', sessionId: 'Session:1' });
    sender!.post({ type: 'signedOut', reason: 'signedOut' });
    sender!.post({ type: 'signedOut', reason: 'signedOut' });
    expect(received).toEqual([
      { type: 'changed', sessionId: 'Session:1' },
      { type: 'signedOut', reason: 'signedOut' },
      { type: 'signedOut', reason: 'signedOut' },
    ]);
    expect(foreign).toEqual([]);
    expect(page.values.size).toBe(0);
    stop();
    sender!.post({ type: 'changed', sessionId: 'Session:2' });
    expect(received).toHaveLength(3);
  });

  it('given localStorage refusing writes, should post without throwing', () => {
    pageWithoutBroadcastChannel({ refuse: true });
    const channel = createBroadcastSessionChannel('ns:session');
    expect(() => channel!.post({ type: 'signedOut', reason: 'signedOut' })).not.toThrow();
  });

  it('given neither BroadcastChannel nor localStorage (Node), should have no channel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    expect(createBroadcastSessionChannel('ns:session')).toBeUndefined();
  });
});
