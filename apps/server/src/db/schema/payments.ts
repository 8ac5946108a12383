import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { fen, ts } from './columns.js';
import { members } from './members.js';

/**
 * Owner: payments (money in online). A recharge is the house's order to a provider (Alipay,
 * WeChat Pay): its `no` is the `out_trade_no`; only the provider's verified notice (or its
 * trade query) marks it paid, and the wallet is credited once, by the payment flow.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    /** The merchant order number sent to the provider (`out_trade_no`). */
    no: text('no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: fen('amount').notNull(),
    channel: text('channel', { enum: ['alipay', 'wechat'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'closed'] }).notNull(),
    /** The order paid from the wallet as soon as the money arrives (a shortfall top-up). */
    orderId: integer('order_id'),
    /** What the phone opens: Alipay's payment page or WeChat Pay's `h5_url`. */
    payUrl: text('pay_url'),
    /** The provider's transaction id, once paid: one credit per provider transaction. */
    providerTradeNo: text('provider_trade_no'),
    /** Paid after the house had closed it: credited all the same, flagged for finance. */
    late: boolean('late').notNull().default(false),
    /** The member's scoped Idempotency-Key: a retry finds the recharge instead of opening another. */
    requestKey: text('request_key'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    closedAt: ts('closed_at'),
    /** The last time the trade-query job asked the provider. */
    queriedAt: ts('queried_at'),
  },
  (t) => [
    uniqueIndex('recharges_no_uq').on(t.no),
    uniqueIndex('recharges_provider_trade_uq')
      .on(t.channel, t.providerTradeNo)
      .where(sql`${t.providerTradeNo} IS NOT NULL`),
    uniqueIndex('recharges_request_key_uq')
      .on(t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('recharges_member_idx').on(t.memberId, t.createdAt),
    index('recharges_status_idx').on(t.status, t.expiresAt),
    check('recharges_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every notice a provider sent, as received, with what the house made of it: `credited`,
 * `duplicate` (already recorded), or `refused` with the reason (bad signature, wrong app or
 * merchant id, unknown order, amount mismatch). Finance reads the refused ones.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['alipay', 'wechat'] }).notNull(),
    verdict: text('verdict', { enum: ['credited', 'duplicate', 'refused'] }).notNull(),
    reason: text('reason'),
    /** As far as the notice could be read: its order number, transaction id and amount in fen. */
    outTradeNo: text('out_trade_no'),
    providerTradeNo: text('provider_trade_no'),
    amount: fen('amount'),
    rechargeId: integer('recharge_id'),
    /** The headers that sign it and the body, as received. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    index('payment_notices_verdict_idx').on(t.verdict, t.receivedAt),
    index('payment_notices_recharge_idx').on(t.rechargeId),
  ],
);
