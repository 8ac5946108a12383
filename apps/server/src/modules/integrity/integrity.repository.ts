import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { lotSignals } from '../../db/schema/index.js';

export type LotSignalsRow = typeof lotSignals.$inferSelect;

/** The lots' bidding signals as last computed, with their review. */
export function createIntegrityRepository(db: Db) {
  return {
    async find(lotId: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lotSignals).where(eq(lotSignals.lotId, lotId));
      return row;
    },
    /** The computed signals stored; an earlier review is kept. */
    async save(row: Omit<LotSignalsRow, 'reviewStatus' | 'reviewNote' | 'reviewedBy'>, tx: DbOrTx = db) {
      const [saved] = await tx
        .insert(lotSignals)
        .values(row)
        .onConflictDoUpdate({
          target: lotSignals.lotId,
          set: { score: row.score, reasons: row.reasons, bidders: row.bidders, computedAt: row.computedAt },
        })
        .returning();
      return saved!;
    },
    async review(
      lotId: number,
      set: { status: 'cleared' | 'escalated'; note: string; by: number | null },
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .update(lotSignals)
        .set({ reviewStatus: set.status, reviewNote: set.note, reviewedBy: set.by })
        .where(eq(lotSignals.lotId, lotId))
        .returning();
      return row;
    },
    /** The queue: open reviews first, then the highest score, then the newest computation. */
    async page(q: { status?: 'open' | 'cleared' | 'escalated'; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = q.status ? eq(lotSignals.reviewStatus, q.status) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(lotSignals)
          .where(where)
          .orderBy(
            sql`CASE ${lotSignals.reviewStatus} WHEN 'open' THEN 0 WHEN 'escalated' THEN 1 ELSE 2 END`,
            desc(lotSignals.score),
            desc(lotSignals.computedAt),
            asc(lotSignals.lotId),
          )
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(lotSignals).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** When each of some lots' signals were computed. */
    async computedAt(lotIds: number[], tx: DbOrTx = db) {
      if (lotIds.length === 0) return new Map<number, Date>();
      const rows = await tx
        .select({ lotId: lotSignals.lotId, computedAt: lotSignals.computedAt })
        .from(lotSignals)
        .where(inArray(lotSignals.lotId, lotIds));
      return new Map(rows.map((r) => [r.lotId, r.computedAt]));
    },
  };
}
export type IntegrityRepository = ReturnType<typeof createIntegrityRepository>;
