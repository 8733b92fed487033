import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, Record<string, string>>;
  publishConfig: { exports: Record<string, Record<string, string>> };
};

describe('the browser guard of @wallet-auth/sandbox/node', () => {
  it('given a browser bundle that imports the Node entry, should stop at import and name the browser-safe way', async () => {
    await expect(import('./node.browser.js')).rejects.toThrow(
      /needs Node \(node:crypto\)\. In a browser, use createSandbox\(\) from "@wallet-auth\/sandbox"/,
    );
  });

  it('given the published and workspace exports, should send browsers to the guard and keep the main entry browser-safe', async () => {
    for (const exports of [manifest.exports, manifest.publishConfig.exports]) {
      expect(exports['./node']?.browser).toBe('./dist/node.browser.js');
      expect(exports['.']?.browser).toBeUndefined();
    }
    const guard = readFileSync(new URL('./node.browser.ts', import.meta.url), 'utf8');
    for (const name of Object.keys(await import('./node.js'))) {
      expect(guard).toContain(`nodeOnly as ${name}`);
    }
  });
});
