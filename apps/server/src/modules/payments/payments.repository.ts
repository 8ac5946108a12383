import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { paymentNotices, recharges } from '../../db/schema/index.js';

export type RechargeRow = typeof recharges.$inferSelect;
export type RechargeInsert = typeof recharges.$inferInsert;
export type PaymentNoticeRow = typeof paymentNotices.$inferSelect;
export type PaymentNoticeInsert = typeof paymentNotices.$inferInsert;

export interface RechargeFilter {
  status?: RechargeRow['status'] | undefined;
  channel?: RechargeRow['channel'] | undefined;
  memberId?: number | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function whereOf(f: RechargeFilter): SQL | undefined {
  return and(
    f.status ? eq(recharges.status, f.status) : undefined,
    f.channel ? eq(recharges.channel, f.channel) : undefined,
    f.memberId ? eq(recharges.memberId, f.memberId) : undefined,
    f.keyword ? or(eq(recharges.no, f.keyword), eq(recharges.providerTradeNo, f.keyword)) : undefined,
    f.from !== undefined ? gte(recharges.createdAt, new Date(f.from)) : undefined,
    f.to !== undefined ? lt(recharges.createdAt, new Date(f.to)) : undefined,
  );
}

/** The payments module's tables: recharges and the providers' notices. */
export function createPaymentsRepository(db: Db) {
  return {
    async insert(row: RechargeInsert, tx: DbOrTx = db): Promise<RechargeRow> {
      const [r] = await tx.insert(recharges).values(row).returning();
      return r!;
    },

    async byRequestKey(requestKey: string, tx: DbOrTx = db) {
      const [r] = await tx.select().from(recharges).where(eq(recharges.requestKey, requestKey));
      return r;
    },

    async find(id: number, tx: DbOrTx = db) {
      const [r] = await tx.select().from(recharges).where(eq(recharges.id, id));
      return r;
    },

    /** The recharge under its row lock: notices of one trade are judged one after another. */
    async lockByNo(no: string, tx: Tx) {
      const [r] = await tx.select().from(recharges).where(eq(recharges.no, no)).for('update');
      return r;
    },

    async lockById(id: number, tx: Tx) {
      const [r] = await tx.select().from(recharges).where(eq(recharges.id, id)).for('update');
      return r;
    },

    async update(id: number, set: Partial<RechargeInsert>, tx: DbOrTx = db): Promise<RechargeRow> {
      const [r] = await tx.update(recharges).set(set).where(eq(recharges.id, id)).returning();
      return r!;
    },

    /** Closed only while still pending (a conditional update: a payment recorded meanwhile wins). */
    async closeIfPending(id: number, at: Date, tx: DbOrTx = db) {
      const [r] = await tx
        .update(recharges)
        .set({ status: 'closed', closedAt: at, payUrl: null })
        .where(and(eq(recharges.id, id), eq(recharges.status, 'pending')))
        .returning();
      return r;
    },

    /** Pending recharges the job should ask about: not asked since `askedBefore`, oldest first. */
    async dueForQuery(askedBefore: Date, createdBefore: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(recharges)
        .where(
          and(
            eq(recharges.status, 'pending'),
            lte(recharges.createdAt, createdBefore),
            or(isNull(recharges.queriedAt), lt(recharges.queriedAt, askedBefore)),
          ),
        )
        .orderBy(asc(recharges.createdAt))
        .limit(limit);
    },

    async page(f: RechargeFilter, q: { limit: number; offset: number }, tx: DbOrTx = db) {
      const where = whereOf(f);
      const [rows, [total]] = await Promise.all([
        tx.select().from(recharges).where(where).orderBy(desc(recharges.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(recharges).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    forExport: (f: RechargeFilter, limit: number, tx: DbOrTx = db) =>
      tx.select().from(recharges).where(whereOf(f)).orderBy(asc(recharges.id)).limit(limit),

    /** Every paid recharge: what the ledger must have credited. */
    async paid(tx: DbOrTx = db) {
      return tx
        .select({ id: recharges.id, no: recharges.no, memberId: recharges.memberId, amount: recharges.amount })
        .from(recharges)
        .where(eq(recharges.status, 'paid'))
        .orderBy(asc(recharges.id));
    },

    async insertNotice(row: PaymentNoticeInsert, tx: DbOrTx = db): Promise<PaymentNoticeRow> {
      const [n] = await tx.insert(paymentNotices).values(row).returning();
      return n!;
    },

    async notices(
      f: { verdict?: PaymentNoticeRow['verdict'] | undefined; channel?: PaymentNoticeRow['channel'] | undefined },
      q: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const where = and(
        f.verdict ? eq(paymentNotices.verdict, f.verdict) : undefined,
        f.channel ? eq(paymentNotices.channel, f.channel) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx.select().from(paymentNotices).where(where).orderBy(desc(paymentNotices.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(paymentNotices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
