import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { exportRange, idParam, pageOf, pageQuery, recordIdText } from './envelope.js';
import { billTypes } from './client-limits.js';

export type BillType = (typeof billTypes)[number];

/**
 * Memos the server writes on a ledger entry, stored as a code with parameters so that
 * each locale translates them (labels.ts): `ORDER_PAYMENT` and `REFERRAL_REWARD` carry
 * `{ orderNo }`, `DEMO_DEPOSIT` none, `LOT_DEPOSIT` (a bid deposit frozen, released or
 * forfeited) and `SALE_PROCEEDS` (a consigned piece sold) `{ title, lotId }`,
 * `WITHDRAW_REQUEST` `{ actual, fee }` (yuan with two decimals, plain: 1228.38),
 * `WITHDRAW_REJECTED` `{ reason }`, `WITHDRAW_PAID` none, and `BANK_DEPOSIT` none (a bank transfer
 * finance recorded, as the member reads it when finance left them no note),
 * `RECHARGE_ALIPAY` and `RECHARGE_WECHAT` `{ no }` (an online top-up, by its recharge number).
 */
export const billMemoCodes = [
  'ORDER_PAYMENT',
  'REFERRAL_REWARD',
  'DEMO_DEPOSIT',
  'LOT_DEPOSIT',
  'SALE_PROCEEDS',
  'WITHDRAW_REQUEST',
  'WITHDRAW_REJECTED',
  'WITHDRAW_PAID',
  'BANK_DEPOSIT',
  'RECHARGE_ALIPAY',
  'RECHARGE_WECHAT',
  /** A claim accepted: `{ title, claimId }`. */
  'CLAIM_REFUND',
] as const;
export type BillMemoCode = (typeof billMemoCodes)[number];

