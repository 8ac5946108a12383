import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { idParam } from './envelope.js';
import { captchaOutput } from './verification.schema.js';

export const operatorRoles = ['admin', 'operator', 'finance', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * After a few failed sign-ins of a username, its sign-in needs a solved image captcha
 * (`CAPTCHA_REQUIRED`); the console then sends `captchaId` and `captchaCode` with it.
 */
export const operatorLoginInput = z
  .object({
    username: z.string({ error: 'invalid.username' }).trim().min(1, { error: 'invalid.username' }).max(32),
    password: z.string({ error: 'invalid.password' }).min(1, { error: 'invalid.password' }).max(64),
    captchaId: z.string({ error: 'invalid.captcha' }).min(1, { error: 'invalid.captcha' }).max(64).optional(),
    captchaCode: z.string({ error: 'invalid.captcha' }).trim().min(1, { error: 'invalid.captcha' }).max(8).optional(),
  })
  .refine((v) => (v.captchaId === undefined) === (v.captchaCode === undefined), {
    path: ['captchaCode'],
    error: 'invalid.captcha',
  });
export type OperatorLoginInput = z.infer<typeof operatorLoginInput>;
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
    .min(3, { error: 'invalid.username' })
    .max(32, { error: 'invalid.username' })
    .regex(/^[a-z][a-z0-9_]*$/, { error: 'invalid.username' }),
  password: z.string({ error: 'invalid.password' }).min(10, { error: 'invalid.operatorPassword' }).max(64),
  role: z.enum(operatorRoles, { error: 'invalid.role' }),
});
export const operatorUpdateInput = z
  .object({
    role: z.enum(operatorRoles, { error: 'invalid.role' }).optional(),
    disabled: z.boolean().optional(),
    password: z.string().min(10, { error: 'invalid.operatorPassword' }).max(64).optional(),
  })
  .refine((v) => v.role !== undefined || v.disabled !== undefined || v.password !== undefined, {
    error: 'invalid.empty',
  });

const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const operatorsApi = {
  captcha: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/captcha',
    input: z.object({}),
    output: captchaOutput,
    auth: 'none',
    addition: true,
    summary: 'A picture captcha for the sign-in of a username that failed a few times (SVG data URL).',
  }),
  login: defineEndpoint({
    method: 'POST',
    base: '/v1/admin',
    path: '/login',
    input: operatorLoginInput,
    output: operatorLoginOutput,
    auth: 'none',
    summary: 'An operator logs in with username and password.',
  }),
  me: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/me',
    input: z.object({}),
    output: operator,
    summary: 'The operator behind the token.',
  }),
  logout: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/logout',
    input: z.object({}),
    output: z.null(),
    summary: 'End the operator’s session.',
  }),
  list: defineEndpoint({
    ...admin_,
    roles: ['admin'],
    method: 'GET',
    path: '/operators',
    input: z.object({}),
    output: z.array(operator),
    summary: 'Every operator account.',
  }),
  create: defineEndpoint({
    ...admin_,
    roles: ['admin'],
    method: 'POST',
    path: '/operators',
    input: operatorCreateInput,
    output: operator,
    summary: 'Add an operator account.',
  }),
  update: defineEndpoint({
    ...admin_,
    roles: ['admin'],
    method: 'PUT',
    path: '/operators/{id}',
    input: operatorUpdateInput.safeExtend(idParam.shape),
    output: operator,
    summary: 'Change an operator’s role, password or access.',
  }),
};
