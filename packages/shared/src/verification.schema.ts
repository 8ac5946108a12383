import { z } from 'zod';
import { phone } from './accounts.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';

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
export type SendOutput = z.infer<typeof sendOutput>;

export const smsOutboxRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  scene: z.string(),
  content: z.string(),
  createdAt: z.number().int(),
});
export type SmsOutboxRow = z.infer<typeof smsOutboxRow>;
export const smsOutboxQuery = pageQuery.extend({ phone: z.string().trim().max(11).optional() });

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
    summary: 'Text messages sent (the embedded SMS outbox), newest first.',
  }),
};
