import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: auctions (sessions, lots, the standing max bids, the bid chain, lot notices). */
export const auctionSessions = pgTable(
  'auction_sessions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    startsAt: ts('starts_at').notNull(),
    /** When above 0 the session's lots end one after another, this many seconds apart (soft close still per lot). */
    staggerSeconds: integer('stagger_seconds').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('auction_sessions_starts_idx').on(t.startsAt)],
);

/**
 * One lot: a holding put up for auction, with its bidding state on the row (locked by every
 * bid, so the state needs no other row but the bidder's own standing bid).
 * `status`: scheduled (upcoming or live by the clock) → closed as sold or unsold by the
 * close job; a sold lot whose order is not paid in time becomes unsold. `upcoming`, `live`
 * and `ended` are derived from the times and the server clock, never stored.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').references(() => auctionSessions.id),
    /** The piece (custody's holding); the house's own when `consignorId` is null. */
    holdingId: integer('holding_id').notNull(),
    consignorId: integer('consignor_id').references(() => members.id),
    /** The consignor's bidder key (the verified identity), so their other accounts cannot bid either. */
    consignorKey: text('consignor_key'),
    delegationId: integer('delegation_id'),
    /** The catalogue product the piece is a unit of (house inventory), when there is one. */
    productId: integer('product_id'),
    /** The department the lot is searched under (the product's, or the one given at review). */
    categoryId: integer('category_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    era: text('era').notNull().default(''),
    material: text('material').notNull().default(''),
    dimensions: text('dimensions').notNull().default(''),
    /** Where the piece comes from, as the house records it (the product's, for the house's inventory). */
    provenance: text('provenance').notNull().default(''),
    startPrice: fen('start_price').notNull(),
    reservePrice: fen('reserve_price'),
    startsAt: ts('starts_at').notNull(),
    plannedEnd: ts('planned_end').notNull(),
    /** Moved by soft close, never past plannedEnd + the cap in force when the lot was made. */
    endsAt: ts('ends_at').notNull(),
    /** The auction rules in force when the lot was scheduled (increments, soft close, rates). */
    rules: jsonb('rules').notNull(),
    status: text('status', { enum: ['scheduled', 'sold', 'unsold', 'withdrawn'] }).notNull(),
    currentPrice: fen('current_price').notNull(),
    bidCount: integer('bid_count').notNull().default(0),
    /** The leading standing bid: its bidder key, member, max (hidden) and seq. */
    leaderKey: text('leader_key'),
    leaderMemberId: integer('leader_member_id'),
    leaderMaxBid: fen('leader_max_bid'),
    leaderSeq: integer('leader_seq'),
    lastHash: text('last_hash'),
    /** Set once by the close job (exactly once: a conditional update on `closed_at IS NULL`). */
    closedAt: ts('closed_at'),
    winnerId: integer('winner_id'),
    hammerPrice: fen('hammer_price'),
    orderId: integer('order_id'),
    /** "Ending soon" sent for this lot. */
    endingNoticeAt: ts('ending_notice_at'),
    /** The search terms of title, era, material and department (see the search module). */
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Withdrawn by an operator, always with a reason. */
    withdrawnAt: ts('withdrawn_at'),
    withdrawnReason: text('withdrawn_reason'),
    withdrawnBy: integer('withdrawn_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('lots_open_end_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} IS NULL`),
    index('lots_session_idx').on(t.sessionId, t.startsAt),
    index('lots_starts_idx').on(t.startsAt),
    index('lots_status_end_idx').on(t.status, t.endsAt),
    index('lots_search_idx').using('gin', t.searchTerms),
    index('lots_category_idx').on(t.categoryId, t.endsAt),
    index('lots_product_idx').on(t.productId),
    uniqueIndex('lots_order_uq').on(t.orderId),
    check('lots_price_nonneg', sql`${t.currentPrice} >= 0 AND ${t.startPrice} > 0`),
    check('lots_times', sql`${t.plannedEnd} > ${t.startsAt} AND ${t.endsAt} >= ${t.plannedEnd}`),
  ],
);

/** A bidder's standing max bid on a lot, and the deposit frozen for it. */
export const lotBidders = pgTable(
  'lot_bidders',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    /** The verified identity: accounts of one person are one bidder. */
    bidderKey: text('bidder_key').notNull(),
    /** The account whose wallet holds the deposit (the first account of the identity to bid). */
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    maxBid: fen('max_bid').notNull(),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    deposit: fen('deposit').notNull(),
    /** Released, applied or forfeited at close / payment (null while frozen). */
    depositSettledAt: ts('deposit_settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.bidderKey] }),
    index('lot_bidders_member_idx').on(t.memberId, t.lotId),
    check('lot_bidders_deposit_nonneg', sql`${t.deposit} >= 0`),
  ],
);

/** The public bid history of a lot, one row per accepted bid, hash-chained. */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    seq: integer('seq').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bidderKey: text('bidder_key').notNull(),
    /** The bidder exactly as the public history shows it, and as the hash covers it. */
    bidderPublic: text('bidder_public').notNull(),
    /** The max bid the member stated (private). */
    maxBid: fen('max_bid').notNull(),
    /** What the public history shows for this bid. */
    amount: fen('amount').notNull(),
    /** The lot's price after this bid. */
    priceAfter: fen('price_after').notNull(),
    leading: boolean('leading').notNull(),
    at: ts('at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** The caller's scoped Idempotency-Key (decision 003). */
    requestKey: text('request_key'),
    /** Where the bid came from (for the house's bidding signals; never public). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Voided by an operator (placed in error, or by a banned account): struck out in the public history, hash unchanged. */
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    voidedBy: integer('voided_by'),
  },
  (t) => [
    uniqueIndex('bids_lot_seq_uq').on(t.lotId, t.seq),
    uniqueIndex('bids_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('bids_member_idx').on(t.memberId, t.lotId),
  ],
);

/** Notices already sent per member and lot (ending soon, payment due), so each goes once. */
export const lotNotices = pgTable(
  'lot_notices',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.memberId, t.kind] })],
);

/** A member following a lot: reminded when it starts and ten minutes before it ends. */
export const lotWatches = pgTable(
  'lot_watches',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.lotId] }), index('lot_watches_lot_idx').on(t.lotId)],
);

/** A member's question on a lot before it ends; public on the lot once an operator answers. */
export const lotQuestions = pgTable(
  'lot_questions',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    text: text('text').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by'),
    answeredAt: ts('answered_at'),
    /** Hidden by an operator (abuse, personal data): never public, not answered. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('lot_questions_lot_idx').on(t.lotId, t.id),
    index('lot_questions_open_idx')
      .on(t.createdAt)
      .where(sql`${t.answeredAt} IS NULL AND NOT ${t.hidden}`),
    index('lot_questions_member_idx').on(t.memberId, t.id),
  ],
);

/**
 * A second-chance offer: when a winner did not pay, the lot offered to an underbidder at
 * their last price, open for a day. `status`: open → accepted (an order is made) | expired |
 * withdrawn.
 */
export const lotOffers = pgTable(
  'lot_offers',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    bidderKey: text('bidder_key').notNull(),
    price: fen('price').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'expired', 'withdrawn'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    orderId: integer('order_id'),
    createdBy: integer('created_by').notNull(),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('lot_offers_member_idx').on(t.memberId, t.id),
    index('lot_offers_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    // At most one open or accepted offer per lot.
    uniqueIndex('lot_offers_lot_live_uq')
      .on(t.lotId)
      .where(sql`${t.status} IN ('open', 'accepted')`),
    check('lot_offers_price_pos', sql`${t.price} > 0`),
  ],
);
