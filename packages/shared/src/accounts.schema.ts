import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { idParam, pageOf, pageQuery, recordIdText } from './envelope.js';
import { PASSWORD_RE, PHONE_RE, REAL_NAME_RE, SMS_CODE_RE, TRADE_PASSWORD_RE, isValidIdNumber } from './identity.js';

/*
 * Validation messages are keys (`invalid.phone`), not text: the server turns them into
 * zh-Hans or English, the apps into the member's language.
 */
export const phone = z.string({ error: 'invalid.phone' }).trim().regex(PHONE_RE, { error: 'invalid.phone' });
export const password = z.string({ error: 'invalid.password' }).regex(PASSWORD_RE, { error: 'invalid.password' });
export const smsCode = z.string({ error: 'invalid.smsCode' }).trim().regex(SMS_CODE_RE, { error: 'invalid.smsCode' });
export const tradePassword = z
  .string({ error: 'invalid.tradePassword' })
  .regex(TRADE_PASSWORD_RE, { error: 'invalid.tradePassword' });

export const inviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,12}$/, { error: 'invalid.inviteCode' });

export const registerInput = z.object({
  phone,
  smsCode,
  password,
  inviteCode: z.union([inviteCode, z.literal('')]).optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  phone,
  password: z.string({ error: 'invalid.password' }).min(1, { error: 'invalid.password' }).max(64),
});
export type LoginInput = z.infer<typeof loginInput>;

export const sessionOutput = z.object({ token: z.string(), expiresAt: z.number().int() });
export type SessionOutput = z.infer<typeof sessionOutput>;

export const realNameStatuses = ['none', 'pending', 'verified', 'rejected'] as const;
export type RealNameStatus = (typeof realNameStatuses)[number];

export const member = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  vipLevel: z.number().int(),
  inviteCode: z.string(),
  realNameStatus: z.enum(realNameStatuses),
  realNameReason: z.string().optional(),
  realName: z.string().optional(),
  hasTradePassword: z.boolean(),
  balance: z.number().int(),
  frozen: z.number().int(),
  createdAt: z.number().int(),
  /** The member's unread messages (消息); sent by member/info. */
  unreadMessages: z.number().int().optional(),
});
export type Member = z.infer<typeof member>;

export const nickname = z
  .string({ error: 'invalid.nickname' })
  .trim()
  .min(1, { error: 'invalid.nickname' })
  .max(20, { error: 'invalid.nickname' });

export const updateMemberInput = z
  .object({ nickname: nickname.optional(), avatar: z.string().max(512).optional() })
  .refine((v) => v.nickname !== undefined || v.avatar !== undefined, { error: 'invalid.empty' });
export type UpdateMemberInput = z.infer<typeof updateMemberInput>;

export const changePasswordInput = z.object({ smsCode, password });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Forgot password: a guest proves the phone with an SMS code (scene `password`). */
export const resetPasswordInput = z.object({ phone, smsCode, password });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const tradePasswordInput = z.object({ smsCode, tradePassword });
export type TradePasswordInput = z.infer<typeof tradePasswordInput>;
export const tradePasswordOutput = z.object({ hasTradePassword: z.literal(true) });

export const realNameInput = z.object({
  realName: z.string({ error: 'invalid.realName' }).trim().regex(REAL_NAME_RE, { error: 'invalid.realName' }),
  idNumber: z
    .string({ error: 'invalid.idNumber' })
    .trim()
    .toUpperCase()
    .refine(isValidIdNumber, { error: 'invalid.idNumber' }),
  frontImage: z.string({ error: 'invalid.frontImage' }).min(1, { error: 'invalid.frontImage' }).max(512),
  backImage: z.string({ error: 'invalid.backImage' }).min(1, { error: 'invalid.backImage' }).max(512),
});
export type RealNameInput = z.infer<typeof realNameInput>;
export const realNameSubmitOutput = z.object({ realNameStatus: z.literal('pending') });

/** VIP thresholds in fen: level n needs at least thresholds[n] paid in total. */
export const DEFAULT_VIP_THRESHOLDS = [0, 100_000, 1_000_000, 5_000_000, 20_000_000, 100_000_000];
export function vipLevelFor(totalPaid: number, thresholds: readonly number[] = DEFAULT_VIP_THRESHOLDS): number {
  let level = 0;
  thresholds.forEach((t, i) => {
    if (totalPaid >= t) level = i;
  });
  return level;
}

// The operators' side: member administration and real-name review.

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

