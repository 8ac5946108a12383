import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import type { OutputChunk } from 'rolldown';
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
/**
 * The app routes in the address's hash, so the server cannot tell which page a visit opens, and
 * the page's code was only asked for once the first script had run (on a slow phone, about a
 * second later). A tiny script beside the first one (async, no imports; a file, since the
 * server's Content-Security-Policy allows no inline script) reads the hash and asks at once for
 * that page's code and the stored language's texts (`<link rel=modulepreload>`), which the app's
 * own imports then find on their way (the styles are one file, linked by index.html: see
 * `cssCodeSplit`). A guest is sent to login from a members' page, so a guest's visit preloads the
 * public pages only.
 */
function preloadFirstPage(): Plugin {
  const PAGE = /src\/pages\/([\w-]+)\/([\w-]+)\.page\.tsx$/;
  const LOCALE = /src\/lib\/locales\/([\w-]+)\.locale\.ts$/;
  const MORE = /src\/lib\/locales\/([\w-]+)\.more\.ts$/;
  // The pages that wait for the first part of the texts only (src/lib/locales/first-text-pages.ts).
  const FIRST_TEXT_PAGES: string[] = JSON.parse(
    readFileSync(fromHere('src/lib/locales/first-text-pages.json'), 'utf8'),
  );
  const PUBLIC = [
    '/pages/login/login',
    '/pages/register/register',
    '/pages/forgot-password/forgot-password',
    '/pages/rule/rule',
  ];
  return {
    name: 'preload-first-page',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What index.html loads already: the entry and its static imports.
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file) || loaded.has(file)) return;
          into.add(file);
          for (const next of byFile.get(file)?.imports ?? []) walk(next, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, loaded);
        const files: string[] = [];
        const index = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const needs = (chunk: OutputChunk) => {
          const js = new Set<string>();
          walk(chunk.fileName, js);
          return [...js].map(index);
        };
        const pages: Record<string, number[]> = {};
        const locales: Record<string, number[]> = {};
        const more: Record<string, number[]> = {};
        for (const chunk of chunks) {
          const page = chunk.facadeModuleId && PAGE.exec(chunk.facadeModuleId);
          if (page) pages[`/pages/${page[1]}/${page[2]}`] = needs(chunk);
          const locale = chunk.facadeModuleId && LOCALE.exec(chunk.facadeModuleId);
          if (locale) locales[locale[1]!] = needs(chunk);
          const rest = chunk.facadeModuleId && MORE.exec(chunk.facadeModuleId);
          if (rest) more[rest[1]!] = needs(chunk);
        }
        if (!pages['/pages/index/index']) return;
        pages['/'] = pages['/pages/index/index'];
        // A page outside FIRST_TEXT_PAGES also waits for the second part of the texts.
        const source = `try{(function(f,p,l,m,o,w){var s=localStorage,h=location.hash.replace(/^#/,'').split('?')[0]||'/',g=(s.getItem('antique_auction_locale')||'zh-Hans').toLowerCase(),n=s.getItem('antique_auction_token')||o.indexOf(h)>=0?p[h]||[]:[],d=document.createDocumentFragment();if(n.length&&w.indexOf(h)<0)n=n.concat(m[g]||m['zh-hans']||[]);n.concat(l[g]||l['zh-hans']||[]).forEach(function(i){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href='/'+f[i];d.appendChild(e)});document.head.appendChild(d)})(${JSON.stringify(files)},${JSON.stringify(pages)},${JSON.stringify(locales)},${JSON.stringify(more)},${JSON.stringify(PUBLIC)},${JSON.stringify(['/', ...FIRST_TEXT_PAGES])})}catch(e){}\n`;
        const fileName = `assets/first-page-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<script type="module" async fetchpriority="high" crossorigin src="/${fileName}"></script>`;
        html.source = String(html.source).replace(/(\s*)<script type="module"/, `$1${tag}$1<script type="module"`);
      },
    },
  };
}

