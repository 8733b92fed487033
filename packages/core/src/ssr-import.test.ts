/// <reference types="node" />
import { afterEach, describe, expect, it } from 'vitest';

const WATCHED = [
  'window',
  'document',
  'indexedDB',
  'navigator',
  'localStorage',
  'sessionStorage',
  'BroadcastChannel',
  'location',
];

describe('importing the core during server rendering', () => {
  const restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) {
      undo();
    }
  });

  it('given a plain Node environment, should import and create a client without touching a browser global', async () => {
    const touched: string[] = [];
    for (const name of WATCHED) {
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(`${name} ${new Error().stack?.split('\n').slice(2, 5).join(' | ')}`);
          return undefined;
        },
      });
      restore.push(() => {
        if (descriptor) {
          Object.defineProperty(globalThis, name, descriptor);
        } else {
          delete (globalThis as Record<string, unknown>)[name];
        }
      });
    }
    const core = await import('./index.js');
    const client = core.createWalletAuthClient({
      baseUrl: 'https://example.test/api/2025-10-13',
      environment: 'production',
    });
    expect(client.sessions.getSnapshot()).toEqual({ status: 'loading' });
    expect(touched).toEqual([]);
  });

  it('given the core source, should not import React (one-way boundaries)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = new URL('.', import.meta.url).pathname;
    const offenders: string[] = [];
    async function walk(dir: string): Promise<void> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          await walk(path);
        } else if (
          /\.tsx?$/.test(entry.name) &&
          /from ['"](react|react-dom|@tanstack\/react-query)['"/]/.test(
            await readFile(path, 'utf8'),
          )
        ) {
          offenders.push(path);
        }
      }
    }
    await walk(root);
    expect(offenders).toEqual([]);
  });
});
