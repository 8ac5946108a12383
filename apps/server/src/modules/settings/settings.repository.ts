import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** Told at the commit of every change, so each instance drops its cached settings. */
export const SETTINGS_CHANNEL = 'settings_changed';

export function createSettingsRepository(db: Db) {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  return {
    all: (tx: DbOrTx = db) => tx.select().from(settings),

    async find(key: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(settings).where(eq(settings.key, key));
      return row;
    },

    async upsert(key: string, value: unknown, at: Date, tx: DbOrTx = db) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
    },

    /** Inside the changing transaction: delivered to every listener when it commits. */
    async publishChanged(tx: DbOrTx = db) {
      await tx.execute(sql`SELECT pg_notify(${SETTINGS_CHANNEL}, '')`);
    },

    /** A LISTEN connection of its own; `onLost` is called once when it fails. */
    async listen(onChange: () => void, onLost: () => void) {
      const client = new pg.Client(pool.options);
      let lost = false;
      const fail = () => {
        if (lost) return;
        lost = true;
        onLost();
      };
      client.on('error', fail);
      client.on('end', fail);
      client.on('notification', () => onChange());
      try {
        await client.connect();
        await client.query(`LISTEN ${SETTINGS_CHANNEL}`);
      } catch (err) {
        lost = true;
        await client.end().catch(() => undefined);
        throw err;
      }
      return {
        async close() {
          lost = true;
          await client.end().catch(() => undefined);
        },
      };
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
