import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { withdrawals } from '../../db/schema/index.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalInsert = typeof withdrawals.$inferInsert;
export type WithdrawalStatusValue = WithdrawalRow['status'];

export function createWithdrawalsRepository(db: Db) {
  async function page(where: SQL | undefined, order: SQL[], q: { limit: number; offset: number }, tx: DbOrTx = db) {
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      tx.select({ n: count() }).from(withdrawals).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return {
    async byRequestKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.requestKey, requestKey));
      return row;
    },

    /** Requests a member made since a moment (every status counts). */
    async countSince(memberId: number, since: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), gte(withdrawals.createdAt, since)));
      return row?.n ?? 0;
    },

    /** The dashboard's figures: requests waiting (pending, approved) and their amount; what was paid out in [from, to). */
    async dashboardCounts(from: Date, to: Date, tx: DbOrTx = db) {
      const paid = and(
        eq(withdrawals.status, 'paid'),
        gte(withdrawals.processedAt, from),
        lt(withdrawals.processedAt, to),
      );
      const waiting = inArray(withdrawals.status, ['pending', 'approved']);
      const [row] = await tx
        .select({
          pending: sql<number>`count(*) FILTER (WHERE ${withdrawals.status} = 'pending')`.mapWith(Number),
          approved: sql<number>`count(*) FILTER (WHERE ${withdrawals.status} = 'approved')`.mapWith(Number),
          waitingAmount: sql<number>`COALESCE(SUM(${withdrawals.amount}) FILTER (WHERE ${waiting}), 0)`.mapWith(Number),
          paidOut: sql<number>`COALESCE(SUM(${withdrawals.actualAmount}) FILTER (WHERE ${paid}), 0)`.mapWith(Number),
        })
        .from(withdrawals)
        .where(or(waiting, paid));
      return {
        pending: row?.pending ?? 0,
        approved: row?.approved ?? 0,
        waitingAmount: row?.waitingAmount ?? 0,
        paidOut: row?.paidOut ?? 0,
      };
    },

    async insert(values: WithdrawalInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(withdrawals).values(values).returning();
      return row!;
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    async findForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row;
    },

    async update(id: number, set: Partial<WithdrawalInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
      return row!;
    },

    /** A member's withdrawals, newest first. */
    ofMember: (memberId: number, q: { limit: number; offset: number }) =>
      page(eq(withdrawals.memberId, memberId), [desc(withdrawals.id)], q),

    /** Oldest first, for the CSV export: by status and request time ([from, to), epoch ms). */
    forExport: (f: { status?: WithdrawalStatusValue; from?: number; to?: number; limit: number }, tx: DbOrTx = db) =>
      tx
        .select()
        .from(withdrawals)
        .where(
          and(
            f.status ? eq(withdrawals.status, f.status) : undefined,
            f.from !== undefined ? gte(withdrawals.createdAt, new Date(f.from)) : undefined,
            f.to !== undefined ? lt(withdrawals.createdAt, new Date(f.to)) : undefined,
          ),
        )
        .orderBy(asc(withdrawals.id))
        .limit(f.limit),

    /** Operators' queue: the ones waiting oldest first, the others newest first. */
    queue(q: { statuses?: WithdrawalStatusValue[]; oldestFirst: boolean; limit: number; offset: number }) {
      return page(
        q.statuses ? inArray(withdrawals.status, q.statuses) : undefined,
        [q.oldestFirst ? asc(withdrawals.id) : desc(withdrawals.id)],
        q,
      );
    },
  };
}
export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
