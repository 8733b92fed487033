import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: the page on :5173, the backend (`npm run server`) on :3000 behind it.
const backend = { target: 'http://localhost:3000' };
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': backend, '/auth': backend } },
});
