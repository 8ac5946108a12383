import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: content (rules now; notices, news and contact next). */
export const rules = pgTable('rules', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
