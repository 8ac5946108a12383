import { z } from 'zod';
import { pageQuery } from './envelope.js';

export const billTypes = [
  'deposit',
  'payment',
  'refund',
  'bid_deposit_freeze',
  'bid_deposit_release',
  'bid_deposit_forfeit',
  'sale_proceeds',
  'referral_reward',
  'withdraw_freeze',
  'withdraw_paid',
  'withdraw_reject',
  'adjustment',
] as const;
export type BillType = (typeof billTypes)[number];

export const bill = z.object({
  id: z.number().int(),
  type: z.enum(billTypes),
  amount: z.number().int(),
  frozenAmount: z.number().int(),
  balanceAfter: z.number().int(),
  frozenAfter: z.number().int(),
  remark: z.string(),
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
