import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/demo', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
