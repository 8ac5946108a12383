import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';

export const holdingStatuses = ['held', 'delegated', 'picking', 'shipped', 'received'] as const;
export type HoldingStatus = (typeof holdingStatuses)[number];

export const holdingSources = ['mall', 'auction', 'house'] as const;
export type HoldingSource = (typeof holdingSources)[number];

export const holding = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  title: z.string(),
  cover: z.string(),
  acquiredPrice: z.number().int(),
  acquiredAt: z.number().int(),
  source: z.enum(holdingSources),
  status: z.enum(holdingStatuses),
  orderId: z.number().int().nullable(),
});
export type Holding = z.infer<typeof holding>;

export const pickListQuery = pageQuery.extend({
  status: z.enum(holdingStatuses, { error: 'invalid.status' }).optional(),
});

export const custodyApi = {
  list: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/pick/list',
    input: pickListQuery,
    output: pageOf(holding),
    auth: 'member',
    summary: 'The pieces the house keeps for the member, by status.',
  }),
};
