import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ClaimStatus } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { claims } from '../../db/schema/index.js';

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimInsert = typeof claims.$inferInsert;

/** The guarantee's claims (custody owns them with the pieces they are about). */
export function createClaimsRepository(db: Db) {
  return {
    /** Undefined when the piece already has a live claim (the partial unique index decides, atomically). */
    async insert(values: ClaimInsert, tx: DbOrTx = db): Promise<ClaimRow | undefined> {
      const [row] = await tx
        .insert(claims)
        .values(values)
        .onConflictDoNothing({
          target: claims.holdingId,
          where: sql`${claims.status} IN ('pending', 'accepted')`,
        })
        .returning();
      return row;
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(claims).where(eq(claims.id, id));
      return row;
    },

    /** The claim, locked until the transaction ends: two operators deciding it at once take turns. */
    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update');
      return row;
    },

    /** Decides a pending claim; undefined when it is no longer pending. */
    async decide(
      id: number,
      values: Pick<ClaimInsert, 'status' | 'decisionReason' | 'decidedBy' | 'decidedAt'>,
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .update(claims)
        .set(values)
        .where(and(eq(claims.id, id), eq(claims.status, 'pending')))
        .returning();
      return row;
    },

    async memberPage(q: { memberId: number; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = eq(claims.memberId, q.memberId);
      const [rows, [total]] = await Promise.all([
        tx.select().from(claims).where(where).orderBy(desc(claims.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(claims).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Pending claims first, oldest first (the queue); then the rest, newest first. */
    async adminPage(q: { status?: ClaimStatus; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = q.status ? eq(claims.status, q.status) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(claims)
          .where(where)
          .orderBy(
            sql`(${claims.status} = 'pending') DESC`,
            sql`CASE WHEN ${claims.status} = 'pending' THEN ${claims.id} END ASC`,
            desc(claims.id),
          )
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(claims).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async pendingCount(tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(claims).where(eq(claims.status, 'pending'));
      return row?.n ?? 0;
    },
  };
}
export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