/**
 * The service worker (src/features/pwa/service-worker.ts), bundled on its own into /sw.js with
 * what it precaches: index.html, the first screen's files (the entry, its imports, the
 * stylesheet and the first-page script), the default language's texts, the message box, and the public files
 * (icons, manifest).
 * The build id (a hash of every file name the build wrote, which carry their content's hash)
 * names the worker's cache, so that any change in the build makes a new sw.js, which the
 * browser installs beside the old one and the app offers as a new version. Only a build has one.
 */
function serviceWorker(): Plugin {
  // Also the default language's texts, and the message box that asks about a new build: a page
  // open while a build is deployed loads that box when the new worker is found, and the server
  // then holds the new build's files only.
  const ALSO = [
    /src\/lib\/locales\/zh-hans\.(locale|more)\.ts$/,
    /src\/components\/message-box\/message-box-dialog\.tsx$/,
  ];
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const walk = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || files.has(file)) return;
          files.add(file);
          for (const next of chunk.imports) walk(next);
        };
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId ?? '';
          if (chunk.isEntry || ALSO.some((pattern) => pattern.test(id))) walk(chunk.fileName);
        }
        for (const name of Object.keys(bundle)) if (/^assets\/first-page-[\w-]+\.js$/.test(name)) files.add(name);
        // The app's one stylesheet, which index.html links (see `cssCodeSplit`).
        for (const [, href] of String(index.source).matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g))
          files.add(href!);
        const publicFiles = readdirSync(fromHere('public'), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => `${entry.parentPath.slice(fromHere('public').length).replace(/\\/g, '/')}/${entry.name}`)
          .map((path) => path.replace(/^\/+/, ''));
        const precache = ['/index.html', ...[...files, ...publicFiles].sort().map((file) => `/${file}`)];
        const buildId = createHash('sha256')
          .update(Object.keys(bundle).sort().join('\n'))
          .update(String(index.source))
          .digest('hex')
          .slice(0, 12);
        const { rolldown } = await import('rolldown');
        const worker = await rolldown({ input: fromHere('src/features/pwa/service-worker.ts'), platform: 'browser' });
        const { output } = await worker.generate({ format: 'iife', minify: true });
        await worker.close();
        const source = `const __SW_BUILD_ID__=${JSON.stringify(buildId)},__SW_PRECACHE__=${JSON.stringify(precache)};\n${output[0].code}`;
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
        // The page's own build, which it compares with a waiting worker's (see sw-update-prompt.ts).
        index.source = String(index.source).replace(
          '</title>',
          `</title>\n    <meta name="app-build" content="${buildId}" />`,
        );
      },
    },
  };
}

/**
 * What the phone's build swaps for lighter code; the dev server and the component tests keep
 * the originals.
 * - Preact's React (decision 012): React DOM was 63 of the first screen's 115 KiB gzip. The dev
 *   server keeps React for its fast refresh, and the component tests render with React (their
 *   tools are React's).
 * - The browser's own ResizeObserver for the polyfill that ahooks' `useSize` (antd-mobile's
 *   swiper and tabs) imports (14 kB, in the home page's first chunks): every browser the build
 *   targets (ES2022) has one; jsdom, which the component tests run in, has none.
 */
