import { and, asc, count, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { operatorSessions, operators } from '../../db/schema/index.js';
import type { SessionRows } from '../../lib/session-store.js';

export type OperatorRow = typeof operators.$inferSelect;

export function createOperatorsRepository(db: Db) {
  const sessions: SessionRows<Tx> = {
    async insert(r, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(operatorSessions)
        .values({ operatorId: r.ownerId, tokenHash: r.tokenHash, createdAt: r.at, lastUsedAt: r.at })
        .returning({ id: operatorSessions.id });
      return row!.id;
    },
    async byTokenHash(tokenHash) {
      const [row] = await db
        .select({
          id: operatorSessions.id,
          ownerId: operatorSessions.operatorId,
          lastUsedAt: operatorSessions.lastUsedAt,
          revokedAt: operatorSessions.revokedAt,
        })
        .from(operatorSessions)
        .where(eq(operatorSessions.tokenHash, tokenHash));
      return row;
    },
    async touch(id, at) {
      await db.update(operatorSessions).set({ lastUsedAt: at }).where(eq(operatorSessions.id, id));
    },
    async revokeLive(ownerId, at, _reason, keepSessionId, tx: DbOrTx = db) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(operatorSessions.operatorId, ownerId),
            isNull(operatorSessions.revokedAt),
            keepSessionId ? ne(operatorSessions.id, keepSessionId) : undefined,
          ),
        );
    },
    async revoke(id, at) {
      await db.update(operatorSessions).set({ revokedAt: at }).where(eq(operatorSessions.id, id));
    },
    async deleteIdleBefore(cutoff) {
      await db
        .delete(operatorSessions)
        .where(or(lt(operatorSessions.lastUsedAt, cutoff), lt(operatorSessions.revokedAt, cutoff)));
    },
  };

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

    async update(id: number, set: Partial<typeof operators.$inferInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(operators).set(set).where(eq(operators.id, id)).returning();
      return row;
    },
  };
}
