import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from './client.js';

/** The newest migration this build ships: drizzle records each applied one by its journal time. */
function newestMigration(dir: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database answers and has every migration of this build applied (one query on
 * drizzle's own bookkeeping table, no module's). A database migrated further by a newer
 * instance during a rolling deployment still counts: its migrations keep the old code working.
 */
export function createMigrationCheck(pool: pg.Pool, dir = MIGRATIONS_DIR) {
  const newest = newestMigration(dir);
  return async (): Promise<{ database: boolean; migrations: boolean }> => {
    try {
      const r = await pool.query<{ at: string | number | null }>(
        'SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations',
      );
      return { database: true, migrations: Number(r.rows[0]?.at ?? 0) >= newest };
    } catch (e) {
      // drizzle's schema or table missing (3F000, 42P01): a database nobody migrated answers, and is not current.
      const code = (e as { code?: string }).code;
      return { database: code === '3F000' || code === '42P01', migrations: false };
    }
  };
}
