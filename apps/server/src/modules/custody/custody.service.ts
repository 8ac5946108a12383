import { and, count, desc, eq } from 'drizzle-orm';
import type { Holding } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { holdings } from '../../db/schema/index.js';
import { offsetOf, pageResult } from '../../lib/page.js';

type Row = typeof holdings.$inferSelect;

export const toHolding = (r: Row): Holding => ({
  id: r.id,
  productId: r.productId,
  title: r.title,
  cover: r.cover,
  acquiredPrice: r.acquiredPrice,
  acquiredAt: r.acquiredAt.getTime(),
  source: r.source,
  status: r.status,
  orderId: r.orderId,
});

/** What the house keeps for each member. Pick-ups and consignments build on it later. */
export function createCustodyService({ db }: { db: Db }) {
  return {
    async list(ownerId: number, q: { status?: Holding['status']; page: number; pageSize: number }) {
      const where = and(eq(holdings.ownerId, ownerId), q.status ? eq(holdings.status, q.status) : undefined);
      const [rows, [total]] = await Promise.all([
        db.select().from(holdings).where(where).orderBy(desc(holdings.id)).limit(q.pageSize).offset(offsetOf(q)),
        db.select({ n: count() }).from(holdings).where(where),
      ]);
      return pageResult(rows.map(toHolding), total?.n ?? 0, q);
    },
  };
}
export type CustodyService = ReturnType<typeof createCustodyService>;
