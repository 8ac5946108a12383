import { index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Owner: integrity (the house watching its own auctions). Each lot's bidding signals, as last
 * computed: a score per lot and per bidder with the reasons, read by operators from a queue.
 */
export const lotSignals = pgTable(
  'lot_signals',
  {
    lotId: integer('lot_id').primaryKey(),
    score: real('score').notNull(),
    /** `[{ code, weight, detail }]` for the lot as a whole. */
    reasons: jsonb('reasons').$type<{ code: string; weight: number; detail: string }[]>().notNull(),
    /** `[{ memberId, bidderKey, score, reasons: [{ code, weight, detail }] }]`, highest first. */
    bidders: jsonb('bidders').notNull(),
    /** Reviewed by an operator: cleared or escalated, with a note. */
    reviewStatus: text('review_status', { enum: ['open', 'cleared', 'escalated'] })
      .notNull()
      .default('open'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by'),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [index('lot_signals_queue_idx').on(t.reviewStatus, t.score)],
);