function phoneBuild(): Plugin {
  return {
    name: 'phone-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^resize-observer-polyfill$/, replacement: fromHere('src/lib/native-resize-observer.ts') },
        ],
      },
    }),
    // antd-mobile declares its index side-effectful (it imports the global styles, which main.tsx
    // imports itself): kept so, every page that imports a component through the index ran the
    // index, and so every component of the library, loaded beside it.
    transform: {
      filter: { id: /antd-mobile[\\/]es[\\/]index\.js$/ },
      handler: (code) => ({ code, moduleSideEffects: false }),
    },
  };
}

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  root: fromHere('.'),
  base: '/',
  plugins: [react(), phoneBuild(), stylesAfterShell(), preloadFirstPage(), serviceWorker()],
  resolve: {
    // The region table (~100 kB) is its own entry so that only the address page's chunk carries it.
    alias: {
      // The words for stored values, each locale's alone: the member app's texts in one language import
      // that language's (`@antique/shared/labels.zh-hans`), not the five in `labels.ts`.
      ...Object.fromEntries(
        ['zh-hans', 'zh-hant', 'en', 'es', 'fr'].map((locale) => [
          `@antique/shared/labels.${locale}`,
          fromHere(`../../packages/shared/src/labels.${locale}.ts`),
        ]),
      ),
      // The locales' words for stored values, without the package's schemas and endpoints (~50 kB gzip).
      '@antique/shared/labels': fromHere('../../packages/shared/src/labels.ts'),
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
    // One stylesheet for the whole app (26 KiB gzip), linked by index.html and precached: split
    // by page, the home page's 12 stylesheets each restyled the page as it arrived, and in three
    // interleaved Lighthouse pairs the home page scored 85/90/89 with one against 78/82/86
    // (largest paint 2.93–3.10 s against 3.13–3.24 s), the lot and login pages the same.
    cssCodeSplit: false,
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
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The shared package's plain modules (the cart's order limits, the limits a form checks
            // before it sends): alone, so that a page that needs a limit does not bring the chunk they
            // were merged into, the package's zod schemas and endpoints (~55 KiB gzip).
            {
              name: 'limits',
              test: /packages[\\/]shared[\\/]src[\\/](order-limits|client-limits)\.ts$/,
              priority: 4,
            },
            // The words for stored values in all five languages (`labels.ts`), which the order, bill
            // and top-up pages read in the member's language: alone, and without each language's
            // part (`labels.<locale>.ts`), which that language's texts import by itself.
            {
              name: 'labels',
              test: /packages[\\/]shared[\\/]src[\\/]labels\.ts$/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
            // China's provinces, cities and counties (~30 KiB gzip): only the address pages read them,
            // so they never ride along in a chunk merged for the lot page or the mall.
            { name: 'regions', test: /packages[\\/]shared[\\/]src[\\/]regions\.ts$/, priority: 4 },
            // DOMPurify (12 KiB gzip): only rich text (rules, news, a product's description) needs it,
            // and it loads beside those pages; merged into a shared chunk, it rode along with the
            // home page, the mall and the product page's first screen.
            {
              name: 'sanitize',
              test: /node_modules[\\/]dompurify[\\/]|packages[\\/]shared[\\/]src[\\/]sanitize-html\.browser\.ts$/,
              priority: 4,
            },
            // antd-mobile's spring and gesture libraries (~30 KiB gzip): only its popups, viewer and
            // pickers use them, which load when first opened. Grouped alone, so that a few small
            // helpers the first screens need are not merged into their chunk and bring it along.
            {
              name: 'motion',
              test: /node_modules[\\/](antd-mobile[\\/]node_modules[\\/])?@(react-spring|use-gesture)[\\/]/,
              priority: 4,
              // Not what they import (Preact, which the entry holds): strictExecutionOrder is on.
              includeDependenciesRecursively: false,
            },
            // Zod and the package's schemas and endpoints the first screen does not hold: only the
            // pages with a form need them.
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/]([\w-]+\.schema|endpoints?)\.ts$/,
              priority: 2,
            },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              entriesAware: true,
              // What the same pages share is one chunk; only a group under 512 B is merged into its
              // nearest neighbour. At 16 kB, merging gave each first screen about 30 KiB gzip of
              // other pages' code (the cart sheet, the search filters, the rich text): home 116 →
              // 83 KiB beyond the entry, for 21 requests instead of 16 (docs/performance.md). From
              // 1024 to 512 B, the first screens (entry and first texts included) went home 92.1 →
              // 91.1, mall 84.8 → 83.8, piece 91.8 → 88.0, my 108.1 → 102.7 KiB gzip, the lot
              // 93.4 → 94.0, for 0–4 more files a page.
              entriesAwareMergeThreshold: 512,
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
    // A shared 2-core machine under load renders antd-mobile slowly: room for it (see setup-tests).
    testTimeout: 20_000,
    css: false,
    server: {
      // Run through Vite (and its `dedupe`) rather than Node: antd-mobile's CommonJS build requires
      // CSS files, and the ES builds of the others would otherwise import the workspace's hoisted React.
      deps: {
        inline: [/@testing-library\/react/, /antd-mobile/, /react-router/, /@tanstack\/react-query/, /zustand/],
      },
    },
  },
});
