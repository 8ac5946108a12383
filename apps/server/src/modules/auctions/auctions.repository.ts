import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { arrayColumn, isoOrNull } from '../../db/array-columns.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { auctionSessions, bids, lotBidders, lotNotices, lots } from '../../db/schema/index.js';

export type LotRow = typeof lots.$inferSelect;
export type LotInsert = typeof lots.$inferInsert;
export type SessionRow = typeof auctionSessions.$inferSelect;
export type BidderRow = typeof lotBidders.$inferSelect;
export type BidRow = typeof bids.$inferSelect;
export type BidInsert = typeof bids.$inferInsert;

/** Which lots a list shows, by the server clock: `ended` is every lot past its end. */
export interface LotFilter {
  phase?: 'upcoming' | 'live' | 'ended';
  /** Stored status (operators). */
  status?: 'scheduled' | 'sold' | 'unsold' | 'withdrawn';
  sessionId?: number;
  now: Date;
}

function lotWhere(f: LotFilter): SQL | undefined {
  const open = eq(lots.status, 'scheduled');
  return and(
    f.sessionId !== undefined ? eq(lots.sessionId, f.sessionId) : undefined,
    f.status ? eq(lots.status, f.status) : undefined,
    f.phase === 'upcoming' ? and(open, gt(lots.startsAt, f.now)) : undefined,
    f.phase === 'live' ? and(open, lte(lots.startsAt, f.now), gt(lots.endsAt, f.now)) : undefined,
    f.phase === 'ended' ? or(ne(lots.status, 'scheduled'), lte(lots.endsAt, f.now)) : undefined,
  );
}

/**
 * `reads`: the public reads' handle (db/replica.ts), used by the lot list and a lot's page:
 * `lotPage`, `currentSessions`, `publicLot`, `bidsOf`.
 */
