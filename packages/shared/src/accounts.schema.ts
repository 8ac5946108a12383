import { z } from 'zod';
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

export const smsScenes = ['register', 'password', 'trade'] as const;
export type SmsScene = (typeof smsScenes)[number];

export const captchaOutput = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaOutput = z.infer<typeof captchaOutput>;

/** `phone` may be left out by a logged-in member for the password and trade scenes: their own is used. */
export const sendInput = z.object({
  phone: phone.optional(),
  scene: z.enum(smsScenes, { error: 'invalid.scene' }),
  captchaId: z.string({ error: 'invalid.captcha' }).min(1, { error: 'invalid.captcha' }).max(64),
  captchaCode: z.string({ error: 'invalid.captcha' }).trim().min(1, { error: 'invalid.captcha' }).max(8),
});
export type SendInput = z.infer<typeof sendInput>;
export const sendOutput = z.object({ expiresIn: z.number().int(), resendIn: z.number().int() });

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

export const tradePasswordInput = z.object({ smsCode, tradePassword });
export type TradePasswordInput = z.infer<typeof tradePasswordInput>;

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

export const uploadPurposes = ['avatar', 'idcard', 'product', 'banner', 'content'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
/** Members may upload these; the rest are the operators'. */
export const memberUploadPurposes = ['avatar', 'idcard'] as const;

export const ossInput = z.object({ purpose: z.enum(memberUploadPurposes, { error: 'invalid.purpose' }) });
export const ossOutput = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  url: z.string(),
  expiresAt: z.number().int(),
  maxBytes: z.number().int(),
});
export type OssOutput = z.infer<typeof ossOutput>;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const ruleOutput = z.object({ id: z.string(), title: z.string(), content: z.string() });
export type Rule = z.infer<typeof ruleOutput>;
export const ruleSlugs = ['agreement', 'privacy', 'auction', 'delegate', 'pick', 'withdraw'] as const;

export const appVersionInput = z.object({
  version: z.string().max(32).default('1.0.0'),
  channel: z.string().max(16).default('App'),
});
export const appVersionOutput = z.object({
  update: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  version: z.string(),
  downloadUrl: z.string(),
  updateContent: z.string(),
});

/** VIP thresholds in fen: level n needs at least thresholds[n] paid in total. */
export const DEFAULT_VIP_THRESHOLDS = [0, 100_000, 1_000_000, 5_000_000, 20_000_000, 100_000_000];
export function vipLevelFor(totalPaid: number, thresholds: readonly number[] = DEFAULT_VIP_THRESHOLDS): number {
  let level = 0;
  thresholds.forEach((t, i) => {
    if (totalPaid >= t) level = i;
  });
  return level;
}
