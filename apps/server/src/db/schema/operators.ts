import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** Owner: operators (accounts of the house's staff and their sessions). */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'operator', 'finance', 'support'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    lastLoginAt: ts('last_login_at'),
    /** Failed sign-ins since `failedLoginsSince`, whatever address they came from. */
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsSince: ts('failed_logins_since'),
    /** Signing in is refused until then; a lock always ends. */
    lockedUntil: ts('locked_until'),
  },
  (t) => [uniqueIndex('operators_username_uq').on(t.username)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('operator_sessions_token_uq').on(t.tokenHash)],
);
