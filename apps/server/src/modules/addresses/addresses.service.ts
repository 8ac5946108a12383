import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MAX_ADDRESSES, type Address, type AddressInput } from '@antique/shared';
import { regionOf } from '@antique/shared/regions';
import type { Db, Tx } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';

type Row = typeof addresses.$inferSelect;

const toAddress = (r: Row): Address => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  regionCode: r.regionCode,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  isDefault: r.isDefault,
});

/**
 * Delivery addresses: at most 20; the first one is the default; there is always exactly
 * one default while any exist (a partial unique index holds it in the database).
 */
export function createAddressesService({ db, clock }: { db: Db; clock: Clock }) {
  async function lockMember(tx: Tx, memberId: number) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727100, ${memberId})`);
  }

  async function list(memberId: number) {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.memberId, memberId))
      .orderBy(desc(addresses.isDefault), desc(addresses.id));
    return rows.map(toAddress);
  }

  return {
    list,

    async defaultOf(memberId: number) {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.memberId, memberId), eq(addresses.isDefault, true)));
      return row ? toAddress(row) : null;
    },

    async find(memberId: number, id: number) {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.memberId, memberId)));
      if (!row) throw notFound();
      return toAddress(row);
    },

    async save(memberId: number, input: AddressInput) {
      const region = regionOf(input.regionCode);
      if (!region) throw invalidField('regionCode');
      const fields = {
        name: input.name,
        phone: input.phone,
        regionCode: input.regionCode,
        ...region,
        detail: input.detail,
      };
      return db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const [{ n }] = (await tx.select({ n: count() }).from(addresses).where(eq(addresses.memberId, memberId))) as [
          { n: number },
        ];
        let row: Row;
        if (input.id !== undefined) {
          const [before] = await tx
            .select()
            .from(addresses)
            .where(and(eq(addresses.id, input.id), eq(addresses.memberId, memberId)));
          if (!before) throw notFound();
          if (input.isDefault && !before.isDefault) {
            await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.memberId, memberId));
          }
          // The default stays the default until another is chosen.
          const isDefault = before.isDefault || Boolean(input.isDefault);
          [row] = (await tx
            .update(addresses)
            .set({ ...fields, isDefault })
            .where(eq(addresses.id, input.id))
            .returning()) as [Row];
        } else {
          if (n >= MAX_ADDRESSES) throw new AppError(422, 'ADDRESS_LIMIT', { max: MAX_ADDRESSES });
          const isDefault = n === 0 || Boolean(input.isDefault);
          if (isDefault && n > 0) {
            await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.memberId, memberId));
          }
          [row] = (await tx
            .insert(addresses)
            .values({ ...fields, memberId, isDefault, createdAt: new Date(clock.now()) })
            .returning()) as [Row];
        }
        return toAddress(row);
      });
    },

    /** Deleting the default makes the newest remaining address the default. */
    async remove(memberId: number, id: number) {
      await db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const [gone] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.memberId, memberId)))
          .returning();
        if (!gone) throw notFound();
        if (gone.isDefault) {
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(and(eq(addresses.memberId, memberId), ne(addresses.id, id)))
            .orderBy(desc(addresses.id))
            .limit(1);
          if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
        }
      });
      return null;
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
