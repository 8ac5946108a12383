import { z } from 'zod';
import { phone } from './accounts.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';

export const smsScenes = ['register', 'password', 'trade'] as const;
export type SmsScene = (typeof smsScenes)[number];

/**
 * The text messages the house sends, by template code (a provider's template per code), with
 * their parameters, every one a string as providers take them. The words, in the five
 * locales, are `smsTemplates` in `labels.ts`; members have no stored locale, so texts go out
 * in zh-Hans.
 */
export interface SmsTemplateParams {
  /** A verification code for registering, changing the login password, setting the trade password. */
  CODE_REGISTER: { code: string; minutes: string };
  CODE_PASSWORD: { code: string; minutes: string };
  CODE_TRADE: { code: string; minutes: string };
  /** Someone asked to register with the phone of an account: log in, or reset the password. */
  ACCOUNT_EXISTS: Record<string, never>;
  /** `price` is the lot's current price, formatted (`¥1,200.00`). */
  OUTBID: { title: string; price: string };
  /** `due` is the end of the payment window in China time (`2025-06-01 20:00`). */
  LOT_WON: { title: string; price: string; due: string };
  PAYMENT_DUE: { title: string };
  PICK_SHIPPED: { title: string; carrier: string; trackingNo: string };
  /** A pick-up of several pieces: the first one's title and how many. */
  PICK_SHIPPED_MANY: { title: string; count: string; carrier: string; trackingNo: string };
}
export type SmsTemplateCode = keyof SmsTemplateParams;
/** One text message: its template code and that template's parameters. */
export type SmsText = { [K in SmsTemplateCode]: { template: K; params: SmsTemplateParams[K] } }[SmsTemplateCode];
/** The code template of each scene. */
export const smsCodeTemplates = {
  register: 'CODE_REGISTER',
  password: 'CODE_PASSWORD',
  trade: 'CODE_TRADE',
} as const satisfies Record<SmsScene, SmsTemplateCode>;

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
export type SendOutput = z.infer<typeof sendOutput>;

export const smsOutboxStatuses = ['queued', 'sent', 'failed'] as const;
export type SmsOutboxStatus = (typeof smsOutboxStatuses)[number];
/**
 * A text and its delivery: `queued` while a try is due (after a refusal or a timeout, with
 * the provider's words in `error`), `sent` once the provider accepted it (`providerMessageId`,
 * Aliyun's BizId or Tencent's SerialNo; the outbox provider accepts at once), `failed` after
 * the last try.
 */
export const smsOutboxRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  scene: z.string(),
  content: z.string(),
  createdAt: z.number().int(),
  status: z.enum(smsOutboxStatuses),
  /** `outbox`, `aliyun` or `tencent`. */
  provider: z.string(),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.number().int().nullable(),
  sentAt: z.number().int().nullable(),
});
export type SmsOutboxRow = z.infer<typeof smsOutboxRow>;
export const smsOutboxQuery = pageQuery.extend({
  phone: z.string().trim().max(11).optional(),
  status: z.enum(smsOutboxStatuses, { error: 'invalid.status' }).optional(),
});

export const verificationApi = {
  captcha: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/captcha',
    input: z.object({}),
    output: captchaOutput,
    auth: 'none',
    summary: 'A new picture captcha (SVG data URL).',
  }),
  send: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/send',
    input: sendInput,
    output: sendOutput,
    auth: 'optional',
    summary: 'Send an SMS code after a solved captcha.',
  }),
  adminSmsOutbox: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/sms/outbox',
    input: smsOutboxQuery,
    output: pageOf(smsOutboxRow),
    auth: 'operator',
    roles: ['support'],
    summary:
      'Text messages, newest first, with their delivery through the SMS provider (status, message id, error, tries).',
  }),
};
