import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { bids, lotBidders, lots, lotWatches } from '../../db/schema/index.js';
import type { BidderRow, BidRow, LotInsert } from './auctions.repository.js';

/**
 * The house's own hand on a lot (withdraw it, void a bid) and the reads the bidding signals
 * need of the auctions' tables: bids with where they came from, a consignor's lots.
 */
export function createLotHandRepository(db: Db) {
  return {
    /** A lot's bids in chain order, voided ones included. */
    async chainOf(lotId: number, tx: DbOrTx = db): Promise<BidRow[]> {
      return tx.select().from(bids).where(eq(bids.lotId, lotId)).orderBy(asc(bids.seq));
    },
    async allBidders(lotId: number, tx: DbOrTx = db): Promise<BidderRow[]> {
      return tx.select().from(lotBidders).where(eq(lotBidders.lotId, lotId));
    },
    /** Marks a bid voided (its hash and place in the chain untouched); false when it was voided already. */
    async markVoided(bidId: number, at: Date, reason: string, by: number | null, tx: Tx) {
      const rows = await tx
        .update(bids)
        .set({ voidedAt: at, voidReason: reason, voidedBy: by })
        .where(and(eq(bids.id, bidId), isNull(bids.voidedAt)))
        .returning({ id: bids.id });
      return rows.length > 0;
    },
    /** The standings after a void: each remaining bidder's recomputed row, the others' removed. */
    async replaceStandings(lotId: number, keep: BidderRow[], drop: string[], tx: Tx) {
      if (drop.length > 0)
        await tx.delete(lotBidders).where(and(eq(lotBidders.lotId, lotId), inArray(lotBidders.bidderKey, drop)));
      for (const s of keep)
        await tx
          .update(lotBidders)
          .set({ maxBid: s.maxBid, seq: s.seq, at: s.at, deposit: s.deposit })
          .where(and(eq(lotBidders.lotId, lotId), eq(lotBidders.bidderKey, s.bidderKey)));
    },
    async updateLot(id: number, set: Partial<LotInsert>, tx: Tx) {
      const [row] = await tx.update(lots).set(set).where(eq(lots.id, id)).returning();
      return row!;
    },
    /** Every account that bid on the lot and every member watching it: whom a withdrawal tells. */
    async concerned(lotId: number, tx: DbOrTx = db) {
      const [bidders, watchers] = await Promise.all([
        tx.selectDistinct({ memberId: bids.memberId }).from(bids).where(eq(bids.lotId, lotId)),
        tx.select({ memberId: lotWatches.memberId }).from(lotWatches).where(eq(lotWatches.lotId, lotId)),
      ]);
      return [...new Set([...bidders, ...watchers].map((r) => r.memberId))].sort((a, b) => a - b);
    },

    // ---------------------------------------------------------------- reads for the bidding signals
    /** The lots of a consignor (by account or verified identity), with who led each and whether it sold. */
    async lotsOfConsignor(consignorId: number, consignorKey: string | null, tx: DbOrTx = db) {
      const who =
        consignorKey === null
          ? eq(lots.consignorId, consignorId)
          : sql`(${lots.consignorId} = ${consignorId} OR ${lots.consignorKey} = ${consignorKey})`;
      return tx
        .select({ id: lots.id, status: lots.status, winnerId: lots.winnerId, leaderKey: lots.leaderKey })
        .from(lots)
        .where(who);
    },
    /** The bidder keys that bid (not voided) on each of some lots. */
    async bidderKeysOn(lotIds: number[], tx: DbOrTx = db) {
      if (lotIds.length === 0) return [];
      return tx
        .selectDistinct({ lotId: bids.lotId, bidderKey: bids.bidderKey, memberId: bids.memberId })
        .from(bids)
        .where(and(inArray(bids.lotId, lotIds), isNull(bids.voidedAt)));
    },
    /** The ips and devices some accounts bid from (on any lot). */
    async sourcesOf(memberIds: number[], tx: DbOrTx = db) {
      if (memberIds.length === 0) return [];
      return tx
        .selectDistinct({ memberId: bids.memberId, ip: bids.ip, userAgent: bids.userAgent })
        .from(bids)
        .where(and(inArray(bids.memberId, memberIds), isNotNull(bids.ip)));
    },
    /** Lots closed as sold or unsold since a moment, oldest first. */
    async closedSince(since: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: lots.id, closedAt: lots.closedAt })
        .from(lots)
        .where(and(inArray(lots.status, ['sold', 'unsold']), gte(lots.closedAt, since)))
        .orderBy(asc(lots.closedAt))
        .limit(limit);
    },
    /** Sold lots of a department whose search terms share any of the given (any, for none), with their hammer. */
    async soldComparables(categoryId: number, terms: string[], exceptLotId: number, tx: DbOrTx = db) {
      return tx
        .select({ id: lots.id, hammer: lots.hammerPrice })
        .from(lots)
        .where(
          and(
            eq(lots.status, 'sold'),
            eq(lots.categoryId, categoryId),
            isNotNull(lots.hammerPrice),
            sql`${lots.id} <> ${exceptLotId}`,
            terms.length > 0 ? sql`${lots.searchTerms} && ${sql.param(terms)}::text[]` : undefined,
          ),
        );
    },
  };
}
export type LotHandRepository = ReturnType<typeof createLotHandRepository>;
