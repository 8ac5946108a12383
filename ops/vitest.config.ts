import { defineConfig } from 'vitest/config';

// The operations suite: the built server as a house runs it (instances behind Debian's
// nginx, Debian's PostgreSQL with a streaming replica, an S3-compatible store, backups,
// kill -9). Black-box over HTTP and the processes; `npm test` runs it beside the journeys.
export default defineConfig({
  test: {
    name: 'ops',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // each file starts its own processes and ports; two at a time leave the journeys a core
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
