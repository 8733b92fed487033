import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:load` (reliability catalogue LOAD-1..LOAD-4): bounded, self-stopping load runs on
 * loopback, one file at a time (the machine has two cores), each ending with the EMU-06
 * invariant check. Not part of `pnpm test`. Workspace packages resolve to their source.
 */
export default defineConfig({
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@wallet-auth/source', ...defaultServerConditions] } },
  test: {
    name: 'load',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['**/*.load.test.ts'],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
