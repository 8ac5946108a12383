import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rules } from '../../db/schema/index.js';

export function createContentRepository(db: Db) {
  return {
    async rule(slug: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(rules).where(eq(rules.slug, slug));
      return row;
    },

    /** Inserts the rules that are missing; existing (edited) ones are left alone. */
    async insertMissingRules(values: (typeof rules.$inferInsert)[], tx: DbOrTx = db) {
      if (values.length > 0) await tx.insert(rules).values(values).onConflictDoNothing();
    },
  };
}
