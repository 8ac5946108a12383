import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: idempotency. The first response of a money-moving call, replayed for the same key within 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull(),
    /**
     * The lease key of the server process running the first call (see the idempotency
     * repository): an answer still missing is awaited only while that process lives.
     */
    owner: integer('owner'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
