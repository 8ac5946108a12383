import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * Owner: limits. The tight per-address request counts (captcha, SMS, sign-in, sign-up,
 * reset, uploads, unknown tokens), one fixed window a key, shared by every instance. An
 * unlogged table (migration 0018): counts are worth no WAL, and a crash only resets them.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnds: ts('window_ends').notNull(),
  },
  (t) => [index('request_counts_window_idx').on(t.windowEnds)],
);

/**
 * Owner: limits. Sign-in attempts a key (an address, a username that is nobody's) within a
 * window, and a pause once too many failed: the operators' console sign-in, shared by
 * every instance. Unlogged as well (migration 0019).
 */
export const attemptCounts = pgTable('attempt_counts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  since: ts('since').notNull(),
  pausedUntil: ts('paused_until'),
});
