import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { lotBidders, lotOffers, lots } from '../../db/schema/index.js';

export type OfferRow = typeof lotOffers.$inferSelect;
export type OfferInsert = typeof lotOffers.$inferInsert;

/** Second-chance offers, and the lot rows and standing bids they are made from. */
export function createOffersRepository(db: Db) {
  return {
    async lockLot(id: number, tx: Tx) {
      const [row] = await tx.select().from(lots).where(eq(lots.id, id)).for('update');
      return row;
    },

    async lot(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lots).where(eq(lots.id, id));
      return row;
    },

    /** The lot's bidders by max bid, highest first (an earlier bid first on a tie). */
    async biddersByMax(lotId: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(lotBidders)
        .where(eq(lotBidders.lotId, lotId))
        .orderBy(desc(lotBidders.maxBid), asc(lotBidders.seq));
    },

    /** The lot sold again, to the member who accepted its offer. */
    async sellLot(id: number, values: { winnerId: number; hammerPrice: number; orderId: number }, tx: Tx) {
      const [row] = await tx
        .update(lots)
        .set({ status: 'sold', ...values, currentPrice: values.hammerPrice })
        .where(and(eq(lots.id, id), eq(lots.status, 'unsold')))
        .returning();
      return row;
    },

    /** Undefined when the lot already has an open or accepted offer (the partial unique index decides). */
    async insert(values: OfferInsert, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(lotOffers)
        .values(values)
        .onConflictDoNothing({
          target: lotOffers.lotId,
          where: sql`${lotOffers.status} IN ('open', 'accepted')`,
        })
        .returning();
      return row;
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lotOffers).where(eq(lotOffers.id, id));
      return row;
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(lotOffers).where(eq(lotOffers.id, id)).for('update');
      return row;
    },

    /** Moves an open offer on; undefined when it is no longer open. */
    async close(id: number, values: Pick<OfferInsert, 'status' | 'decidedAt'> & { orderId?: number }, tx: DbOrTx = db) {
      const [row] = await tx
        .update(lotOffers)
        .set(values)
        .where(and(eq(lotOffers.id, id), eq(lotOffers.status, 'open')))
        .returning();
      return row;
    },

    /** Every open offer past its time, expired in one statement (each once, whatever the instances). */
    async expireDue(at: Date, limit: number, tx: DbOrTx = db) {
      const due = tx
        .select({ id: lotOffers.id })
        .from(lotOffers)
        .where(and(eq(lotOffers.status, 'open'), lte(lotOffers.expiresAt, at)))
        .orderBy(asc(lotOffers.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(lotOffers)
        .set({ status: 'expired', decidedAt: at })
        .where(and(sql`${lotOffers.id} IN (${due})`, eq(lotOffers.status, 'open')))
        .returning();
    },

    ofLot: (lotId: number, tx: DbOrTx = db) =>
      tx.select().from(lotOffers).where(eq(lotOffers.lotId, lotId)).orderBy(desc(lotOffers.id)),

    /** A member's offers: open ones first, then the rest, newest first. */
    async memberPage(q: { memberId: number; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = eq(lotOffers.memberId, q.memberId);
      const [rows, [total]] = await Promise.all([
        tx
          .select({ offer: lotOffers, title: lots.title, cover: lots.cover, rules: lots.rules })
          .from(lotOffers)
          .innerJoin(lots, eq(lots.id, lotOffers.lotId))
          .where(where)
          .orderBy(sql`(${lotOffers.status} = 'open') DESC`, desc(lotOffers.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(lotOffers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
