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
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
