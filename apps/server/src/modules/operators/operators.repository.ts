import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { createSessionRows } from '../../db/session-rows.js';
import { operatorSessions, operators } from '../../db/schema/index.js';

export type OperatorRow = typeof operators.$inferSelect;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createOperatorsRepository(db: Db) {
  const sessions = createSessionRows(db, operatorSessions, 'operatorId');

  return {
    sessions,

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(operators).where(eq(operators.id, id));
      return row;
    },

    async findForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      return row;
    },

    async byUsername(username: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(operators).where(eq(operators.username, username));
      return row;
    },

    async count(tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(operators);
      return row?.n ?? 0;
    },

    all: (tx: DbOrTx = db) => tx.select().from(operators).orderBy(asc(operators.id)),

    async names(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: operators.id, username: operators.username })
        .from(operators)
        .where(inArray(operators.id, ids));
    },

    /** Inserts unless the username is taken (then undefined). */
    async insert(values: typeof operators.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(operators).values(values).onConflictDoNothing().returning();
      return row;
    },

    /**
     * Counts a sign-in attempt of the account in one statement, before its password is
     * checked. With `max`, only while fewer than `max` attempts of the window are counted
     * (else undefined: the sign-in needs a captcha); without, always (a captcha was solved).
     * A window that has run out starts a new count.
     */
    async countLoginAttempt(id: number, now: Date, policy: { max?: number; windowMs: number }) {
      const fresh = or(
        isNull(operators.failedLoginsSince),
        sql`${operators.failedLoginsSince} <= ${at(new Date(now.getTime() - policy.windowMs))}`,
      )!;
      const [row] = await db
        .update(operators)
        .set({
          failedLogins: sql`CASE WHEN ${fresh} THEN 1 ELSE ${operators.failedLogins} + 1 END`,
          failedLoginsSince: sql`CASE WHEN ${fresh} THEN ${at(now)} ELSE ${operators.failedLoginsSince} END`,
          // Locks of the older rule are over: an account is never locked now.
          lockedUntil: null,
        })
        .where(
          and(
            eq(operators.id, id),
            ...(policy.max !== undefined ? [or(fresh, lt(operators.failedLogins, policy.max))] : []),
          ),
        )
        .returning();
      return row;
    },

    /** A right password ends the count. */
    async settleLoginRight(id: number, now: Date) {
      const [row] = await db
        .update(operators)
        .set({ failedLogins: 0, failedLoginsSince: null, lastLoginAt: now })
        .where(eq(operators.id, id))
        .returning();
      return row;
    },

    async update(id: number, set: Partial<typeof operators.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(operators).set(set).where(eq(operators.id, id)).returning();
      return row;
    },
  };
}
