import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { members } from './members.js';

/** Owner: addresses. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    regionCode: text('region_code').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('addresses_member_idx').on(t.memberId),
    uniqueIndex('addresses_one_default_uq')
      .on(t.memberId)
      .where(sql`${t.isDefault}`),
  ],
);
