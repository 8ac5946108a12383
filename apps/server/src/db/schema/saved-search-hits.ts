import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { savedSearches } from './messages.js';

/**
 * Owner: messages. Each item a saved search has announced (a product or a lot): the
 * primary key makes "never twice for one search and one item" hold whatever runs at once.
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: ['product', 'lot'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.subject, t.subjectId] })],
);
