import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Tests of the bench's own logic (statistics, invariant, report tables, round-trip counting):
 * `npx vitest run --config bench/vitest.config.ts`. Workspace packages resolve to their source.
 */
export default defineConfig({
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@wallet-auth/source', ...defaultServerConditions] } },
  test: {
    name: 'bench',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['**/*.load.test.ts', '**/node_modules/**'],
  },
});
