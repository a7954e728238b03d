/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the socket to a running `artel serve`,
// so `npm run dev` works against real data.
const backend = process.env.ARTEL_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
  },
  server: {
    proxy: {
      '/api': backend,
      '/ecomet': { target: backend, ws: true },
      '/comet': backend,
      '/profileBatch': backend,
      '/logout': backend,
    },
  },
  test: {
    // Building a jsdom took over half of the suite's time, and most
    // files test plain functions: those that render or touch browser
    // APIs opt in with a `// @vitest-environment jsdom` first line.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
