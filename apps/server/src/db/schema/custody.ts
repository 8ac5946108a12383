import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: custody. One physical object in the house's custody: one owner (a member, or the house when null). */
export const holdings = pgTable(
  'holdings',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => members.id),
    productId: integer('product_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    acquiredPrice: fen('acquired_price').notNull(),
    acquiredAt: ts('acquired_at').notNull(),
    source: text('source', { enum: ['mall', 'auction', 'house'] }).notNull(),
    status: text('status', { enum: ['held', 'delegated', 'picking', 'shipped', 'received'] }).notNull(),
    orderId: integer('order_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('holdings_owner_idx').on(t.ownerId, t.status, t.id), index('holdings_order_idx').on(t.orderId)],
);
