import { defineConfig } from 'vitest/config';

/** Unit tests of the bench's own logic (statistics, invariant, report tables): `npx vitest run --config bench/vitest.config.ts`. */
export default defineConfig({
  resolve: { conditions: ['@wallet-auth/source'] },
  test: {
    name: 'bench',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['**/*.test.ts'],
  },
});
