import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@wallet-auth/source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
});
