import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { lotBidders, lots, lotWatches } from '../../db/schema/index.js';
import type { LotRow } from './auctions.repository.js';

/** The advisory-lock namespace of a member's watch list (the second key is the member's id). */
const WATCH_LOCK = 18_001;

/** A lot still open: not closed by the close job, not sold, unsold or withdrawn. */
const openLot = and(isNull(lots.closedAt), eq(lots.status, 'scheduled'))!;

/** A lot sold to the member (any account of their identity when they have a bidder key). */
function wonBy(memberId: number, key: string | null): SQL {
  return and(
    eq(lots.status, 'sold'),
    key === null ? eq(lots.winnerId, memberId) : or(eq(lots.winnerId, memberId), eq(lots.leaderKey, key)),
  )!;
}

/** A reminder to send: the lot, the watcher, and the lot's title. */
export interface ClaimedReminder {
  lotId: number;
  memberId: number;
  title: string;
}

/**
 * Watches of lots (`lot_watches`), the member's own auctions, a session's lots, and the
 * watch reminders' once-only claims in `lot_notices` (all tables of the auctions module).
 */
/** `reads`: the public reads' handle (db/replica.ts), for a lot's watcher count on its page. */
export function createWatchesRepository(db: Db, reads: Db = db) {
  const page = async (where: SQL, order: SQL[], limit: number, offset: number, tx: DbOrTx, join?: 'watch' | 'bid') => {
    const base = () => {
      const q = tx.select({ lot: lots }).from(lots);
      if (join === 'watch') return q.innerJoin(lotWatches, eq(lotWatches.lotId, lots.id));
      if (join === 'bid') return q.innerJoin(lotBidders, eq(lotBidders.lotId, lots.id));
      return q;
    };
    const counted = () => {
      const q = tx.select({ n: count() }).from(lots);
      if (join === 'watch') return q.innerJoin(lotWatches, eq(lotWatches.lotId, lots.id));
      if (join === 'bid') return q.innerJoin(lotBidders, eq(lotBidders.lotId, lots.id));
      return q;
    };
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      counted().where(where),
    ]);
    return { rows: rows.map((r) => r.lot) as LotRow[], total: total?.n ?? 0 };
  };

  return {
    /**
     * Serialises one member's watch changes until the transaction ends, so the count of their
     * open watched lots and the insert that follows are one step under parallel requests.
     */
    async lockMemberWatches(memberId: number, tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${WATCH_LOCK}, ${memberId})`);
    },
    async isWatching(memberId: number, lotId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ lotId: lotWatches.lotId })
        .from(lotWatches)
        .where(and(eq(lotWatches.memberId, memberId), eq(lotWatches.lotId, lotId)));
      return row !== undefined;
    },
    /** How many lots not yet closed the member watches. */
    async openWatchCount(memberId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(lotWatches)
        .innerJoin(lots, eq(lots.id, lotWatches.lotId))
        .where(and(eq(lotWatches.memberId, memberId), openLot));
      return row?.n ?? 0;
    },
    async addWatch(memberId: number, lotId: number, at: Date, tx: DbOrTx = db) {
      await tx.insert(lotWatches).values({ memberId, lotId, createdAt: at }).onConflictDoNothing();
    },
    async removeWatch(memberId: number, lotId: number, tx: DbOrTx = db) {
      await tx.delete(lotWatches).where(and(eq(lotWatches.memberId, memberId), eq(lotWatches.lotId, lotId)));
    },
    async watcherCount(lotId: number, tx: DbOrTx = reads) {
      const [row] = await tx.select({ n: count() }).from(lotWatches).where(eq(lotWatches.lotId, lotId));
      return row?.n ?? 0;
    },
    /** Which of these lots the member watches. */
    async watchedAmong(memberId: number, lotIds: number[], tx: DbOrTx = db) {
      if (lotIds.length === 0) return new Set<number>();
      const rows = await tx
        .select({ lotId: lotWatches.lotId })
        .from(lotWatches)
        .where(and(eq(lotWatches.memberId, memberId), inArray(lotWatches.lotId, lotIds)));
      return new Set(rows.map((r) => r.lotId));
    },

    // ---------------------------------------------------------------- 我的竞拍
    /** Watched lots: open ones first by their end (soonest first), then closed ones, latest end first. */
    watchedPage: (memberId: number, limit: number, offset: number, tx: DbOrTx = db) =>
      page(
        eq(lotWatches.memberId, memberId),
        [
          sql`(${lots.closedAt} IS NOT NULL OR ${lots.status} <> 'scheduled')`,
          sql`CASE WHEN ${openLot} THEN ${lots.endsAt} END ASC`,
          desc(lots.endsAt),
          desc(lots.id),
        ],
        limit,
        offset,
        tx,
        'watch',
      ),
    /** Open lots the identity bid on, soonest end first. */
    biddingPage: (key: string, limit: number, offset: number, tx: DbOrTx = db) =>
      page(and(eq(lotBidders.bidderKey, key), openLot)!, [asc(lots.endsAt), asc(lots.id)], limit, offset, tx, 'bid'),
    /** Lots sold to the member, latest end first. */
    wonPage: (memberId: number, key: string | null, limit: number, offset: number, tx: DbOrTx = db) =>
      page(wonBy(memberId, key), [desc(lots.endsAt), desc(lots.id)], limit, offset, tx),
    /** Closed lots the identity bid on and did not win, latest end first. */
    lostPage: (memberId: number, key: string, limit: number, offset: number, tx: DbOrTx = db) =>
      page(
        and(
          eq(lotBidders.bidderKey, key),
          or(sql`${lots.closedAt} IS NOT NULL`, ne(lots.status, 'scheduled')),
          sql`NOT (${wonBy(memberId, key)})`,
        )!,
        [desc(lots.endsAt), desc(lots.id)],
        limit,
        offset,
        tx,
        'bid',
      ),

    // ---------------------------------------------------------------- a session's page
    /** A session's lots: open ones (not past their end) first, each part by its current end. */
    sessionLotPage: (sessionId: number, now: Date, limit: number, offset: number, tx: DbOrTx = db) =>
      page(
        eq(lots.sessionId, sessionId),
        [sql`CASE WHEN ${openLot} AND ${lots.endsAt} > ${now} THEN 0 ELSE 1 END`, asc(lots.endsAt), asc(lots.id)],
        limit,
        offset,
        tx,
      ),
    /** A session's figures, counted over its lots. */
    async sessionFigures(sessionId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          lotCount: count(),
          openCount: sql<number>`count(*) FILTER (WHERE ${openLot})`.mapWith(Number),
          soldCount: sql<number>`count(*) FILTER (WHERE ${lots.status} = 'sold')`.mapWith(Number),
          unsoldCount: sql<number>`count(*) FILTER (WHERE ${lots.status} = 'unsold')`.mapWith(Number),
          totalHammer:
            sql<number>`coalesce(sum(${lots.hammerPrice}) FILTER (WHERE ${lots.status} = 'sold'), 0)`.mapWith(Number),
          endsAt: sql<Date | null>`max(${lots.endsAt})`.mapWith((v: string | Date | null) =>
            v === null ? null : new Date(v),
          ),
        })
        .from(lots)
        .where(eq(lots.sessionId, sessionId));
      return row!;
    },

    // ---------------------------------------------------------------- reminders
    /**
     * Claims, in one statement, the start reminders due: watched lots that started (within
     * `since`..`now`, open and not past their end) for watchers who watched before the start
     * and were not told yet. The primary key of `lot_notices` makes each claim once: a
     * concurrent run waits on the same key and then inserts nothing.
     */
    async claimStartReminders(now: Date, since: Date, limit: number, tx: DbOrTx = db) {
      const res = await tx.execute<{ lot_id: number; member_id: number; title: string }>(sql`
        WITH due AS (
          SELECT w.lot_id, w.member_id
          FROM lot_watches w JOIN lots l ON l.id = w.lot_id
          WHERE l.status = 'scheduled' AND l.closed_at IS NULL
            AND l.starts_at <= ${now} AND l.starts_at > ${since} AND l.ends_at > ${now}
            AND w.created_at <= l.starts_at
            AND NOT EXISTS (SELECT 1 FROM lot_notices n
                            WHERE n.lot_id = w.lot_id AND n.member_id = w.member_id AND n.kind = 'watch_start')
          ORDER BY l.starts_at, w.lot_id, w.member_id
          LIMIT ${limit}
        ), claimed AS (
          INSERT INTO lot_notices (lot_id, member_id, kind, sent_at)
          SELECT lot_id, member_id, 'watch_start', ${now} FROM due
          ON CONFLICT DO NOTHING
          RETURNING lot_id, member_id
        )
        SELECT c.lot_id, c.member_id, l.title FROM claimed c JOIN lots l ON l.id = c.lot_id`);
      return res.rows.map((r): ClaimedReminder => ({ lotId: r.lot_id, memberId: r.member_id, title: r.title }));
    },
    /**
     * Claims the ending reminders due: open lots whose current end (soft close may have moved
     * it) is within `leadMs` of `now`, for watchers who watched before that point and were not
     * told yet; once each, as above.
     */
    async claimEndingReminders(now: Date, leadMs: number, limit: number, tx: DbOrTx = db) {
      const until = new Date(now.getTime() + leadMs);
      const res = await tx.execute<{ lot_id: number; member_id: number; title: string }>(sql`
        WITH due AS (
          SELECT w.lot_id, w.member_id
          FROM lot_watches w JOIN lots l ON l.id = w.lot_id
          WHERE l.status = 'scheduled' AND l.closed_at IS NULL
            AND l.starts_at <= ${now} AND l.ends_at > ${now} AND l.ends_at <= ${until}
            AND w.created_at <= l.ends_at - make_interval(secs => ${leadMs / 1000})
            AND NOT EXISTS (SELECT 1 FROM lot_notices n
                            WHERE n.lot_id = w.lot_id AND n.member_id = w.member_id AND n.kind = 'watch_ending')
          ORDER BY l.ends_at, w.lot_id, w.member_id
          LIMIT ${limit}
        ), claimed AS (
          INSERT INTO lot_notices (lot_id, member_id, kind, sent_at)
          SELECT lot_id, member_id, 'watch_ending', ${now} FROM due
          ON CONFLICT DO NOTHING
          RETURNING lot_id, member_id
        )
        SELECT c.lot_id, c.member_id, l.title FROM claimed c JOIN lots l ON l.id = c.lot_id`);
      return res.rows.map((r): ClaimedReminder => ({ lotId: r.lot_id, memberId: r.member_id, title: r.title }));
    },
  };
}
export type WatchesRepository = ReturnType<typeof createWatchesRepository>;
