import { and, count, desc, eq } from 'drizzle-orm';
import type { HoldingStatus } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { holdings } from '../../db/schema/index.js';

export type HoldingRow = typeof holdings.$inferSelect;
export type HoldingInsert = typeof holdings.$inferInsert;

export function createCustodyRepository(db: Db) {
  return {
    async insert(values: HoldingInsert[], tx: DbOrTx = db) {
      if (values.length === 0) return [];
      return tx.insert(holdings).values(values).returning();
    },

    async page(q: { ownerId: number; status?: HoldingStatus; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = and(eq(holdings.ownerId, q.ownerId), q.status ? eq(holdings.status, q.status) : undefined);
      const [rows, [total]] = await Promise.all([
        tx.select().from(holdings).where(where).orderBy(desc(holdings.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(holdings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    ofOrder: (orderId: number, tx: DbOrTx = db) =>
      tx.select().from(holdings).where(eq(holdings.orderId, orderId)).orderBy(holdings.id),
  };
}
