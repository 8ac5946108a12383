import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Moves the built stylesheets from the head to the end of the body: the static navigation bar
 * in index.html (styled inline) paints at once instead of waiting for them, and they still
 * arrive long before the scripts that render the app.
 */
function stylesAfterShell(): Plugin {
  return {
    name: 'styles-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return head.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fromHere('.'),
  base: '/',
  plugins: [react(), stylesAfterShell()],
  resolve: {
    // The region table (~100 kB) is its own entry so that only the address page's chunk carries it.
    alias: {
      '@antique/shared/regions': fromHere('../../packages/shared/src/regions.ts'),
      '@antique/shared/routes': fromHere('../../packages/shared/src/routes.generated.ts'),
      '@antique/shared/sanitize-html': fromHere('../../packages/shared/src/sanitize-html.browser.ts'),
      '@antique/shared': fromHere('../../packages/shared/src/index.ts'),
    },
    // The workspace hoists an older React for another app; the member app must use its own copy only.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/v1': api, '/files': api },
  },
  preview: {
    host: '127.0.0.1',
    proxy: { '/v1': api, '/files': api },
  },
  build: {
    outDir: fromHere('dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Modules run in source order whatever chunk they land in: grouped chunks may import
        // each other in a cycle (a page added can make one), and without this a module could run
        // before one it needs and the app fail to start. About 2 kB gzip on the first screen.
        strictExecutionOrder: true,
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        // On a phone every request costs a round trip, and a page waited on fifty 1–2 kB chunks
        // (six at a time over HTTP/1.1). What the first screen imports is one chunk; what two or
        // more pages share is one more; each page keeps its own.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 16 * 1024,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: fromHere('.'),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/single-react.setup.ts', './src/test/setup-tests.ts'],
    css: false,
    server: {
      // Run through Vite (and its `dedupe`) rather than Node: antd-mobile's CommonJS build requires
      // CSS files, and the ES builds of the others would otherwise import the workspace's hoisted React.
      deps: {
        inline: [
          /@testing-library\/react/,
          /antd-mobile/,
          /react-router/,
          /react-i18next/,
          /@tanstack\/react-query/,
          /zustand/,
        ],
      },
    },
  },
});
