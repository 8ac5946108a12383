import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/**
 * Owner: withdrawals. A member's request to be paid out, frozen in the wallet until an
 * operator pays or rejects it. The account number is kept in full (finance pays to it)
 * and shown masked in every answer.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: fen('amount').notNull(),
    fee: fen('fee').notNull(),
    actualAmount: fen('actual_amount').notNull(),
    method: text('method', { enum: ['bank', 'alipay'] }).notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    bankName: text('bank_name'),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected'] }).notNull(),
    /** What the operator typed when rejecting. */
    rejectReason: text('reject_reason'),
    /** The member's scoped Idempotency-Key: a retry after a crash finds the withdrawal instead of freezing twice. */
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull(),
    approvedAt: ts('approved_at'),
    approvedBy: integer('approved_by'),
    /** Paid or rejected. */
    processedAt: ts('processed_at'),
    processedBy: integer('processed_by'),
    /**
     * How an approved withdrawal was paid: null by hand (a bank transfer finance makes), or
     * `alipay` through Alipay's transfer API, with Alipay's order id or its refusal.
     */
    payoutChannel: text('payout_channel', { enum: ['alipay'] }),
    payoutRef: text('payout_ref'),
    payoutError: text('payout_error'),
    /** Finance's note when marking it paid (a transfer by hand keeps the bank's reference in `payout_ref`). */
    paidNote: text('paid_note'),
  },
  (t) => [
    uniqueIndex('withdrawals_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amounts', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.actualAmount} = ${t.amount} - ${t.fee}`),
  ],
);
