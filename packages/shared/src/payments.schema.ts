import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { exportRange, idParam, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { rechargeChannels } from './wallet.schema.js';

/*
 * Money in online (API.md "Adding money online"): a recharge is the house's order to Alipay
 * or WeChat Pay; only the provider's verified notice (or its answer to a trade query) marks
 * it paid and credits the wallet, once per provider transaction.
 */

export const rechargeStatuses = ['pending', 'paid', 'closed'] as const;
export type RechargeStatus = (typeof rechargeStatuses)[number];

/** A recharge as its member sees it. */
export const recharge = z.object({
  id: z.number().int(),
  /** The merchant order number sent to the provider (`out_trade_no`). */
  no: z.string(),
  /** Fen. */
  amount: z.number().int(),
  channel: z.enum(rechargeChannels),
  status: z.enum(rechargeStatuses),
  /** The order paid from the wallet as soon as the money arrives (a shortfall top-up). */
  orderId: z.number().int().optional(),
  createdAt: z.number().int(),
  paidAt: z.number().int().optional(),
  /** What the phone opens: Alipay's mobile-web payment page, or WeChat Pay's `h5_url`; only while pending. */
  payUrl: z.string().optional(),
  /** After this the provider's page no longer takes the payment and the house closes the recharge. */
  expiresAt: z.number().int(),
});
export type Recharge = z.infer<typeof recharge>;

/**
 * A top-up: `amount` in fen within the settings' recharge limits; with `orderId` (a pending
 * order of the member) the amount is left out and the server asks for the order's shortfall
 * (its price less the balance), and pays the order once the money arrives.
 */
export const rechargeInput = z
  .object({
    amount: z
      .number({ error: 'invalid.amount' })
      .int({ error: 'invalid.amount' })
      .min(1, { error: 'invalid.amount' })
      .max(1_000_000_000, { error: 'invalid.amount' })
      .optional(),
    channel: z.enum(rechargeChannels, { error: 'invalid.channel' }),
    orderId: recordId('invalid.orderId').optional(),
  })
  .refine((v) => v.amount !== undefined || v.orderId !== undefined, { error: 'invalid.amount', path: ['amount'] });
export type RechargeInput = z.infer<typeof rechargeInput>;

// ---------------------------------------------------------------- operators

/** A recharge as finance sees it: whose, the provider's transaction id, and whether it was paid after closing. */
export const adminRecharge = recharge.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  /** The provider's transaction id (Alipay `trade_no`, WeChat Pay `transaction_id`), once paid. */
  providerTradeNo: z.string().optional(),
  /** Paid after the house had closed it: credited all the same. */
  late: z.boolean(),
  closedAt: z.number().int().optional(),
  /** The last time the house asked the provider about it (the job or an operator). */
  queriedAt: z.number().int().optional(),
});
export type AdminRecharge = z.infer<typeof adminRecharge>;

export const adminRechargeQuery = pageQuery.extend({
  status: z.enum(rechargeStatuses, { error: 'invalid.status' }).optional(),
  channel: z.enum(rechargeChannels, { error: 'invalid.channel' }).optional(),
  memberId: recordIdText().optional(),
  /** A recharge's `no` or the provider's transaction id, exactly. */
  keyword: z.string().trim().max(64, { error: 'invalid.keyword' }).optional(),
  /** Created at or after `from`, before `to` (epoch ms). */
  ...exportRange,
});

export const rechargeExportQuery = z.object({
  status: z.enum(rechargeStatuses, { error: 'invalid.status' }).optional(),
  channel: z.enum(rechargeChannels, { error: 'invalid.channel' }).optional(),
  ...exportRange,
});

export const paymentNoticeVerdicts = ['credited', 'duplicate', 'refused'] as const;
export type PaymentNoticeVerdict = (typeof paymentNoticeVerdicts)[number];

/**
 * Why a notice was refused: its signature did not verify, it named another app or merchant,
 * an order number the house never sent, an amount other than the recharge's, or it could not
 * be read at all. A notice that says the trade is not paid yet is `not_paid` (nothing to credit).
 */
export const paymentNoticeRefusals = [
  'bad_signature',
  'wrong_app',
  'unknown_order',
  'amount_mismatch',
  'malformed',
  'not_paid',
] as const;
export type PaymentNoticeRefusal = (typeof paymentNoticeRefusals)[number];

/** Every notice a provider sent, as received, and what the house made of it. */
export const paymentNotice = z.object({
  id: z.number().int(),
  channel: z.enum(rechargeChannels),
  verdict: z.enum(paymentNoticeVerdicts),
  /** One of `paymentNoticeRefusals` when refused. */
  reason: z.string().optional(),
  outTradeNo: z.string().optional(),
  providerTradeNo: z.string().optional(),
  /** Fen, as far as the notice could be read. */
  amount: z.number().int().optional(),
  rechargeId: z.number().int().optional(),
  /** The body as received (WeChat Pay's is the encrypted envelope). */
  body: z.string(),
  receivedAt: z.number().int(),
});
export type PaymentNotice = z.infer<typeof paymentNotice>;

export const paymentNoticeQuery = pageQuery.extend({
  verdict: z.enum(paymentNoticeVerdicts, { error: 'invalid.verdict' }).optional(),
  channel: z.enum(rechargeChannels, { error: 'invalid.channel' }).optional(),
});

/** What the provider said about a trade when asked: paid (and now credited), still waiting, closed, or no such trade. */
export const providerTradeStates = ['paid', 'waiting', 'closed', 'not_found'] as const;
export type ProviderTradeState = (typeof providerTradeStates)[number];

export const rechargeRecheckOutput = z.object({
  recharge: adminRecharge,
  provider: z.object({
    state: z.enum(providerTradeStates),
    /** The provider's own word (Alipay `trade_status`, WeChat Pay `trade_state`), for finance. */
    detail: z.string(),
  }),
});
export type RechargeRecheckOutput = z.infer<typeof rechargeRecheckOutput>;

const member_ = { base: '/v1/iyd', auth: 'member' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['finance'] } as const;

export const paymentsApi = {
  recharge: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/asset/recharge',
    input: rechargeInput,
    output: recharge,
    idempotent: true,
    addition: true,
    summary:
      'Open a top-up through Alipay or WeChat Pay: the recharge with `payUrl` to open and `expiresAt`. With `orderId` the amount is that pending order’s shortfall, and the order is paid as soon as the money arrives.',
  }),
  rechargeInfo: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/asset/recharge/info',
    input: idParam,
    output: recharge,
    addition: true,
    summary: 'One of the member’s recharges, for the page that waits for the provider’s answer.',
  }),

  adminList: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/recharges',
    input: adminRechargeQuery,
    output: pageOf(adminRecharge),
    addition: true,
    summary: 'Online recharges by status, channel, member and creation time, newest first.',
  }),
  adminRecheck: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/recharges/{id}/query',
    input: idParam,
    output: rechargeRecheckOutput,
    addition: true,
    summary:
      'Ask the provider about a recharge again (trade query): a payment it reports is credited as its notice would have been.',
  }),
  adminNotices: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/payment-notices',
    input: paymentNoticeQuery,
    output: pageOf(paymentNotice),
    addition: true,
    summary:
      'The providers’ notices as received, newest first; `verdict=refused` lists the ones that credited nothing.',
  }),
  adminExport: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/export/recharges',
    input: rechargeExportQuery,
    output: z.string(),
    file: true,
    addition: true,
    summary: 'CSV of online recharges (UTF-8 with BOM), oldest first, at most 100,000 rows.',
  }),
};
