import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { exportRange, idParam, pageOf, pageQuery } from './envelope.js';
import { TRADE_PASSWORD_RE } from './identity.js';

export const withdrawalStatuses = ['pending', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalMethods = ['bank', 'alipay'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];

/** A withdrawal as the member sees it: the account number masked. */
export const withdrawal = z.object({
  id: z.number().int(),
  /** Taken from the balance and frozen until processed, in fen. */
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the account: amount less fee. */
  actualAmount: z.number().int(),
  method: z.enum(withdrawalMethods),
  /** Masked: 6222 **** **** 1234 keeps the last four. */
  accountNo: z.string(),
  bankName: z.string().optional(),
  status: z.enum(withdrawalStatuses),
  rejectReason: z.string().optional(),
  createdAt: z.number().int(),
  processedAt: z.number().int().optional(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/**
 * An account number as every answer shows it: a card keeps its last four (**** 3445), an
 * Alipay phone its first three and last four (138****5678), an e-mail its first letter and
 * domain (w***@example.com).
 */
export function maskAccountNo(accountNo: string): string {
  const at = accountNo.indexOf('@');
  if (at > 0) return `${accountNo[0]}***${accountNo.slice(at)}`;
  if (/^1[3-9]\d{9}$/.test(accountNo)) return `${accountNo.slice(0, 3)}****${accountNo.slice(7)}`;
  return `**** ${accountNo.slice(-4)}`;
}

export const withdrawInput = z
  .object({
    amount: z
      .number({ error: 'invalid.amount' })
      .int({ error: 'invalid.amount' })
      .min(1, { error: 'invalid.amount' })
      .max(100_000_000_000, { error: 'invalid.amount' }),
    method: z.enum(withdrawalMethods, { error: 'invalid.method' }),
    accountName: z
      .string({ error: 'invalid.accountName' })
      .trim()
      .min(1, { error: 'invalid.accountName' })
      .max(40, { error: 'invalid.accountName' }),
    accountNo: z
      .string({ error: 'invalid.accountNo' })
      .trim()
      .min(4, { error: 'invalid.accountNo' })
      .max(64, { error: 'invalid.accountNo' }),
    bankName: z
      .string({ error: 'invalid.bankName' })
      .trim()
      .min(1, { error: 'invalid.bankName' })
      .max(40, { error: 'invalid.bankName' })
      .optional(),
    tradePassword: z.string({ error: 'invalid.tradePassword' }).regex(TRADE_PASSWORD_RE, {
      error: 'invalid.tradePassword',
    }),
  })
  // A bank card is 12 to 30 digits and names its bank; an Alipay account is a phone or an e-mail.
  .refine((v) => v.method !== 'bank' || /^\d{12,30}$/.test(v.accountNo.replace(/\s/g, '')), {
    error: 'invalid.accountNo',
    path: ['accountNo'],
  })
  .refine((v) => v.method !== 'alipay' || /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/.test(v.accountNo), {
    error: 'invalid.accountNo',
    path: ['accountNo'],
  })
  .refine((v) => v.method !== 'bank' || v.bankName !== undefined, { error: 'invalid.bankName', path: ['bankName'] });
export type WithdrawInput = z.infer<typeof withdrawInput>;

/** What the withdraw form needs: the house's limits and fee, what is left today, and whose account it must be. */
export const withdrawConfig = z.object({
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  perDay: z.number().int(),
  feeBps: z.number().int(),
  minFee: z.number().int(),
  /** Requests made today (China time), of `perDay`. */
  todayCount: z.number().int(),
  balance: z.number().int(),
  /** The verified real name the account must be in, shown to its owner only; null until verified. */
  accountName: z.string().nullable(),
  hasTradePassword: z.boolean(),
});
export type WithdrawConfig = z.infer<typeof withdrawConfig>;

// ---------------------------------------------------------------- operators

export const adminWithdrawal = withdrawal.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  /** The account holder, masked like every verified name. */
  accountName: z.string(),
  /** What finance pays to, in full: the calls that answer it are finance's and the admin's only. */
  payee: z.object({ name: z.string(), accountNo: z.string() }),
  /**
   * Paid through Alipay's transfer API (`POST /withdrawals/{id}/transfer`): Alipay's order id
   * once paid, or what Alipay said when it refused (the withdrawal then stands rejected).
   */
  payout: z
    .object({ channel: z.enum(['alipay']), ref: z.string().optional(), error: z.string().optional() })
    .optional(),
  /** Finance's note on marking it paid: the bank's transfer reference (a transfer made by hand) and a note. */
  paidNote: z.object({ reference: z.string().nullable(), note: z.string().nullable() }).optional(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/**
 * Marking a withdrawal paid by hand: the transfer's reference from the bank (or the Alipay
 * app) finance paid it with, and an optional note. API.md fixes the call without a body, so
 * the reference is optional here; the console asks for it on every manual payout. Paying
 * through Alipay's transfer API (`/transfer`) keeps Alipay's own order id instead.
 */
export const withdrawalPaidInput = z.object({
  id: idParam.shape.id,
  reference: z
    .string({ error: 'invalid.reference' })
    .trim()
    .min(1, { error: 'invalid.reference' })
    .max(64, { error: 'invalid.reference' })
    .optional(),
  note: z.string({ error: 'invalid.note' }).trim().max(500, { error: 'invalid.note' }).optional(),
});
export type WithdrawalPaidInput = z.infer<typeof withdrawalPaidInput>;

export const adminWithdrawalQuery = pageQuery.extend({
  status: z.enum(withdrawalStatuses, { error: 'invalid.status' }).optional(),
});

export const withdrawalRejectInput = z.object({
  id: idParam.shape.id,
  reason: z.string({ error: 'invalid.reason' }).trim().min(1, { error: 'invalid.reason' }).max(200, {
    error: 'invalid.reason',
  }),
});

/** A CSV of withdrawals by status and request time (`from` inclusive, `to` exclusive). */
export const withdrawalExportQuery = z.object({
  status: z.enum(withdrawalStatuses, { error: 'invalid.status' }).optional(),
  ...exportRange,
});

const member_ = { base: '/v1/iyd', auth: 'member' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['finance'] } as const;

export const withdrawalsApi = {
  withdraw: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/asset/withdraw',
    input: withdrawInput,
    output: withdrawal,
    idempotent: true,
    summary:
      'Withdraw to an account in the member’s verified name with the trade password; the amount is frozen until processed.',
  }),
  record: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/asset/withdraw/record',
    input: pageQuery,
    output: pageOf(withdrawal),
    summary: 'The member’s withdrawals, newest first.',
  }),
  config: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/asset/withdraw/config',
    input: z.object({}),
    output: withdrawConfig,
    addition: true,
    summary: 'The withdrawal limits and fee, today’s count, the balance and the verified name, for the form.',
  }),

  adminList: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/withdrawals',
    input: adminWithdrawalQuery,
    output: pageOf(adminWithdrawal),
    summary: 'Withdrawals, by status (pending and approved oldest first, others newest first).',
  }),
  adminApprove: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/withdrawals/{id}/approve',
    input: idParam,
    output: adminWithdrawal,
    summary: 'Approve a pending withdrawal (the money stays frozen until it is marked paid).',
  }),
  adminReject: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/withdrawals/{id}/reject',
    input: withdrawalRejectInput,
    output: adminWithdrawal,
    summary: 'Reject a pending or approved withdrawal with a reason; the frozen amount returns to the balance.',
  }),
  adminPaid: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/withdrawals/{id}/paid',
    input: withdrawalPaidInput,
    output: adminWithdrawal,
    summary: 'Mark an approved withdrawal paid: the frozen amount leaves the wallet.',
  }),
  adminTransfer: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/withdrawals/{id}/transfer',
    input: idParam,
    output: adminWithdrawal,
    addition: true,
    summary:
      'Pay an approved Alipay withdrawal through Alipay’s transfer API (the payee’s account and verified name checked by Alipay): paid when Alipay pays; when Alipay refuses, rejected with its reason and the money returned to the balance.',
  }),
  adminExport: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/export/withdrawals',
    input: withdrawalExportQuery,
    output: z.string(),
    file: true,
    addition: true,
    summary: 'CSV of withdrawals (UTF-8 with BOM), oldest first, at most 100,000 rows, accounts in full for paying.',
  }),
};

export { withdrawFee } from './client-limits.js';
