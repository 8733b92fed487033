import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, Record<string, string>>;
  publishConfig: { exports: Record<string, Record<string, string>> };
};
const guardSource = readFileSync(new URL('./server-only.browser.ts', import.meta.url), 'utf8');

describe('the browser guard of @wallet-auth/proxy', () => {
  it('given a browser bundle that imports the proxy, should stop at import with a message that says where the proxy belongs', async () => {
    await expect(import('./server-only.browser.js')).rejects.toThrow(
      /runs on your server only: it holds the platform client secret\. Import it from server code/,
    );
  });

  it('given each entry, should map the browser condition to the guard after the worker runtimes and before the default', () => {
    for (const exports of [manifest.exports, manifest.publishConfig.exports]) {
      for (const [entry, conditions] of Object.entries(exports)) {
        const keys = Object.keys(conditions);
        expect(conditions.browser, entry).toBe('./dist/server-only.browser.js');
        for (const runtime of ['workerd', 'worker', 'edge-light']) {
          expect(conditions[runtime], `${entry} ${runtime}`).toBe(conditions.default);
          expect(keys.indexOf(runtime)).toBeLessThan(keys.indexOf('browser'));
        }
        expect(keys.at(-1)).toBe('default');
      }
    }
  });

  it("given every value export of the proxy's entries, should export the same name so bundlers link the import and the guard's message is what shows", async () => {
    const names = new Set<string>();
    for (const entry of [
      await import('./index.js'),
      await import('./node.js'),
      await import('./next.js'),
      await import('./redis/index.js'),
    ]) {
      for (const name of Object.keys(entry)) {
        names.add(name);
      }
    }
    const guarded = new Set([...guardSource.matchAll(/serverOnly as (\w+)/g)].map((m) => m[1]));
    expect([...names].filter((name) => !guarded.has(name))).toEqual([]);
  });
});
