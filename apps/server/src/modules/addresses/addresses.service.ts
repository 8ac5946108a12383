import { MAX_ADDRESSES, type Address, type AddressInput } from '@antique/shared';
import { regionOf } from '@antique/shared/regions';
import type { Db } from '../../db/client.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { createAddressesRepository, type AddressRow } from './addresses.repository.js';

const toAddress = (r: AddressRow): Address => ({
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
  const repo = createAddressesRepository(db);

  return {
    list: async (memberId: number) => (await repo.list(memberId)).map(toAddress),

    async defaultOf(memberId: number) {
      const row = await repo.defaultOf(memberId);
      return row ? toAddress(row) : null;
    },

    async find(memberId: number, id: number) {
      const row = await repo.find(memberId, id);
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
        await repo.lockMember(memberId, tx);
        const n = await repo.count(memberId, tx);
        if (input.id !== undefined) {
          const before = await repo.find(memberId, input.id, tx);
          if (!before) throw notFound();
          if (input.isDefault && !before.isDefault) await repo.clearDefault(memberId, tx);
          // The default stays the default until another is chosen.
          const isDefault = before.isDefault || Boolean(input.isDefault);
          return toAddress(await repo.update(input.id, { ...fields, isDefault }, tx));
        }
        if (n >= MAX_ADDRESSES) throw fail('ADDRESS_LIMIT', { max: MAX_ADDRESSES });
        const isDefault = n === 0 || Boolean(input.isDefault);
        if (isDefault && n > 0) await repo.clearDefault(memberId, tx);
        return toAddress(await repo.insert({ ...fields, memberId, isDefault, createdAt: new Date(clock.now()) }, tx));
      });
    },

    /** Deleting the default makes the newest remaining address the default. */
    async remove(memberId: number, id: number) {
      await db.transaction(async (tx) => {
        await repo.lockMember(memberId, tx);
        const gone = await repo.remove(memberId, id, tx);
        if (!gone) throw notFound();
        if (gone.isDefault) {
          const next = await repo.newestOtherThan(memberId, id, tx);
          if (next) await repo.update(next, { isDefault: true }, tx);
        }
      });
      return null;
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
