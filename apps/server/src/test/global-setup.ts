import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  ensureDatabase,
  lockDataDir,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../db/client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let embedded: EmbeddedServer | undefined;
let unlock: (() => void) | undefined;
let dropTemplate: (() => Promise<void>) | undefined;

/**
 * API tests run on a real PostgreSQL: DATABASE_URL when given (CI runs them again on
 * Debian's), otherwise an embedded one in .tmp/test-pg. Migrations go into a template
 * database once; every test file gets its own copy of it.
 */
export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.join(root, '.tmp/test-pg');
    unlock = await lockDataDir(dir);
    embedded = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
    adminUrl = embedded.url('postgres');
  }
  // A template of this run's own, so runs sharing one PostgreSQL never drop each other's.
  const template = `antique_test_template_${process.pid}`;
  const dropIt = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await client.end();
  };
  await dropIt();
  await ensureDatabase(adminUrl, template);
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  await runMigrations(u.toString());
  dropTemplate = dropIt;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
}

export async function teardown() {
  await dropTemplate?.().catch(() => undefined);
  await embedded?.stop();
  unlock?.();
}
