/**
 * Vitest config of the mutation check (reliability catalogue X-04; see ../mutation-check.mjs):
 * the Node test environment of the workspace plus a transform plugin that applies mutant number
 * `MUTANT_INDEX` to the module `MUTANT_FILE` in memory. Source files on disk are never changed.
 */
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { mutationSites } from './operators.mjs';

const target = process.env.MUTANT_FILE;
const index = Number(process.env.MUTANT_INDEX ?? -1);

function mutate() {
  return {
    name: 'mutation-check',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (target === undefined || index < 0 || file !== target) {
        return null;
      }
      const source = readFileSync(file, 'utf8');
      const site = mutationSites(source)[index];
      if (site === undefined) {
        throw new Error(`no mutant ${index} in ${file}`);
      }
      return source.slice(0, site.start) + site.replacement + source.slice(site.end);
    },
  };
}

export default defineConfig({
  plugins: [mutate()],
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@wallet-auth/source', ...defaultServerConditions] } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    bail: 1,
    reporters: ['dot'],
  },
});
