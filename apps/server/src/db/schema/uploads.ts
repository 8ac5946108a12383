import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: uploads. */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    ownerType: text('owner_type', { enum: ['member', 'operator'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    purpose: text('purpose').notNull(),
    mime: text('mime'),
    bytes: integer('bytes'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    storedAt: ts('stored_at'),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerType, t.ownerId)],
);