export const bill = z.object({
  id: z.number().int(),
  type: z.enum(billTypes),
  amount: z.number().int(),
  frozenAmount: z.number().int(),
  balanceAfter: z.number().int(),
  frozenAfter: z.number().int(),
  /**
   * What the house wrote to the member about this entry (finance's note on a deposit), shown
   * in place of the memo; empty otherwise. Never finance's internal note (`LedgerRow.internalNote`).
   */
  remark: z.string(),
  memoCode: z.enum(billMemoCodes).optional(),
  memoParams: z.record(z.string(), z.string()).optional(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type Bill = z.infer<typeof bill>;

export const billQuery = pageQuery.extend({ type: z.enum(billTypes, { error: 'invalid.type' }).optional() });

export const billPage = z.object({
  list: z.array(bill),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  balance: z.number().int(),
  frozen: z.number().int(),
});

// The operators' side: the ledger, offline deposits, reconciliation.

/**
 * A ledger entry as operators see it: the bill exactly as the member reads it, whose it is,
 * and finance's internal note (a bank reference, the payer), which the member never sees.
 */
export const ledgerRow = bill.extend({
  memberId: z.number().int(),
  /** What finance typed as the deposit's `remark`; '' for entries without one. */
  internalNote: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const ledgerQuery = pageQuery.extend({
  memberId: recordIdText().optional(),
  type: z.enum(billTypes).optional(),
});

export const billExportQuery = z.object({
  memberId: recordIdText().optional(),
  type: z.enum(billTypes).optional(),
  ...exportRange,
});

/**
 * An operator-recorded offline deposit, in fen: 1 fen to 10,000,000 yuan. `remark` is
 * finance's internal reference (the bank's serial number, the payer), kept for operators
 * only; `memberNote` is what the member reads on the bill (without one: 银行转账入账).
 */
export const depositInput = z.object({
  amount: z
    .number({ error: 'invalid.amount' })
    .int({ error: 'invalid.amount' })
    .min(1, { error: 'invalid.amount' })
    .max(1_000_000_000, { error: 'invalid.amount' }),
  remark: z.string().trim().min(1, { error: 'invalid.remark' }).max(200, { error: 'invalid.remark' }),
  memberNote: z.string({ error: 'invalid.memberNote' }).trim().max(100, { error: 'invalid.memberNote' }).optional(),
});

export const reconcileOutput = z.object({
  /** Every wallet equals its entries and every online top-up is credited exactly once. */
  ok: z.boolean(),
  wallets: z.number().int(),
  mismatches: z.array(
    z.object({
      memberId: z.number().int(),
      balance: z.number().int(),
      frozen: z.number().int(),
      entriesBalance: z.number().int(),
      entriesFrozen: z.number().int(),
    }),
  ),
  /**
   * Paid recharges against the ledger's `recharge` entries: each paid one credited once, for
   * its amount, to its member; no credit without a paid recharge (`no` null then).
   */
  recharges: z.object({
    paid: z.number().int(),
    mismatches: z.array(
      z.object({
        rechargeId: z.number().int(),
        no: z.string().nullable(),
        memberId: z.number().int(),
        amount: z.number().int(),
        credited: z.number().int(),
        entries: z.number().int(),
      }),
    ),
  }),
});
export type ReconcileOutput = z.infer<typeof reconcileOutput>;

/** Online top-up channels; a channel is offered only once the house has configured its provider. */
export const rechargeChannels = ['alipay', 'wechat'] as const;
export type RechargeChannel = (typeof rechargeChannels)[number];

/** The house's account for bank transfers, as the contact page's operators keep it. */
export const houseBankAccount = z.object({
  /** The bank and branch. */
  name: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  /** Plain text, paragraphs by line: what to write in the transfer's memo, how long crediting takes. */
  notes: z.string(),
});
export type HouseBankAccount = z.infer<typeof houseBankAccount>;

/** What the top-up page offers: a bank transfer always (recorded by finance), and the configured online channels. */
export const rechargeConfig = z.object({
  channels: z.array(z.enum(rechargeChannels)),
  /** Limits of one online top-up, in fen (the settings' `recharge`). */
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  bank: houseBankAccount,
});
export type RechargeConfig = z.infer<typeof rechargeConfig>;

const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const walletApi = {
  bills: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/asset/bill',
    input: billQuery,
    output: billPage,
    auth: 'member',
    summary: 'The member’s ledger entries, newest first, with balance and frozen amount.',
  }),
  rechargeConfig: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/asset/recharge/config',
    input: z.object({}),
    output: rechargeConfig,
    auth: 'member',
    addition: true,
    summary:
      'What the top-up page offers: the house’s bank account for a transfer (always), the online channels that are configured, and the limits of one top-up.',
  }),
  adminLedger: defineEndpoint({
    ...admin_,
    // Money is finance's (PRODUCT.md "Operators"): support sees members, not their ledger.
    roles: ['finance'],
    method: 'GET',
    path: '/ledger',
    input: ledgerQuery,
    output: pageOf(ledgerRow),
    summary: 'Ledger entries of every member, newest first.',
  }),
  adminReconcile: defineEndpoint({
    ...admin_,
    roles: ['finance'],
    method: 'GET',
    path: '/reconcile',
    input: z.object({}),
    output: reconcileOutput,
    summary: 'Compare every wallet with the sum of its ledger entries.',
  }),
  adminDeposit: defineEndpoint({
    ...admin_,
    roles: ['finance'],
    method: 'POST',
    path: '/members/{id}/deposit',
    input: depositInput.extend(idParam.shape),
    output: ledgerRow,
    idempotent: true,
    summary:
      'Record an offline bank transfer to a member’s balance: `remark` is finance’s internal reference, `memberNote` (optional) what the member reads on the bill.',
  }),
  adminExportBills: defineEndpoint({
    ...admin_,
    roles: ['finance'],
    method: 'GET',
    path: '/export/bills',
    input: billExportQuery,
    output: z.string(),
    file: true,
    summary: 'CSV of ledger entries (UTF-8 with BOM), oldest first, at most 100,000 rows.',
  }),
};

export { billTypes } from './client-limits.js';
