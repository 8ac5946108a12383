import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';

/** Owner: members (accounts, profile, passwords, real name, sessions). */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    inviteCode: text('invite_code').notNull(),
    inviterId: integer('inviter_id'),
    totalPaid: fen('total_paid').notNull().default(0),
    tradePasswordHash: text('trade_password_hash'),
    tradePasswordFailures: integer('trade_password_failures').notNull().default(0),
    tradePasswordLockedUntil: ts('trade_password_locked_until'),
    frozen: boolean('frozen').notNull().default(false),
    frozenReason: text('frozen_reason'),
    realNameStatus: text('real_name_status', { enum: ['none', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('none'),
    realName: text('real_name'),
    idNumber: text('id_number'),
    idFrontKey: text('id_front_key'),
    idBackKey: text('id_back_key'),
    realNameReason: text('real_name_reason'),
    realNameSubmittedAt: ts('real_name_submitted_at'),
    realNameReviewedAt: ts('real_name_reviewed_at'),
    createdAt: ts('created_at').notNull(),
    lastLoginAt: ts('last_login_at'),
  },
  (t) => [
    uniqueIndex('members_phone_uq').on(t.phone),
    uniqueIndex('members_invite_code_uq').on(t.inviteCode),
    index('members_inviter_idx').on(t.inviterId),
    index('members_real_name_status_idx').on(t.realNameStatus, t.realNameSubmittedAt),
    check('members_total_paid_nonneg', sql`${t.totalPaid} >= 0`),
  ],
);

export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('member_sessions_token_uq').on(t.tokenHash), index('member_sessions_member_idx').on(t.memberId)],
);

/**
 * Sign-in attempts per phone, a member's or not: the count of the window that began at
 * `since` (attempts still being judged included) and the lock that the last failure of
 * the window starts.
 */
export const loginAttempts = pgTable('login_attempts', {
  phone: text('phone').primaryKey(),
  failures: integer('failures').notNull(),
  since: ts('since').notNull(),
  lockedUntil: ts('locked_until'),
});
