import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressInsert = typeof addresses.$inferInsert;

const ofMember = (memberId: number, id: number) => and(eq(addresses.id, id), eq(addresses.memberId, memberId));

export function createAddressesRepository(db: Db) {
  return {
    /** Serialises changes to one member's addresses until the transaction ends. */
    async lockMember(memberId: number, tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727100, ${memberId})`);
    },

    list: (memberId: number, tx: DbOrTx = db) =>
      tx
        .select()
        .from(addresses)
        .where(eq(addresses.memberId, memberId))
        .orderBy(desc(addresses.isDefault), desc(addresses.id)),

    async defaultOf(memberId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), eq(addresses.isDefault, true)));
      return row;
    },

    async find(memberId: number, id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(addresses).where(ofMember(memberId, id));
      return row;
    },

    async count(memberId: number, tx: DbOrTx = db) {
      const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.memberId, memberId));
      return row?.n ?? 0;
    },

    async clearDefault(memberId: number, tx: DbOrTx = db) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.memberId, memberId));
    },

    async insert(values: AddressInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(addresses).values(values).returning();
      return row!;
    },

    async update(id: number, set: Partial<AddressInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(addresses).set(set).where(eq(addresses.id, id)).returning();
      return row!;
    },

    async remove(memberId: number, id: number, tx: DbOrTx = db) {
      const [row] = await tx.delete(addresses).where(ofMember(memberId, id)).returning();
      return row;
    },

    async newestOtherThan(memberId: number, id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), ne(addresses.id, id)))
        .orderBy(desc(addresses.id))
        .limit(1);
      return row?.id;
    },
  };
}
