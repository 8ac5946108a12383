import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const ruleOutput = z.object({ id: z.string(), title: z.string(), content: z.string() });
export type Rule = z.infer<typeof ruleOutput>;
export const ruleSlugs = ['agreement', 'privacy', 'auction', 'delegate', 'pick', 'withdraw'] as const;
export const ruleQuery = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, { error: 'invalid.id' }),
});

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
export type AppVersionOutput = z.infer<typeof appVersionOutput>;

export const contentApi = {
  rule: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/rule',
    input: ruleQuery,
    output: ruleOutput,
    auth: 'none',
    summary: 'A rule text (agreement, privacy, auction, …) as sanitised HTML.',
  }),
  appVersion: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/index',
    input: appVersionInput,
    output: appVersionOutput,
    auth: 'none',
    summary: 'The update check, called with version and channel.',
  }),
};
