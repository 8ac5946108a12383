import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: orders (mall and auction orders and their lines). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    source: text('source', { enum: ['mall', 'auction'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    cancelReason: text('cancel_reason'),
    goodsAmount: fen('goods_amount').notNull(),
    premium: fen('premium').notNull().default(0),
    depositApplied: fen('deposit_applied').notNull().default(0),
    amount: fen('amount').notNull(),
    remark: text('remark').notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    /** The caller's scoped Idempotency-Key of the call that placed it: a retry finds this order. */
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    uniqueIndex('orders_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('orders_member_idx').on(t.memberId, t.id),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('orders_status_idx').on(t.status, t.id),
    check('orders_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The catalogue product; null for an auction line of the house's own piece. */
    productId: integer('product_id'),
    /** The piece an auction line sells (custody's holding); null for mall lines. */
    holdingId: integer('holding_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    price: fen('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Which unpaid orders hold a product's units (a reserved piece shows until when).
    index('order_items_product_idx').on(t.productId, t.orderId),
    check('order_items_qty_pos', sql`${t.quantity} > 0`),
  ],
);
