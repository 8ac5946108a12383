import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/demo', 'apps/server', 'apps/web', 'apps/admin'],
    // Two files at a time on these 2-core machines (Vitest's default here is one): a database
    // test spends much of its time waiting on PostgreSQL, a page test on the other core.
    maxWorkers: 2,
  },
});
