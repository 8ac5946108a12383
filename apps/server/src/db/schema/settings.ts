import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
