/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: { '@antique/shared': here('../../packages/shared/src/index.ts') },
    // The workspace root hoists an older React for another package's peer; the console
    // must bundle exactly one copy, its own.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: {
      '/v1': { target: api, changeOrigin: true },
      '/files': { target: api, changeOrigin: true },
    },
  },
  test: {
    name: 'admin',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
