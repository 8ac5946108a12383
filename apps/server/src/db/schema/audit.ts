import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: audit. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('audit_logs_created_idx').on(t.id), index('audit_logs_action_idx').on(t.action, t.id)],
);
