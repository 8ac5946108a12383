import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: custody (holdings, pick-ups, consignments, each piece's history, guarantee claims). */

/** One physical object in the house's custody: one owner (a member, or the house when null). */
export const holdings = pgTable(
  'holdings',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => members.id),
    productId: integer('product_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    /** Its photographs (the product's, or the house lot's). */
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    acquiredPrice: fen('acquired_price').notNull(),
    acquiredAt: ts('acquired_at').notNull(),
    source: text('source', { enum: ['mall', 'auction', 'house'] }).notNull(),
    status: text('status', { enum: ['held', 'delegated', 'picking', 'shipped', 'received'] }).notNull(),
    orderId: integer('order_id'),
    /** The pick-up it left with (picking, shipped, received). */
    pickId: integer('pick_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('holdings_owner_idx').on(t.ownerId, t.status, t.id),
    index('holdings_order_idx').on(t.orderId),
    index('holdings_pick_idx').on(t.pickId),
    // The house's idle pieces of a product (unsold lots' units back in inventory).
    index('holdings_house_product_idx')
      .on(t.productId)
      .where(sql`${t.ownerId} IS NULL AND ${t.status} = 'held'`),
  ],
);

/** A pick-up: pieces shipped to a copy of one of the member's addresses. */
export const picks = pgTable(
  'picks',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** A copy of the address as it was when asked for. */
    address: jsonb('address')
      .$type<{
        name: string;
        phone: string;
        regionCode: string;
        province: string;
        city: string;
        district: string;
        detail: string;
      }>()
      .notNull(),
    status: text('status', { enum: ['pending', 'shipped', 'received'] }).notNull(),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    createdAt: ts('created_at').notNull(),
    shippedAt: ts('shipped_at'),
    shippedBy: integer('shipped_by'),
    receivedAt: ts('received_at'),
    requestKey: text('request_key'),
  },
  (t) => [
    index('picks_member_idx').on(t.memberId, t.id),
    index('picks_status_idx').on(t.status, t.id),
    index('picks_shipped_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = 'shipped'`),
    uniqueIndex('picks_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
  ],
);

/** A consignment: a member's held piece offered for auction, reviewed by operators. */
export const delegations = pgTable(
  'delegations',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    holdingId: integer('holding_id')
      .notNull()
      .references(() => holdings.id),
    status: text('status', { enum: ['pending', 'listed', 'sold', 'unsold', 'rejected', 'cancelled'] }).notNull(),
    reservePrice: fen('reserve_price'),
    lotId: integer('lot_id'),
    rejectReason: text('reject_reason'),
    hammerPrice: fen('hammer_price'),
    commission: fen('commission'),
    proceeds: fen('proceeds'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: ts('reviewed_at'),
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull(),
    requestKey: text('request_key'),
  },
  (t) => [
    index('delegations_member_idx').on(t.memberId, t.id),
    index('delegations_status_idx').on(t.status, t.id),
    uniqueIndex('delegations_lot_uq').on(t.lotId),
    // One consignment in progress per piece.
    uniqueIndex('delegations_active_holding_uq')
      .on(t.holdingId)
      .where(sql`${t.status} IN ('pending', 'listed')`),
    uniqueIndex('delegations_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
  ],
);

/** A piece's life in the house, kept with the piece (it travels with it when it is sold on). */
export const holdingEvents = pgTable(
  'holding_events',
  {
    id: serial('id').primaryKey(),
    holdingId: integer('holding_id')
      .notNull()
      .references(() => holdings.id),
    event: text('event', {
      enum: [
        'bought',
        'won',
        'consigned',
        'listed',
        'sold',
        'unsold',
        'returned',
        'shipped',
        'received',
        'claim_returned',
      ],
    }).notNull(),
    price: fen('price'),
    /** `lot:12`, `order:34`, `pick:5`. */
    ref: text('ref'),
    at: ts('at').notNull(),
  },
  (t) => [index('holding_events_holding_idx').on(t.holdingId, t.id)],
);

/**
 * A claim under the house's guarantee: the buyer says a piece is not as described, within
 * the settings' days after receipt. `status`: pending → accepted (what was paid back to the
 * wallet, the piece back to the house) | rejected (with the reason).
 */
export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    holdingId: integer('holding_id')
      .notNull()
      .references(() => holdings.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    orderId: integer('order_id'),
    /** 'not_as_described' | 'not_authentic' | 'damaged' | 'other' (labels in the apps). */
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull(),
    /** What the buyer paid for the piece (the refund when accepted). */
    amount: fen('amount').notNull(),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('claims_member_idx').on(t.memberId, t.id),
    index('claims_status_idx').on(t.status, t.id),
    // One claim at a time on a piece, and none after one was accepted.
    uniqueIndex('claims_holding_live_uq')
      .on(t.holdingId)
      .where(sql`${t.status} IN ('pending', 'accepted')`),
    check('claims_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);
