import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createLockRunner } from './cross-tab.js';

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
