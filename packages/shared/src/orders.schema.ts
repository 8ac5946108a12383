import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { tradePassword } from './accounts.schema.js';

export const orderStatuses = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderSources = ['mall', 'auction'] as const;

export const orderItem = z.object({
  productId: z.number().int(),
  holdingId: z.number().int().optional(),
  title: z.string(),
  cover: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
});

export const order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  source: z.enum(orderSources),
  status: z.enum(orderStatuses),
  cancelReason: z.string().optional(),
  items: z.array(orderItem),
  goodsAmount: z.number().int(),
  premium: z.number().int(),
  depositApplied: z.number().int(),
  amount: z.number().int(),
  remark: z.string(),
  expiresAt: z.number().int(),
  paidAt: z.number().int().optional(),
  createdAt: z.number().int(),
});
export type Order = z.infer<typeof order>;

export const MAX_ORDER_LINES = 20;
export const MAX_LINE_QUANTITY = 99;

export const createOrderInput = z.object({
  items: z
    .array(
      z.object({
        productId: z.number({ error: 'invalid.productId' }).int().positive({ error: 'invalid.productId' }),
        quantity: z
          .number({ error: 'invalid.quantity' })
          .int({ error: 'invalid.quantity' })
          .min(1, { error: 'invalid.quantity' })
          .max(MAX_LINE_QUANTITY, { error: 'invalid.quantity' }),
      }),
    )
    .min(1, { error: 'invalid.items' })
    .max(MAX_ORDER_LINES, { error: 'invalid.items' })
    .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, { error: 'invalid.items' }),
  remark: z.string().trim().max(140, { error: 'invalid.remark' }).optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderInput>;

export const orderListQuery = pageQuery.extend({
  status: z.enum(orderStatuses, { error: 'invalid.status' }).optional(),
  source: z.enum(orderSources, { error: 'invalid.source' }).optional(),
});

export const confirmOrderInput = z.object({
  id: z.number({ error: 'invalid.id' }).int().positive({ error: 'invalid.id' }),
  tradePassword,
});

export const adminOrderQuery = orderListQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  memberId: z.coerce.number().int().positive().optional(),
});
export const adminOrder = order.extend({ memberId: z.number().int(), memberPhone: z.string() });

export const holdingStatuses = ['held', 'delegated', 'picking', 'shipped', 'received'] as const;

export const holdingSources = ['mall', 'auction', 'house'] as const;
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