export function createAuctionsRepository(db: Db, reads: Db = db) {
  return {
    // ---------------------------------------------------------------- sessions
    async insertSession(values: typeof auctionSessions.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(auctionSessions).values(values).returning();
      return row!;
    },
    async updateSession(id: number, set: Partial<typeof auctionSessions.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(auctionSessions).set(set).where(eq(auctionSessions.id, id)).returning();
      return row;
    },
    async findSession(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(auctionSessions).where(eq(auctionSessions.id, id));
      return row;
    },
    async findSessionForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(auctionSessions).where(eq(auctionSessions.id, id)).for('update');
      return row;
    },
    /** Sessions with lots of the given phase (all sessions when no lot ids), soonest first. */
    async sessionsOf(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(auctionSessions)
        .where(inArray(auctionSessions.id, ids))
        .orderBy(asc(auctionSessions.startsAt));
    },
    /** Sessions that have lots not yet settled, or start from `since`, soonest first (at most 20). */
    async currentSessions(now: Date, tx: DbOrTx = reads) {
      return tx
        .select()
        .from(auctionSessions)
        .where(
          or(
            gte(auctionSessions.startsAt, new Date(now.getTime() - 7 * 86_400_000)),
            // Written out: inside a subquery drizzle leaves column names unqualified.
            sql`EXISTS (SELECT 1 FROM lots l WHERE l.session_id = "auction_sessions"."id" AND l.status = 'scheduled')`,
          ),
        )
        .orderBy(asc(auctionSessions.startsAt))
        .limit(20);
    },
    /** `keyword`: a part of the title, matched literally and case-insensitively. */
    async sessionPage(q: { limit: number; offset: number; keyword?: string }, tx: DbOrTx = db) {
      const k = q.keyword?.trim();
      const where = k ? sql`strpos(lower(${auctionSessions.title}), lower(${k})) > 0` : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            session: auctionSessions,
            lotCount: sql<number>`(SELECT count(*)::int FROM lots l WHERE l.session_id = "auction_sessions"."id")`,
          })
          .from(auctionSessions)
          .where(where)
          .orderBy(desc(auctionSessions.startsAt), desc(auctionSessions.id))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(auctionSessions).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // ---------------------------------------------------------------- lots
    async insertLot(values: LotInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(lots).values(values).returning();
      return row!;
    },
    async findLot(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lots).where(eq(lots.id, id));
      return row;
    },
    /** A lot as its public page reads it (its live price comes from the stream, on the primary). */
    async publicLot(id: number) {
      const [row] = await reads.select().from(lots).where(eq(lots.id, id));
      return row;
    },
    async lotsByIds(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx.select().from(lots).where(inArray(lots.id, ids));
    },
    /**
     * What a batch of bids reads of its lot once it holds the lot's lock (`lockLot`), in one
     * statement: the batch's bidders' standing max bids, and the chain's length (its last
     * sequence number, voided bids included). Never joined to the locking statement: one that
     * waited for the lock gets the lot row as the other transaction left it, but every other
     * table as it was when the statement began (READ COMMITTED), so the standings another
     * instance's batch had just written would be missing.
     */
    async standingsUnderLock(lotId: number, bidderKeys: string[], tx: Tx) {
      const chain = tx
        .select({ length: sql<number>`coalesce(max(${bids.seq}), 0)`.as('length') })
        .from(bids)
        .where(eq(bids.lotId, lotId))
        .as('chain');
      const rows = await tx
        .select({ chainLength: chain.length, bidder: lotBidders })
        .from(chain)
        .leftJoin(
          lotBidders,
          and(eq(lotBidders.lotId, lotId), sql`${lotBidders.bidderKey} = ANY(${sql.param(bidderKeys)}::text[])`),
        );
      const standings = new Map<string, BidderRow>();
      for (const r of rows) if (r.bidder) standings.set(r.bidder.bidderKey, r.bidder);
      return { standings, chainLength: Number(rows[0]?.chainLength ?? 0) };
    },
    /**
     * What a batch of accepted bids writes, in one statement under the lot's lock: each
     * bidder's standing max (made or raised; one row a bidder, their last), the chained bids,
     * the lot's new state, and the live stream's message.
     */
    async recordBids(
      p: {
        lotId: number;
        standings: (typeof lotBidders.$inferInsert)[];
        bids: (typeof bids.$inferInsert)[];
        lot: Pick<
          LotInsert,
          | 'currentPrice'
          | 'bidCount'
          | 'leaderKey'
          | 'leaderMemberId'
          | 'leaderMaxBid'
          | 'leaderSeq'
          | 'lastHash'
          | 'endsAt'
        >;
        /** The live stream's message (the notices module's channel and payload), sent by the same statement. */
        notify: { channel: string; payload: string };
      },
      tx: Tx,
    ) {
      const { standings, bids: made, lot: l, notify } = p;
      // One column an array (`arrayColumn`): the batch's standings, then its bids.
      await tx.execute(sql`
        WITH standing AS (
          INSERT INTO ${lotBidders} (lot_id, bidder_key, member_id, max_bid, seq, at, deposit)
          SELECT ${p.lotId}::int, * FROM unnest(${arrayColumn(standings, (s) => s.bidderKey)}::text[],
            ${arrayColumn(standings, (s) => s.memberId)}::int[], ${arrayColumn(standings, (s) => s.maxBid)}::bigint[],
            ${arrayColumn(standings, (s) => s.seq)}::int[], ${arrayColumn(standings, (s) => isoOrNull(s.at))}::timestamptz[],
            ${arrayColumn(standings, (s) => s.deposit)}::bigint[])
          ON CONFLICT (lot_id, bidder_key) DO UPDATE
            SET max_bid = EXCLUDED.max_bid, seq = EXCLUDED.seq, at = EXCLUDED.at, deposit = EXCLUDED.deposit
        ), chained AS (
          INSERT INTO ${bids} (lot_id, seq, member_id, bidder_key, bidder_public, max_bid, amount, price_after, "leading",
            at, prev_hash, hash, request_key, ip, user_agent)
          SELECT ${p.lotId}::int, * FROM unnest(${arrayColumn(made, (b) => b.seq)}::int[], ${arrayColumn(made, (b) => b.memberId)}::int[],
            ${arrayColumn(made, (b) => b.bidderKey)}::text[], ${arrayColumn(made, (b) => b.bidderPublic)}::text[],
            ${arrayColumn(made, (b) => b.maxBid)}::bigint[], ${arrayColumn(made, (b) => b.amount)}::bigint[],
            ${arrayColumn(made, (b) => b.priceAfter)}::bigint[], ${arrayColumn(made, (b) => b.leading)}::boolean[],
            ${arrayColumn(made, (b) => isoOrNull(b.at))}::timestamptz[], ${arrayColumn(made, (b) => b.prevHash)}::text[],
            ${arrayColumn(made, (b) => b.hash)}::text[], ${arrayColumn(made, (b) => b.requestKey ?? null)}::text[],
            ${arrayColumn(made, (b) => b.ip ?? null)}::text[], ${arrayColumn(made, (b) => b.userAgent ?? null)}::text[])
        ), moved AS (
          UPDATE ${lots}
          SET current_price = ${l.currentPrice}, bid_count = ${l.bidCount}, leader_key = ${l.leaderKey ?? null},
            leader_member_id = ${l.leaderMemberId ?? null}::int, leader_max_bid = ${l.leaderMaxBid ?? null}::bigint,
            leader_seq = ${l.leaderSeq ?? null}::int, last_hash = ${l.lastHash ?? null}, ends_at = ${l.endsAt}
          WHERE id = ${p.lotId}
          RETURNING id
        )
        SELECT pg_notify(${notify.channel}, ${notify.payload}) FROM moved`);
    },
    /** The lot row locked: every bid and the close take this lock. */
    async lockLot(id: number, tx: Tx) {
      const [row] = await tx.select().from(lots).where(eq(lots.id, id)).for('update');
      return row;
    },
    async updateLot(id: number, set: Partial<LotInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(lots).set(set).where(eq(lots.id, id)).returning();
      return row!;
    },
    async lotByOrder(orderId: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lots).where(eq(lots.orderId, orderId));
      return row;
    },
    async lotByOrderForUpdate(orderId: number, tx: Tx) {
      const [row] = await tx.select().from(lots).where(eq(lots.orderId, orderId)).for('update');
      return row;
    },

    async lotPage(
      f: LotFilter & { order: 'startsAsc' | 'endsAsc' | 'endsDesc' | 'newest'; limit: number; offset: number },
      tx: DbOrTx = reads,
    ) {
      const where = lotWhere(f);
      const order =
        f.order === 'startsAsc'
          ? [asc(lots.startsAt), asc(lots.id)]
          : f.order === 'endsAsc'
            ? [asc(lots.endsAt), asc(lots.id)]
            : f.order === 'endsDesc'
              ? [desc(lots.endsAt), desc(lots.id)]
              : [desc(lots.id)];
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(lots)
          .where(where)
          .orderBy(...order)
          .limit(f.limit)
          .offset(f.offset),
        tx.select({ n: count() }).from(lots).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The dashboard's figures by the server clock: lots live, live ones ending before `soon`, lots still to start. */
    async lotCounts(now: Date, soon: Date, tx: DbOrTx = db) {
      const live = and(lte(lots.startsAt, now), gt(lots.endsAt, now));
      const [row] = await tx
        .select({
          live: sql<number>`count(*) FILTER (WHERE ${live})`.mapWith(Number),
          closing: sql<number>`count(*) FILTER (WHERE ${and(live, lte(lots.endsAt, soon))})`.mapWith(Number),
          upcoming: sql<number>`count(*) FILTER (WHERE ${gt(lots.startsAt, now)})`.mapWith(Number),
        })
        .from(lots)
        .where(eq(lots.status, 'scheduled'));
      return { live: row?.live ?? 0, closing: row?.closing ?? 0, upcoming: row?.upcoming ?? 0 };
    },

    /**
     * The close job's look at the open lots, in one statement (both on the open lots' end
     * index): those past their end (at most `limit`, oldest end first), and when the first
     * one still running ends (ms; undefined when none is).
     */
    async dueLots(now: Date, limit: number, tx: DbOrTx = db) {
      const due = and(isNull(lots.closedAt), lte(lots.endsAt, now));
      const running = and(isNull(lots.closedAt), gt(lots.endsAt, now));
      const { rows } = await tx.execute<{ due: number[]; next: number | null }>(sql`
        SELECT ARRAY(SELECT ${lots.id} FROM ${lots} WHERE ${due} ORDER BY ${lots.endsAt} LIMIT ${limit}) AS due,
          (SELECT floor(extract(epoch FROM ${lots.endsAt}) * 1000)::bigint FROM ${lots}
            WHERE ${running} ORDER BY ${lots.endsAt} LIMIT 1) AS next`);
      const row = rows[0]!;
      return { ids: row.due, nextEndsAt: row.next ?? undefined };
    },
    /** One due lot locked, skipping it when another worker holds it. */
    async lockDueLot(id: number, now: Date, tx: Tx) {
      const [row] = await tx
        .select()
        .from(lots)
        .where(and(eq(lots.id, id), isNull(lots.closedAt), lte(lots.endsAt, now)))
        .for('update', { skipLocked: true });
      return row;
    },
    /** Marks lots ending within the window as told "ending soon", once each (a conditional update). */
    async claimEndingSoon(now: Date, until: Date, tx: DbOrTx = db) {
      return tx
        .update(lots)
        .set({ endingNoticeAt: now })
        .where(
          and(
            isNull(lots.closedAt),
            isNull(lots.endingNoticeAt),
            eq(lots.status, 'scheduled'),
            gt(lots.endsAt, now),
            lte(lots.endsAt, until),
            lte(lots.startsAt, now),
          ),
        )
        .returning({ id: lots.id, title: lots.title });
    },

    // ---------------------------------------------------------------- bidders and bids
    async bidder(lotId: number, bidderKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(lotBidders)
        .where(and(eq(lotBidders.lotId, lotId), eq(lotBidders.bidderKey, bidderKey)));
      return row;
    },
    async biddersOfKey(bidderKey: string, lotIds: number[], tx: DbOrTx = db) {
      if (lotIds.length === 0) return [];
      return tx
        .select()
        .from(lotBidders)
        .where(and(eq(lotBidders.bidderKey, bidderKey), inArray(lotBidders.lotId, lotIds)));
    },
    async biddersOf(lotId: number, tx: DbOrTx = db) {
      return tx.select().from(lotBidders).where(eq(lotBidders.lotId, lotId)).orderBy(asc(lotBidders.seq));
    },
    async upsertBidder(values: typeof lotBidders.$inferInsert, tx: DbOrTx = db) {
      await tx
        .insert(lotBidders)
        .values(values)
        .onConflictDoUpdate({
          target: [lotBidders.lotId, lotBidders.bidderKey],
          set: { maxBid: values.maxBid, seq: values.seq, at: values.at, deposit: values.deposit },
        });
    },
    async settleBidder(lotId: number, bidderKey: string, at: Date, tx: DbOrTx = db) {
      await tx
        .update(lotBidders)
        .set({ depositSettledAt: at })
        .where(and(eq(lotBidders.lotId, lotId), eq(lotBidders.bidderKey, bidderKey)));
    },
    async insertBid(values: typeof bids.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(bids).values(values).returning();
      return row!;
    },
    async bidByRequestKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(bids).where(eq(bids.requestKey, requestKey));
      return row;
    },
    /** The bids some keyed calls wrote, if they got that far. */
    async bidsByRequestKeys(requestKeys: string[], tx: DbOrTx = db) {
      if (requestKeys.length === 0) return [];
      return tx.select().from(bids).where(inArray(bids.requestKey, requestKeys));
    },
    /** A lot's bids, newest first. */
    async bidsOf(lotId: number, tx: DbOrTx = reads) {
      return tx.select().from(bids).where(eq(bids.lotId, lotId)).orderBy(desc(bids.seq));
    },
    /** Every account that bid on the lot. */
    async bidMembers(lotId: number, tx: DbOrTx = db) {
      const rows = await tx.selectDistinct({ memberId: bids.memberId }).from(bids).where(eq(bids.lotId, lotId));
      return rows.map((r) => r.memberId);
    },
    /** Bids after the lot's end (a check for tests and operators: there must be none). */
    async bidsAfterEnd(lotId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(bids)
        .innerJoin(lots, eq(lots.id, bids.lotId))
        .where(and(eq(bids.lotId, lotId), gte(bids.at, lots.endsAt)));
      return row?.n ?? 0;
    },

    /** Records a notice as sent; false when it was sent before (so each goes once). */
    async claimNotice(lotId: number, memberId: number, kind: string, at: Date, tx: DbOrTx = db) {
      const rows = await tx
        .insert(lotNotices)
        .values({ lotId, memberId, kind, sentAt: at })
        .onConflictDoNothing()
        .returning({ lotId: lotNotices.lotId });
      return rows.length > 0;
    },

    /** Lots whose winner has not paid yet (sold, order set), ending their window before `until`. */
    async soldLotsOf(orderIds: number[], tx: DbOrTx = db) {
      if (orderIds.length === 0) return [];
      return tx.select().from(lots).where(inArray(lots.orderId, orderIds));
    },
  };
}
export type AuctionsRepository = ReturnType<typeof createAuctionsRepository>;