export const adminMemberDetail = adminMemberRow.extend({
  idNumber: z.string().optional(),
  inviter: z.object({ id: z.number().int(), phone: z.string() }).nullable(),
  teamCount: z.number().int(),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const adminMemberQuery = pageQuery.extend({ keyword: z.string().trim().max(40).optional() });

export const freezeInput = z.object({
  frozen: z.boolean({ error: 'invalid.frozen' }),
  reason: z.string().trim().max(200).default(''),
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
export type RealNameReviewRow = z.infer<typeof realNameReviewRow>;
/**
 * A submission's name and ID number in full, for the reviewer comparing them with the ID
 * photos; every reveal is audited (who, whose, when; never the values).
 */
export const realNameRevealOutput = z.object({ realName: z.string(), idNumber: z.string() });
export type RealNameReveal = z.infer<typeof realNameRevealOutput>;
export const realNameReviewInput = z
  .object({ approve: z.boolean({ error: 'invalid.approve' }), reason: z.string().trim().max(200).optional() })
  .refine((v) => v.approve || (v.reason ?? '').length > 0, { error: 'invalid.reason', path: ['reason'] });

const member_ = { base: '/v1/iyd', auth: 'member' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const accountsApi = {
  register: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/member/register',
    input: registerInput,
    output: sessionOutput,
    auth: 'none',
    summary: 'Register with a phone, an SMS code and a password; returns a session.',
  }),
  login: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/member/login',
    input: loginInput,
    output: sessionOutput,
    auth: 'none',
    summary: 'Log in with phone and password.',
  }),
  logout: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/member/logout',
    input: z.object({}),
    output: z.object({}),
    addition: true,
    summary: 'End this session on the server: its token answers 302 from now on.',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/member/password/reset',
    input: resetPasswordInput,
    output: sessionOutput,
    auth: 'none',
    addition: true,
    summary:
      'Forgot password: set a new login password with the phone and an SMS code (scene password); ' +
      'every session of the member ends and a new one is returned. An unknown phone answers as a wrong code.',
  }),
  info: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/member/info',
    input: z.object({}),
    output: member,
    summary: 'The member, with balance and real-name status.',
  }),
  update: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/member/info',
    input: updateMemberInput,
    output: member,
    summary: 'Change nickname or avatar.',
  }),
  changePassword: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/member/password',
    input: changePasswordInput,
    output: sessionOutput,
    summary: 'Set a new login password with an SMS code; other sessions end.',
  }),
  setTradePassword: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/member/password/trade',
    input: tradePasswordInput,
    output: tradePasswordOutput,
    summary: 'Set or reset the six-digit trade password with an SMS code.',
  }),
  submitRealName: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/member/auth',
    input: realNameInput,
    output: realNameSubmitOutput,
    summary: 'Submit name, ID number and ID card pictures for review.',
  }),
  adminList: defineEndpoint({
    ...admin_,
    roles: ['support', 'finance'],
    method: 'GET',
    path: '/members',
    input: adminMemberQuery,
    output: pageOf(adminMemberRow),
    summary: 'Members, newest first, by phone or nickname.',
  }),
  adminDetail: defineEndpoint({
    ...admin_,
    roles: ['support', 'finance'],
    method: 'GET',
    path: '/members/{id}',
    input: idParam,
    output: adminMemberDetail,
    summary: 'One member with inviter and team size.',
  }),
  adminFreeze: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'POST',
    path: '/members/{id}/freeze',
    input: freezeInput.extend(idParam.shape),
    output: adminMemberRow,
    summary: 'Freeze or unfreeze a member account.',
  }),
  adminRealNameQueue: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'GET',
    path: '/realname',
    input: realNameReviewQuery,
    output: pageOf(realNameReviewRow),
    summary: 'Real-name submissions, by status.',
  }),
  adminRealNameReview: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'POST',
    path: '/realname/{memberId}/review',
    input: realNameReviewInput.safeExtend({ memberId: recordIdText() }),
    output: realNameReviewRow,
    summary: 'Approve or reject a real-name submission (a reason is required to reject).',
  }),
  adminRealNameReveal: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'POST',
    path: '/realname/{memberId}/reveal',
    input: z.object({ memberId: recordIdText() }),
    output: realNameRevealOutput,
    addition: true,
    summary:
      'The name and ID number of a real-name submission in full, for the review (audited on every call; ' +
      '404 when the member has submitted none). Everywhere else they stay masked.',
  }),
};
