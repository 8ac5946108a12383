import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/** Owner: messages (the member's message centre, saved searches). */

/** What a message names, as its notice did. */
export interface MessageRefs {
  lotId?: number;
  orderId?: number;
  pickId?: number;
  productId?: number;
  claimId?: number;
  offerId?: number;
  savedSearchId?: number;
  count?: number;
}

/**
 * One message in a member's message centre: every notice the member gets (outbid, won,
 * payment due, shipped, reminders, saved-search matches, claims), kept with its read state.
 * `link` holds the notice's ids (lotId, orderId, pickId, productId, claimId, offerId,
 * savedSearchId) and its `count`: the apps word the message from kind, title and these, and
 * open what they name.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: jsonb('link').$type<MessageRefs>(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('messages_member_idx').on(t.memberId, t.id),
    index('messages_unread_idx')
      .on(t.memberId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A member's saved search: a new product or lot that matches sends a message. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    keyword: text('keyword').notNull().default(''),
    /** The keyword's search terms, kept so a new item is matched with one indexed query. */
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: integer('category_id'),
    era: text('era'),
    minPrice: fen('min_price'),
    maxPrice: fen('max_price'),
    kind: text('kind', { enum: ['mall', 'auction', 'both'] }).notNull(),
    lastMatchedAt: ts('last_matched_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('saved_searches_member_idx').on(t.memberId, t.id),
    index('saved_searches_terms_idx').using('gin', t.terms),
    check(
      'saved_searches_price_range',
      sql`${t.minPrice} IS NULL OR ${t.maxPrice} IS NULL OR ${t.minPrice} <= ${t.maxPrice}`,
    ),
  ],
);
