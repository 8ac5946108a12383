import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { realNameStatuses } from './accounts.schema.js';

export const operatorRoles = ['admin', 'operator', 'finance', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const operatorLoginInput = z.object({
  username: z.string({ error: 'invalid.username' }).trim().min(1, { error: 'invalid.username' }).max(32),
  password: z.string({ error: 'invalid.password' }).min(1, { error: 'invalid.password' }).max(64),
});
export const operatorLoginOutput = z.object({ token: z.string(), role: z.enum(operatorRoles) });

export const operator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
  disabled: z.boolean(),
  createdAt: z.number().int(),
});
export type Operator = z.infer<typeof operator>;

export const operatorCreateInput = z.object({
  username: z
    .string({ error: 'invalid.username' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{2,31}$/, { error: 'invalid.username' }),
  password: z.string({ error: 'invalid.password' }).min(10, { error: 'invalid.operatorPassword' }).max(64),
  role: z.enum(operatorRoles, { error: 'invalid.role' }),
});
export const operatorUpdateInput = z.object({
  role: z.enum(operatorRoles, { error: 'invalid.role' }).optional(),
  disabled: z.boolean().optional(),
  password: z.string().min(10, { error: 'invalid.operatorPassword' }).max(64).optional(),
});

export const adminMemberRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  vipLevel: z.number().int(),
  inviteCode: z.string(),
  inviterId: z.number().int().nullable(),
  realNameStatus: z.enum(realNameStatuses),
  realName: z.string().optional(),
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  balance: z.number().int(),
  frozenAmount: z.number().int(),
  createdAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;

export const adminMemberQuery = pageQuery.extend({ keyword: z.string().trim().max(40).optional() });

export const freezeInput = z.object({
  frozen: z.boolean({ error: 'invalid.frozen' }),
  reason: z.string().trim().max(200).default(''),
});

/** An operator-recorded offline deposit, in fen: 1 fen to 10,000,000 yuan. */
export const depositInput = z.object({
  amount: z
    .number({ error: 'invalid.amount' })
    .int({ error: 'invalid.amount' })
    .min(1, { error: 'invalid.amount' })
    .max(1_000_000_000, { error: 'invalid.amount' }),
  remark: z.string().trim().min(1, { error: 'invalid.remark' }).max(200, { error: 'invalid.remark' }),
});

export const realNameReviewQuery = pageQuery.extend({ status: z.enum(realNameStatuses).optional() });
export const realNameReviewRow = z.object({
  memberId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  idNumber: z.string(),
  frontImage: z.string(),
  backImage: z.string(),
  status: z.enum(realNameStatuses),
  reason: z.string().nullable(),
  submittedAt: z.number().int().nullable(),
  reviewedAt: z.number().int().nullable(),
});
export const realNameReviewInput = z
  .object({ approve: z.boolean({ error: 'invalid.approve' }), reason: z.string().trim().max(200).optional() })
  .refine((v) => v.approve || (v.reason ?? '').length > 0, { error: 'invalid.reason', path: ['reason'] });

export const smsOutboxRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  scene: z.string(),
  content: z.string(),
  createdAt: z.number().int(),
});
export const smsOutboxQuery = pageQuery.extend({ phone: z.string().trim().max(11).optional() });

export const auditRow = z.object({
  id: z.number().int(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.number().int(),
});
export const auditQuery = pageQuery.extend({
  action: z.string().trim().max(64).optional(),
  operatorId: z.coerce.number().int().positive().optional(),
});

export const reconcileOutput = z.object({
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
});
