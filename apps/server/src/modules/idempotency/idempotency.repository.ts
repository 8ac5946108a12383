import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

const byKey = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

export function createIdempotencyRepository(db: Db) {
  return {
    /** Claims the key; false when a row for it exists already. */
    async claim(row: { scope: string; key: string; requestHash: string; createdAt: Date }, tx: DbOrTx = db) {
      const [inserted] = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return Boolean(inserted);
    },

    async find(scope: string, key: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(idempotencyKeys).where(byKey(scope, key));
      return row;
    },

    async complete(scope: string, key: string, response: unknown, tx: DbOrTx = db) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: response as object })
        .where(byKey(scope, key));
    },

    /** Deletes the key's row; only the one created at `createdAt` when given. */
    async remove(scope: string, key: string, createdAt?: Date, tx: DbOrTx = db) {
      await tx
        .delete(idempotencyKeys)
        .where(and(byKey(scope, key), createdAt ? eq(idempotencyKeys.createdAt, createdAt) : undefined));
    },
  };
}
