import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';

export function createUploadsRepository(db: Db) {
  return {
    async insert(values: typeof uploads.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(uploads).values(values);
    },

    async find(key: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(uploads).where(eq(uploads.key, key));
      return row;
    },

    async markStored(key: string, set: { mime: string; bytes: number; storedAt: Date }, tx: DbOrTx = db) {
      await tx.update(uploads).set(set).where(eq(uploads.key, key));
    },

    /** Marks a checked upload stored, once: false when another request did so first. */
    async markStoredIfPending(key: string, set: { mime: string; bytes: number; storedAt: Date }, tx: DbOrTx = db) {
      const done = await tx
        .update(uploads)
        .set(set)
        .where(and(eq(uploads.key, key), isNull(uploads.storedAt)))
        .returning({ key: uploads.key });
      return done.length > 0;
    },

    /** The key if it is a stored upload of this owner; undefined otherwise. */
    async findStoredOf(key: string, owner: { type: 'member' | 'operator'; id: number }, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ key: uploads.key })
        .from(uploads)
        .where(
          and(
            eq(uploads.key, key),
            eq(uploads.ownerType, owner.type),
            eq(uploads.ownerId, owner.id),
            isNotNull(uploads.storedAt),
          ),
        );
      return row?.key;
    },
  };
}
