/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// The API server the dev proxy forwards to; override to try the console against another instance.
const api = process.env.ADMIN_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: here('.'),
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: {
      '@antique/shared/routes': here('../../packages/shared/src/routes.generated.ts'),
      '@antique/shared/sanitize-html': here('../../packages/shared/src/sanitize-html.browser.ts'),
      '@antique/shared': here('../../packages/shared/src/index.ts'),
    },
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
    // One jsdom and one antd per worker, not per file (222 s -> 94 s for the console's tests);
    // setup.ts cleans the page, storage and mocks after each test. The member app's tests keep
    // isolation: its stores (clock, locale, lots) are module state that several tests set.
    isolate: false,
    testTimeout: 20_000,
    // The workspace root hoists an older React for another package's peer, and Node's own
    // resolution would hand it to antd and react-router. Pre-bundling them through Vite
    // applies `dedupe` above, so tests run on the console's React 19 as the build does.
    // Under Node, @ant-design/icons resolves to a CommonJS wrapper whose named exports the
    // pre-bundler cannot see; its ES build is what the browser gets anyway.
    alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'antd',
            'antd/locale/zh_CN',
            '@ant-design/icons/es',
            'react-router',
            'react-router/dom',
            '@tanstack/react-query',
            '@testing-library/react',
          ],
        },
      },
    },
  },
});
