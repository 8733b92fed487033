import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  // No source maps in the served build (they would publish the sources).
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
});
