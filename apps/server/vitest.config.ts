import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^@antique\/shared\/regions$/,
        replacement: fileURLToPath(new URL('../../packages/shared/src/regions.ts', import.meta.url)),
      },
      {
        find: /^@antique\/shared$/,
        replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker, not per file: importing the app again for each of 70 files was
    // half of this suite's time (347 s -> 176 s on one worker). A file gets its own database and
    // app (harness createTestApp) and closes them; nothing a test relies on is module state.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
