import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery, recordIdText } from './envelope.js';

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
export type AuditRow = z.infer<typeof auditRow>;
export const auditQuery = pageQuery.extend({
  action: z.string().trim().max(64).optional(),
  operatorId: recordIdText().optional(),
});

export const auditApi = {
  list: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/audit',
    input: auditQuery,
    output: pageOf(auditRow),
    auth: 'operator',
    roles: ['admin'],
    summary: 'What operators changed, newest first.',
  }),
};
