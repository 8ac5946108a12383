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
