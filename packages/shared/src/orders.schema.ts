import { z } from 'zod';
import { tradePassword } from './accounts.schema.js';
import { defineEndpoint } from './endpoint.js';
import { exportRange, idParam, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-limits.js';

export const orderStatuses = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderSources = ['mall', 'auction'] as const;
export type OrderSource = (typeof orderSources)[number];

/** Why an order was cancelled, stored as a code that each locale translates (labels.ts). */
export const orderCancelReasons = ['PAYMENT_TIMEOUT', 'MEMBER_CANCELLED'] as const;
export type OrderCancelReason = (typeof orderCancelReasons)[number];

export const orderItem = z.object({
  /** The catalogue product; null only on an auction line of the house's own piece. */
  productId: z.number().int().nullable(),
  holdingId: z.number().int().optional(),
  title: z.string(),
  cover: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const order = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  source: z.enum(orderSources),
  status: z.enum(orderStatuses),
  cancelReason: z.enum(orderCancelReasons).optional(),
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

export { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-limits.js';

export const createOrderInput = z.object({
  items: z
    .array(
      z.object({
        productId: recordId('invalid.productId'),
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

export const cancelOrderInput = z.object({ id: recordId() });

export const orderListQuery = pageQuery.extend({
  status: z.enum(orderStatuses, { error: 'invalid.status' }).optional(),
  source: z.enum(orderSources, { error: 'invalid.source' }).optional(),
});

export const confirmOrderInput = z.object({
  id: recordId(),
  tradePassword,
});

export const adminOrderQuery = orderListQuery.extend({
  keyword: z.string().trim().max(40).optional(),
  memberId: recordIdText().optional(),
});
export const adminOrder = order.extend({ memberId: z.number().int(), memberPhone: z.string() });
export type AdminOrder = z.infer<typeof adminOrder>;

export const orderExportQuery = z.object({ status: z.enum(orderStatuses).optional(), ...exportRange });

const member_ = { base: '/v1/iyd', auth: 'member' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const ordersApi = {
  create: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/order/create',
    input: createOrderInput,
    output: order,
    idempotent: true,
    summary: 'Place a mall order; reserves stock until it is paid or expires.',
  }),
  list: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/order/list',
    input: orderListQuery,
    output: pageOf(order),
    summary: 'The member’s orders, newest first.',
  }),
  info: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/order/info',
    input: idParam,
    output: order,
    summary: 'One order of the member.',
  }),
  confirm: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/order/confirm',
    input: confirmOrderInput,
    output: order,
    idempotent: true,
    summary: 'Pay from the balance with the trade password; paying a paid order returns it.',
  }),
  cancel: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/order/cancel',
    input: cancelOrderInput,
    output: order,
    addition: true,
    summary:
      'Cancel one of the member’s pending mall orders (reason MEMBER_CANCELLED); its stock is released at once. Cancelling a cancelled order returns it.',
  }),
  adminList: defineEndpoint({
    ...admin_,
    roles: ['operator', 'finance', 'support'],
    method: 'GET',
    path: '/orders',
    input: adminOrderQuery,
    output: pageOf(adminOrder),
    summary: 'Orders of every member, newest first.',
  }),
  adminInfo: defineEndpoint({
    ...admin_,
    roles: ['operator', 'finance', 'support'],
    method: 'GET',
    path: '/orders/{id}',
    input: idParam,
    output: adminOrder,
    summary: 'One order.',
  }),
  adminExport: defineEndpoint({
    ...admin_,
    roles: ['finance'],
    method: 'GET',
    path: '/export/orders',
    input: orderExportQuery,
    output: z.string(),
    file: true,
    summary: 'CSV of orders with their lines (UTF-8 with BOM), at most 100,000 rows.',
  }),
};
