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
export const TEMPLATE_DB = 'antique_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let embedded: EmbeddedServer | undefined;
let unlock: (() => void) | undefined;

/**
 * API tests run on a real PostgreSQL: DATABASE_URL when given (CI runs them again on
 * Debian's), otherwise an embedded one in .tmp/test-pg. Migrations go into a template
 * database once; every test file gets its own copy of it.
 */
export async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = path.join(root, '.tmp/test-pg');
    unlock = lockDataDir(dir);
    embedded = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
    adminUrl = embedded.url('postgres');
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await client.end();
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const u = new URL(adminUrl);
  u.pathname = `/${TEMPLATE_DB}`;
  await runMigrations(u.toString());
  project.provide('pgAdminUrl', adminUrl);
}

export async function teardown() {
  await embedded?.stop();
  unlock?.();
}
