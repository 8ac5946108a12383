import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export function createSettingsRepository(db: Db) {
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
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
